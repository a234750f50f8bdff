export type AccountLinkPurpose = 'setup' | 'reset';

/** A one-time, expiring link that lets a user set a password (first run, reset); stored as a hash. */
export interface AccountLinkRecord {
  id: string;
  userId: string;
  purpose: AccountLinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface AccountLinkRepository {
  create(input: AccountLinkRecord & { tokenHash: string }): Promise<void>;
  findByHash(tokenHash: string): Promise<AccountLinkRecord | null>;
  /** Uses the link once; false when it was already used. */
  markUsed(id: string, now: Date): Promise<boolean>;
  /** Ends every unused link of the user (a new link replaces the old ones). */
  expireAllOf(userId: string, now: Date): Promise<void>;
}
