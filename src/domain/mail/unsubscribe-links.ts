import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationMailKind, type NotificationMailKind } from './mail-kinds.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One-click unsubscribe links (RFC 8058): the token names the user and the kind of mail and is
 * signed with the server secret, so a link works without signing in and cannot be made for
 * someone else. It does not expire: a mail read months later must still unsubscribe.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly secret: string,
    private readonly publicBaseUrl: string,
  ) {}

  url(userId: string, kind: NotificationMailKind): string {
    return `${this.publicBaseUrl}/mail/unsubscribe?token=${encodeURIComponent(this.token(userId, kind))}`;
  }

  token(userId: string, kind: NotificationMailKind): string {
    return `${userId}.${kind}.${this.signature(userId, kind)}`;
  }

  /** The user and kind a token names; null for a malformed or forged one. */
  verify(token: string): { userId: string; kind: NotificationMailKind } | null {
    const [userId, kind, signature, ...rest] = token.split('.');
    if (rest.length > 0 || !userId || !kind || !signature || !UUID.test(userId) || !isNotificationMailKind(kind)) return null;
    const expected = Buffer.from(this.signature(userId, kind));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
  }

  private signature(userId: string, kind: string): string {
    return createHmac('sha256', this.secret).update(`mail-unsubscribe\u0000${userId}\u0000${kind}`).digest('base64url');
  }
}
