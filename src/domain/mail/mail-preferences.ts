import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { NOTIFICATION_MAIL_KINDS, type NotificationMailKind } from './mail-kinds.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

/** Whether the user gets each kind of notification mail (true unless they unsubscribed). */
export type EmailPreferences = Record<NotificationMailKind, boolean>;

/**
 * A user's email preferences: which kinds of notification mail they receive. Stored as the kinds
 * turned off, so a new kind is on for everyone until they turn it off. Invitations and password
 * links are not preferences: they are sent whenever someone asks for them.
 */
export class MailPreferenceService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly links: UnsubscribeLinks,
  ) {}

  async get(userId: string): Promise<EmailPreferences> {
    const off = new Set(await this.store.mailPreferences.unsubscribed(userId));
    return Object.fromEntries(NOTIFICATION_MAIL_KINDS.map((kind) => [kind, !off.has(kind)])) as EmailPreferences;
  }

  async update(userId: string, changes: Partial<EmailPreferences>): Promise<EmailPreferences> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as [NotificationMailKind, boolean][];
    if (entries.length === 0) throw problems.validation('Send at least one preference to change.', [{ code: 'empty', message: 'no field to change', path: '/body' }]);
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      for (const [kind, receive] of entries) await tx.mailPreferences.set(userId, kind, !receive, now);
    });
    return this.get(userId);
  }

  /** What an unsubscribe token names, for the confirm page; null when it is not a valid token. */
  async preview(token: string): Promise<{ email: string; kind: NotificationMailKind } | null> {
    const named = this.links.verify(token);
    const user = named ? await this.store.users.findById(named.userId) : null;
    return named && user ? { email: user.email, kind: named.kind } : null;
  }

  /** Turns the token's kind off for its user (again is fine); null when the token is not valid. */
  async unsubscribe(token: string): Promise<{ email: string; kind: NotificationMailKind } | null> {
    const found = await this.preview(token);
    if (!found) return null;
    await this.store.mailPreferences.set(this.links.verify(token)!.userId, found.kind, true, this.clock.now());
    return found;
  }
}
