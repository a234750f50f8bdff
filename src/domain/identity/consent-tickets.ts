import { createHmac } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import { constantTimeEqual } from '../../auth/tokens.js';
import type { ValidAuthorization } from './authorization-codes.js';

const TICKET_LIFETIME_MS = 10 * 60_000;
const TICKET = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

/**
 * Proof that the user typed the right password a moment ago, carried by the consent page's project
 * step so a user with several projects types the password once. Stateless, so any replica can
 * redeem it: an HMAC keyed with the user's stored password hash (a server-side secret that changes
 * with the password) over the user, the expiry and the authorization request, so it approves only
 * that request, for ten minutes. It travels in the page like the password did, never in a cookie,
 * so a cross-site form post still cannot approve anything.
 */
export class ConsentTickets {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async issue(user: UserRecord, request: ValidAuthorization): Promise<string | null> {
    const key = await this.store.userPasswords.find(user.id);
    if (!key) return null;
    const expires = String(this.clock.now().getTime() + TICKET_LIFETIME_MS);
    return `${user.id}.${expires}.${mac(key, user.id, expires, request)}`;
  }

  /** The user the ticket proves, or null when it is malformed, expired, for another request or stale. */
  async redeem(ticket: string, request: ValidAuthorization): Promise<UserRecord | null> {
    const parts = TICKET.exec(ticket);
    if (!parts) return null;
    const [, userId, expires, given] = parts;
    if (Number(expires) <= this.clock.now().getTime()) return null;
    const key = await this.store.userPasswords.find(userId);
    if (!key || !constantTimeEqual(given, mac(key, userId, expires, request))) return null;
    return this.store.users.findById(userId);
  }
}

function mac(key: string, userId: string, expires: string, request: ValidAuthorization): string {
  // JSON keeps field boundaries unambiguous (a state containing a separator cannot shift them).
  const bound = JSON.stringify([userId, expires, request.client.id, request.redirectUri, request.scopes, request.state ?? null, request.codeChallenge, request.resource]);
  return createHmac('sha256', key).update(bound).digest('base64url');
}
