/**
 * The mail the product sends (invitations, reset links, notification mail), queued in the
 * transaction of the change that causes it and delivered by the mail worker (docs/integrations.md).
 * Kept free of event types: the event outbox names this port, and the event types name the store.
 */

/** What a message is about; the unit of unsubscribing (transactional kinds cannot be unsubscribed). */
export type MailKind =
  | 'invitation'
  | 'password_reset'
  | 'mention'
  | 'approval_requested'
  | 'approval_outcome'
  | 'daily_digest'
  | 'weekly_report'
  | 'annotation_assignment'
  | 'annotation_deadline';

export type OutgoingMailStatus = 'pending' | 'sent' | 'failed';

export interface OutgoingMailRecord {
  id: string;
  kind: MailKind;
  /** One recipient per message: unsubscribe links are personal. */
  recipient: string;
  /** The user the message is for; null for an invitee who has no account yet. */
  userId: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  status: OutgoingMailStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due; null once sent or failed. */
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MailAttemptOutcome {
  status: OutgoingMailStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
}

export interface MailOutboxRepository {
  enqueue(mails: OutgoingMailRecord[]): Promise<void>;
  findById(id: string): Promise<OutgoingMailRecord | null>;
  /** Ids of pending messages due at `now` and not leased, oldest due first. */
  findDue(now: Date, limit: number): Promise<string[]>;
  /** Compare-and-set lease of a due message; false when another worker holds it. */
  lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean>;
  /**
   * Records an attempt's outcome while `owner` still holds the lease; false when the lease was lost.
   * A final outcome (sent, failed) empties the message's text and HTML: they may hold a live link.
   */
  settle(id: string, owner: string, outcome: MailAttemptOutcome, now: Date): Promise<boolean>;
}

export interface MailPreferenceRepository {
  /** The kinds the user has unsubscribed from. */
  unsubscribed(userId: string): Promise<MailKind[]>;
  /** Of `userIds`, those unsubscribed from `kind`. */
  unsubscribedAmong(userIds: readonly string[], kind: MailKind): Promise<Set<string>>;
  /** Subscribes (false) or unsubscribes (true) the user from `kind`; idempotent. */
  set(userId: string, kind: MailKind, unsubscribed: boolean, now: Date): Promise<void>;
}

/**
 * The part of a transaction's store that queues mail: the outbox, the preferences it honours and
 * the users and projects a message names. Every Store is one.
 */
export interface MailQueue {
  readonly mailOutbox: MailOutboxRepository;
  readonly mailPreferences: MailPreferenceRepository;
  readonly users: import('./users.js').UserRepository;
  readonly projects: import('./projects.js').ProjectRepository;
}
