import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { ProjectRole } from '../../auth/roles.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.js';
import type { UserRecord } from '../../ports/users.js';
import type { ProjectRecord } from '../../ports/projects.js';
import { projectsOfUser } from './user-projects.js';

/** Provisioning of what identity adds to users: consent passwords and project roles. */
export class IdentityProvisioning {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Sets the password a user enters on the OAuth consent and device-verification pages (scrypt-hashed). */
  async setPassword(userId: string, password: string): Promise<void> {
    if (password.length < 8) throw new Error('A password needs at least 8 characters.');
    await this.store.userPasswords.set(userId, await hashPassword(password), this.clock.now());
  }

  /**
   * The user with this email when the password matches; null otherwise (unknown user, no password,
   * mismatch). Every path hashes once at the current cost, so timing does not reveal accounts.
   */
  async verifyCredentials(email: string, password: string): Promise<UserRecord | null> {
    const user = await this.store.users.findByEmail(email.trim().toLowerCase());
    const stored = user ? await this.store.userPasswords.find(user.id) : null;
    if (!user || !stored) return verifyAgainstDecoy(password).then(() => null);
    return (await verifyPassword(password, stored)) ? user : null;
  }

  /** The projects the user may work in (the MCP consent page's choices). */
  projectsOf(userId: string): Promise<ProjectRecord[]> {
    return projectsOfUser(this.store, userId);
  }

  setProjectRole(projectId: string, userId: string, role: ProjectRole): Promise<void> {
    return this.store.projectMembers.setRole({ projectId, userId, role, now: this.clock.now() });
  }
}
