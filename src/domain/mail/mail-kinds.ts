import type { MailKind } from '../../ports/mail-outbox.js';

/** Mail a user can turn off, in the order the preferences list them. */
export const NOTIFICATION_MAIL_KINDS = [
  'mention',
  'approval_requested',
  'approval_outcome',
  'daily_digest',
  'weekly_report',
  'annotation_assignment',
  'annotation_deadline',
] as const satisfies readonly MailKind[];

export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];

/** Invitations and password links answer a request someone just made: never suppressed. */
export const TRANSACTIONAL_MAIL_KINDS = ['invitation', 'password_reset'] as const satisfies readonly MailKind[];

export const isNotificationMailKind = (value: string): value is NotificationMailKind => (NOTIFICATION_MAIL_KINDS as readonly string[]).includes(value);

/** How a confirm page and a footer name each kind. */
export const MAIL_KIND_LABELS: Record<NotificationMailKind, string> = {
  mention: '@mentions in fix comments',
  approval_requested: 'fix dispatch approval requests',
  approval_outcome: 'fix dispatch approval outcomes',
  daily_digest: 'the daily digest',
  weekly_report: 'the weekly report',
  annotation_assignment: 'annotation assignments',
  annotation_deadline: 'annotation reminders and deadlines',
};
