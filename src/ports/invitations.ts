import type { OrganizationRole } from './organizations.js';

export interface InvitationRecord {
  id: string;
  organizationId: string;
  email: string;
  role: OrganizationRole;
  invitedByUserId: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface InvitationRepository {
  create(input: InvitationRecord & { tokenHash: string }): Promise<InvitationRecord>;
  findByHash(tokenHash: string): Promise<InvitationRecord | null>;
  findById(organizationId: string, id: string): Promise<InvitationRecord | null>;
  /** Open invitations (not accepted, not revoked, not expired at `now`), newest first. */
  listOpen(organizationId: string, now: Date): Promise<InvitationRecord[]>;
  /** Closes an open invitation; false when it was no longer open. */
  markAccepted(id: string, now: Date): Promise<boolean>;
  revoke(id: string, now: Date): Promise<boolean>;
}
