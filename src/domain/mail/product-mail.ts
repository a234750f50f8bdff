import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { MailKind, MailQueue, OutgoingMailRecord } from '../../ports/mail-outbox.js';
import type { UserRecord } from '../../ports/users.js';
import type { DomainEvent } from '../events/event-publisher.js';
import type { MailContent } from './mail-layout.js';
import type { NotificationMailKind } from './mail-kinds.js';
import {
  annotationAssignedMail,
  annotationBatchMail,
  annotationDeadlineMail,
  approvalOutcomeMail,
  approvalRequestedMail,
  digestMail,
  invitationMail,
  mentionMail,
  passwordLinkMail,
  type ConsoleLinks,
  type DeadlineNotice,
  type DigestMailSummary,
} from './mail-templates.js';
import type { UnsubscribeLinks } from './unsubscribe-links.js';

type Data = Record<string, unknown>;
const str = (data: Data, key: string): string => (typeof data[key] === 'string' ? (data[key] as string) : '');
const strOrNull = (data: Data, key: string): string | null => (typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : null);
const num = (data: Data, key: string): number => (typeof data[key] === 'number' ? (data[key] as number) : 0);
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const DEADLINE_NOTICES: Record<string, DeadlineNotice> = {
  'notify.eval_reminder': 'reminder',
  'notify.eval_deadline_approaching': 'approaching',
  'notify.eval_deadline_passed': 'passed',
};
const OUTCOMES: Record<string, 'approved' | 'rejected' | 'expired'> = {
  'notification.approval_approved': 'approved',
  'notification.approval_rejected': 'rejected',
  'notification.approval_expired': 'expired',
};

/**
 * The mail the product sends, queued in the caller's transaction (the mail outbox) so a message
 * exists exactly when the change that causes it commits; the mail worker delivers it. Built only
 * when SMTP is configured: without it nothing is queued and links are shown as before.
 * Notification mail skips users who unsubscribed from its kind; invitations and password links
 * are transactional and always sent.
 */
export class ProductMail {
  private readonly links: ConsoleLinks;

  constructor(
    private readonly clock: Clock,
    publicBaseUrl: string,
    private readonly unsubscribeLinks: UnsubscribeLinks,
  ) {
    this.links = { base: publicBaseUrl, unsubscribe: () => '' };
  }

  /** The acceptance link, to the invitee. */
  async invitation(tx: MailQueue, input: { email: string; organizationName: string; role: string; inviterUserId: string | null; url: string; expiresAt: Date }): Promise<void> {
    const inviter = input.inviterUserId ? await tx.users.findById(input.inviterUserId) : null;
    const content = invitationMail({ organizationName: input.organizationName, role: input.role, inviterName: inviter?.name ?? null, url: input.url, expiresAt: input.expiresAt });
    await tx.mailOutbox.enqueue([this.record('invitation', input.email, null, content, {})]);
  }

  /** A setup or reset link, to the user whose password it sets. */
  async passwordLink(tx: MailQueue, user: UserRecord, link: { url: string; expiresAt: Date; purpose: 'setup' | 'reset' }): Promise<void> {
    await tx.mailOutbox.enqueue([this.record('password_reset', user.email, user.id, passwordLinkMail({ email: user.email, ...link }), {})]);
  }

