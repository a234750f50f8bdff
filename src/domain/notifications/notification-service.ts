import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems, ProblemError } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { FixCommentRecord, FixRecord } from '../../ports/fixes.js';
import type { NotificationRecord, NotificationSettingsRecord } from '../../ports/notifications.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { EventPublisher, EventType } from '../events/event-publisher.js';
import { keysetPage } from '../keyset-page.js';
import { parseMentions } from './mentions.js';
import { isTimeZone, withDefaults } from './notification-settings.js';

/** A notification: one webhook event for the project, and one stored notification per recipient. */
export interface Announcement {
  type: Extract<EventType, `notification.${string}`>;
  projectId: string;
  title: string;
  data: Record<string, unknown>;
  /** Users told in the product (listed by `listNotifications`); may be empty. */
  userIds: readonly string[];
}

export type SettingsChanges = Partial<Omit<NotificationSettingsRecord, 'projectId' | 'updatedAt'>>;

/** The user id behind an actor string (`user:<id>`), if it is one. */
export const userIdOfActor = (actor: string | null): string | null => (actor?.startsWith('user:') ? actor.slice('user:'.length) : null);

/**
 * Notifications: `announce` runs inside the caller's transaction, so the webhook deliveries and the
 * stored notifications exist exactly when the change that caused them commits.
 */
export class NotificationService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly cursors: CursorCodec,
  ) {}

  async announce(tx: Store, announcement: Announcement): Promise<void> {
    const now = this.clock.now();
    const userIds = [...new Set(announcement.userIds)];
    await this.events.publish(tx, { type: announcement.type, projectId: announcement.projectId, occurredAt: now, data: { title: announcement.title, ...announcement.data, recipientUserIds: userIds } });
    await tx.notifications.insert(
      userIds.map((userId) => ({ id: randomUUID(), projectId: announcement.projectId, userId, type: announcement.type, title: announcement.title, data: announcement.data, readAt: null, createdAt: now })),
    );
  }

  /** `notification.mention` for the members a fix comment names with `@`, in the comment's transaction. */
  async announceMentions(tx: Store, fix: FixRecord, comment: FixCommentRecord): Promise<string[]> {
    const members = await tx.notifications.recipients(fix.projectId);
    const authorId = userIdOfActor(comment.author);
    const mentioned = parseMentions(comment.text, members).filter((id) => id !== authorId);
    if (mentioned.length === 0) return [];
    await this.announce(tx, {
      type: 'notification.mention',
      projectId: fix.projectId,
      title: `You were mentioned on the fix "${fix.title}"`,
      data: { fixId: fix.id, commentId: comment.id, author: comment.author, text: comment.text, mentionedUserIds: mentioned },
      userIds: mentioned,
    });
    return mentioned;
  }

  async list(
    userId: string | null,
    projectId: string,
    request: { limit: number; cursor?: string; unreadOnly: boolean },
    binding: CursorBinding,
  ): Promise<{ notifications: NotificationRecord[]; unreadCount: number; page: Page }> {
    const user = this.requireUser(userId);
    const { items, page } = await keysetPage(this.cursors, binding, request, (after, limit) => this.store.notifications.listForUser(user, projectId, request.unreadOnly, after, limit));
    return { notifications: items, unreadCount: await this.store.notifications.countUnread(user, projectId), page };
  }

  async markRead(userId: string | null, projectId: string, id: string): Promise<NotificationRecord> {
    const user = this.requireUser(userId);
    return this.store.transaction(async (tx) => {
      const found = isUuid(id) ? await tx.notifications.findForUser(user, projectId, id) : null;
      if (!found) throw problems.notFound('The notification');
      await tx.notifications.markRead(user, projectId, found.id, this.clock.now());
      return (await tx.notifications.findForUser(user, projectId, found.id))!;
    });
  }

  async markAllRead(userId: string | null, projectId: string): Promise<number> {
    return this.store.notifications.markAllRead(this.requireUser(userId), projectId, this.clock.now());
  }

  async settings(projectId: string): Promise<NotificationSettingsRecord> {
    return withDefaults(projectId, await this.store.notifications.settings(projectId));
  }

  async updateSettings(projectId: string, changes: SettingsChanges): Promise<NotificationSettingsRecord> {
    if (changes.timezone !== undefined && !isTimeZone(changes.timezone)) {
      throw problems.validation('timezone must be an IANA time zone such as Europe/Berlin.', [{ code: 'invalid_time_zone', message: 'unknown time zone', path: '/body/timezone' }]);
    }
    return this.store.transaction(async (tx) => {
      const current = withDefaults(projectId, await tx.notifications.settings(projectId));
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const next: NotificationSettingsRecord = { ...current, ...defined, projectId, updatedAt: this.clock.now() };
      await tx.notifications.saveSettings(next);
      return next;
    });
  }

  private requireUser(userId: string | null): string {
    if (!userId) throw new ProblemError(403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED', 'Notifications belong to a user; this credential acts for none.');
    return userId;
  }
}
