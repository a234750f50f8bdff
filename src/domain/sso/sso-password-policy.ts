import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';

export type PasswordVerdict = { allowed: true } | { allowed: false; message: string };

/**
 * "Require SSO": a password sign-in of a member of an organization that requires single sign-on is
 * refused (the session would reach that organization). An owner of every such organization keeps a
 * break-glass password path — a broken identity provider must not lock the organization out — and
 * each use is written to those organizations' audit logs as `sso.break_glass_sign_in`.
 */
export class SsoPasswordPolicy {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async check(user: UserRecord, via: 'console' | 'device'): Promise<PasswordVerdict> {
    const memberships = await this.store.organizations.membershipsOf(user.id);
    const requiring = await this.store.sso.requiringSso(memberships.map((membership) => membership.organizationId));
    if (requiring.length === 0) return { allowed: true };
    const roles = new Map(memberships.map((membership) => [membership.organizationId, membership.role]));
    if (requiring.some((connection) => roles.get(connection.organizationId) !== 'owner')) {
      return { allowed: false, message: 'Your organization requires single sign-on: use "Continue with SSO" with your work email instead of a password.' };
    }
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      for (const connection of requiring) {
        await tx.auditEvents.insert({
          id: randomUUID(),
          organizationId: connection.organizationId,
          projectId: null,
          actorKind: 'sign_in',
          actorCredentialId: 'password',
          actorUserId: user.id,
          action: 'sso.break_glass_sign_in',
          targetType: 'user',
          targetId: user.id,
          requestId: null,
          details: { via },
          createdAt: now,
        });
      }
    });
    return { allowed: true };
  }
}
