import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { hashToken, issueToken } from '../../auth/tokens.js';
import { ProblemError, problems } from '../../errors.js';
import type { InvitationRecord } from '../../ports/invitations.js';
import type { OrganizationRecord, OrganizationRole } from '../../ports/organizations.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import { checkPassword } from './account-links.js';
import { organizationAuthority } from './organization-authority.js';
import type { ProductMail } from '../mail/product-mail.js';

export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface IssuedInvitation {
  invitation: InvitationRecord;
  /** The acceptance link, returned to the inviter to pass on (mailed as well when SMTP is configured). */
  url: string;
  /** Whether the link was mailed to the invitee (queued with the invitation). */
  mailed: boolean;
}

/** Invitations into an organization with a role; accepting one creates the user or adds the membership. */
export class InvitationService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
    /** Null when no SMTP server is configured: the link is only returned. */
    private readonly mail: ProductMail | null = null,
  ) {}

  async invite(organizationId: string, actor: Principal, input: { email: string; role: OrganizationRole }): Promise<IssuedInvitation> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 320) throw problems.validation('The email is invalid.', [{ code: 'format', message: 'must be an email address', path: '/body/email' }]);
    const authority = await organizationAuthority(this.store, actor, organizationId);
    if (input.role === 'owner' && authority !== 'owner') throw ownerOnly();
    const existing = await this.store.users.findByEmail(email);
    if (existing && (await this.store.organizations.findMemberRole(organizationId, existing.id))) {
      throw problems.conflict('PUBLIC_API_ALREADY_MEMBER', `${email} is already a member of the organization.`);
    }
    const token = issueToken('invitation');
    const now = this.clock.now();
    const url = `${this.publicBaseUrl}/account/invitation?token=${encodeURIComponent(token)}`;
    return this.store.transaction(async (tx) => {
      const invitation = await tx.invitations.create({
        id: randomUUID(),
        tokenHash: hashToken(token),
        organizationId,
        email,
        role: input.role,
        invitedByUserId: actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        acceptedAt: null,
        revokedAt: null,
        createdAt: now,
      });
      if (this.mail) {
        const organization = await tx.organizations.findById(organizationId);
        await this.mail.invitation(tx, { email, organizationName: organization?.name ?? 'Tracewell', role: input.role, inviterUserId: actor.userId, url, expiresAt: invitation.expiresAt });
      }
      return { invitation, url, mailed: this.mail !== null };
    });
  }

  /** Needs organization reach, as inviting and revoking do: the invitees' addresses are the organization's. */
  async list(organizationId: string, actor: Principal): Promise<InvitationRecord[]> {
    await organizationAuthority(this.store, actor, organizationId);
    return this.store.invitations.listOpen(organizationId, this.clock.now());
  }

  async revoke(organizationId: string, actor: Principal, invitationId: string): Promise<InvitationRecord> {
    const invitation = await this.store.invitations.findById(organizationId, invitationId);
    if (!invitation) throw problems.notFound('The invitation');
    await organizationAuthority(this.store, actor, organizationId);
    if (!(await this.store.invitations.revoke(invitation.id, this.clock.now()))) {
      throw problems.conflict('PUBLIC_API_INVITATION_CLOSED', 'The invitation was already accepted or revoked.');
    }
    return (await this.store.invitations.findById(organizationId, invitationId))!;
  }

  /** An open invitation and its organization; null when unknown, accepted, revoked or expired. */
  async preview(token: string): Promise<{ invitation: InvitationRecord; organization: OrganizationRecord; existingUser: boolean } | null> {
    const invitation = await this.store.invitations.findByHash(hashToken(token));
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    const organization = await this.store.organizations.findById(invitation.organizationId);
    if (!organization) return null;
    const user = await this.store.users.findByEmail(invitation.email);
    return { invitation, organization, existingUser: Boolean(user && (await this.store.userPasswords.find(user.id))) };
  }

  /**
   * Accepts: a new user is created with the name and password given; an existing user with a
   * password proves it with that password (the link alone must not take over an account).
   * Null when the invitation is no longer open.
   */
  async accept(token: string, input: { name?: unknown; password: unknown }): Promise<UserRecord | null> {
    const password = checkPassword(input.password);
    const found = await this.preview(token);
    if (!found) return null;
    const { invitation } = found;
    const existing = await this.store.users.findByEmail(invitation.email);
    const stored = existing ? await this.store.userPasswords.find(existing.id) : null;
    if (stored && !(await verifyPassword(password, stored))) {
      throw new ProblemError(401, 'PUBLIC_API_INVALID_CREDENTIAL', 'This email already has an account: enter its password to accept.');
    }
    const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 255) : invitation.email.split('@')[0];
    const passwordHash = stored ? null : await hashPassword(password);
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      if (!(await tx.invitations.markAccepted(invitation.id, now))) return null;
      const user = existing ?? (await tx.users.create({ id: randomUUID(), email: invitation.email, name, now }));
      if (passwordHash) await tx.userPasswords.set(user.id, passwordHash, now);
      if (!(await tx.organizations.findMemberRole(invitation.organizationId, user.id))) {
        await tx.organizations.addMember({ organizationId: invitation.organizationId, userId: user.id, role: invitation.role, now });
      }
      return user;
    });
  }
}

export const ownerOnly = (): ProblemError => new ProblemError(403, 'PUBLIC_API_OWNER_REQUIRED', 'Only an owner of the organization may grant or take away ownership.');
