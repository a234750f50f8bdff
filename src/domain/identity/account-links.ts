import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { hashToken, issueToken } from '../../auth/tokens.js';
import { hashPassword } from '../../auth/passwords.js';
import type { AccountLinkPurpose } from '../../ports/account-links.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import { problems } from '../../errors.js';
import type { ProductMail } from '../mail/product-mail.js';

/** How long a link stays valid: a first-run setup link a day, a reset link an hour. */
export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = { setup: 24 * 3600_000, reset: 3600_000 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

export interface IssuedLink {
  url: string;
  expiresAt: Date;
  /** The address a reset link was mailed to (queued with the link); null when the service sends no mail. */
  mailedTo: string | null;
}

/** A password's length rule, shared by setup, reset and invitation acceptance. */
export function checkPassword(password: unknown, path = '/body/password'): string {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw problems.validation('The password is invalid; see errors.', [{ code: 'length', message: `must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, path }]);
  }
  return password;
}

/**
 * One-time, expiring links that let a user set a password: the first-run setup link and the
 * operator's reset link. Issuing a link ends the user's earlier ones; a link works once.
 */
export class AccountLinks {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
    /** Null when no SMTP server is configured: the link is only returned. */
    private readonly mail: ProductMail | null = null,
  ) {}

  /** A new link for the user; a reset link is also mailed to them when the service sends mail. */
  async issue(userId: string, purpose: AccountLinkPurpose, baseUrl = this.publicBaseUrl): Promise<IssuedLink> {
    const token = issueToken('accountLink');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
    const url = `${baseUrl}/account/password?token=${encodeURIComponent(token)}`;
    const mailedTo = await this.store.transaction(async (tx) => {
      await tx.accountLinks.expireAllOf(userId, now);
      await tx.accountLinks.create({ id: randomUUID(), tokenHash: hashToken(token), userId, purpose, expiresAt, usedAt: null, createdAt: now });
      // The first-run setup link is printed at start for the operator who is there; a reset goes to the user.
      const user = this.mail && purpose === 'reset' ? await tx.users.findById(userId) : null;
      if (!user || !this.mail) return null;
      await this.mail.passwordLink(tx, user, { url, expiresAt, purpose });
      return user.email;
    });
    return { url, expiresAt, mailedTo };
  }

  /** The user a live link is for; null when the link is unknown, used or expired. */
  async preview(token: string): Promise<{ user: UserRecord; purpose: AccountLinkPurpose } | null> {
    const link = await this.store.accountLinks.findByHash(hashToken(token));
    if (!link || link.usedAt || link.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    const user = await this.store.users.findById(link.userId);
    return user ? { user, purpose: link.purpose } : null;
  }

  /** Sets the password through the link and uses it up; null when the link is no longer live. */
  async redeem(token: string, password: unknown): Promise<UserRecord | null> {
    const checked = checkPassword(password);
    const found = await this.preview(token);
    if (!found) return null;
    const passwordHash = await hashPassword(checked);
    return this.store.transaction(async (tx) => {
      const link = await tx.accountLinks.findByHash(hashToken(token));
      if (!link || !(await tx.accountLinks.markUsed(link.id, this.clock.now()))) return null;
      await tx.userPasswords.set(link.userId, passwordHash, this.clock.now());
      return found.user;
    });
  }
}