  /** The mail of an event, to the users it concerns; most events send none. */
  async onEvent(tx: MailQueue, event: DomainEvent): Promise<void> {
    const data = event.data;
    const type: string = event.type;
    const project = async () => (await tx.projects.findById(event.projectId))?.name ?? 'your project';
    if (type === 'notification.mention') {
      const input = { project: await project(), fixId: str(data, 'fixId'), fixTitle: fixTitle(data), author: await this.actorName(tx, str(data, 'author')), text: str(data, 'text') };
      return this.toUsers(tx, 'mention', ids(data.recipientUserIds), (links) => mentionMail(links, input));
    }
    if (type === 'notification.approval_requested') {
      const input = {
        project: await project(),
        fixId: str(data, 'fixId'),
        fixTitle: str(data, 'fixTitle'),
        requestedBy: await this.actorName(tx, str(data, 'requestedBy')),
        note: strOrNull(data, 'note'),
        expiresAt: strOrNull(data, 'expiresAt'),
      };
      return this.toUsers(tx, 'approval_requested', ids(data.recipientUserIds), (links) => approvalRequestedMail(links, input));
    }
    if (type in OUTCOMES) {
      const input = { project: await project(), fixId: str(data, 'fixId'), fixTitle: str(data, 'fixTitle'), outcome: OUTCOMES[type], actor: await this.actorName(tx, str(data, 'actor')), note: strOrNull(data, 'note') };
      return this.toUsers(tx, 'approval_outcome', ids(data.recipientUserIds), (links) => approvalOutcomeMail(links, input));
    }
    if (type === 'notification.daily_digest' || type === 'notification.weekly_report') {
      const input = { project: await project(), summary: data.summary as DigestMailSummary };
      return this.toUsers(tx, type === 'notification.daily_digest' ? 'daily_digest' : 'weekly_report', ids(data.recipientUserIds), (links) => digestMail(links, input));
    }
    if (type === 'notify.eval_assigned') {
      const input = { project: await project(), queueId: str(data, 'queueId'), queueName: str(data, 'queueName') };
      return this.toUsers(tx, 'annotation_assignment', [str(data, 'userId')], (links) => annotationAssignedMail(links, input));
    }
    if (type === 'notify.eval_batch_dispatched') {
      const name = await project();
      const assignees = Array.isArray(data.assignees) ? (data.assignees as { userId: string; itemCount: number }[]) : [];
      for (const { userId, itemCount } of assignees) {
        const input = { project: name, queueId: str(data, 'queueId'), batchId: str(data, 'batchId'), itemCount, deadline: str(data, 'deadline') };
        await this.toUsers(tx, 'annotation_assignment', [userId], (links) => annotationBatchMail(links, input));
      }
      return;
    }
    if (type in DEADLINE_NOTICES) {
      const input = { project: await project(), notice: DEADLINE_NOTICES[type], queueId: str(data, 'queueId'), batchId: str(data, 'batchId'), pendingItems: num(data, 'pendingItems'), deadline: str(data, 'deadline') };
      return this.toUsers(tx, 'annotation_deadline', [str(data, 'userId')], (links) => annotationDeadlineMail(links, input));
    }
  }

  /** One message per user who still gets `kind`, each with its own unsubscribe link. */
  private async toUsers(tx: MailQueue, kind: NotificationMailKind, userIds: readonly string[], render: (links: ConsoleLinks) => MailContent): Promise<void> {
    const wanted = [...new Set(userIds.filter((id) => id !== ''))];
    const unsubscribed = await tx.mailPreferences.unsubscribedAmong(wanted, kind);
    const records: OutgoingMailRecord[] = [];
    for (const userId of wanted) {
      if (unsubscribed.has(userId)) continue;
      const user = await tx.users.findById(userId);
      if (!user) continue;
      const unsubscribeUrl = this.unsubscribeLinks.url(user.id, kind);
      const content = render({ ...this.links, unsubscribe: () => unsubscribeUrl });
      // RFC 8058: a mail client's one-click unsubscribe POSTs to the link; RFC 2369 for the header.
      records.push(this.record(kind, user.email, user.id, content, { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }));
    }
    if (records.length > 0) await tx.mailOutbox.enqueue(records);
  }

  /** A person's name for an actor string: a user's name, else the actor as recorded (a key, the scheduler). */
  private async actorName(tx: MailQueue, actor: string): Promise<string> {
    if (!actor.startsWith('user:')) return actor || 'someone';
    const user = await tx.users.findById(actor.slice('user:'.length));
    return user ? user.name || user.email : actor;
  }

  private record(kind: MailKind, recipient: string, userId: string | null, content: MailContent, headers: Record<string, string>): OutgoingMailRecord {
    const now = this.clock.now();
    return {
      id: randomUUID(),
      kind,
      recipient,
      userId,
      subject: content.subject,
      text: content.text,
      html: content.html,
      headers,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    };
  }
}

/** The fix a mention names: its title is in the announcement's title, between the quotes. */
function fixTitle(data: Data): string {
  const title = str(data, 'title');
  const match = /^You were mentioned on the fix "(.*)"$/s.exec(title);
  return match ? match[1] : title;
}
