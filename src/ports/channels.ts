import type { DeliveryStatus, KeysetPosition, Subscription } from './webhooks.js';

export type ChannelKind = 'slack' | 'pagerduty' | 'email' | 'webhook';

/** Where a channel sends: non-secret settings in the clear, the Slack URL or routing key sealed. */
export interface ChannelRecord {
  id: string;
  projectId: string;
  name: string;
  kind: ChannelKind;
  enabled: boolean;
  /** The routing rule: event types (or `*`) this channel receives. */
  eventTypes: Subscription[];
  /** slack: the incoming-webhook URL; pagerduty: the routing key. Sealed with the channel id; null for other kinds. */
  secretCiphertext: string | null;
  /** email only. */
  recipients: string[] | null;
  /** webhook only. */
  webhookId: string | null;
  /** pagerduty only: an override of the deployment's events URL; null → the deployment's. */
  eventsUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ChannelChanges = Partial<Pick<ChannelRecord, 'name' | 'enabled' | 'eventTypes' | 'secretCiphertext' | 'recipients' | 'webhookId' | 'eventsUrl'>>;

export interface ChannelRepository {
  /** null when the name is already taken in the project. */
  create(record: ChannelRecord): Promise<ChannelRecord | null>;
  findById(projectId: string, id: string): Promise<ChannelRecord | null>;
  listPage(projectId: string, limit: number, after: KeysetPosition | null): Promise<ChannelRecord[]>;
  listEnabled(projectId: string): Promise<ChannelRecord[]>;
  /** null when the channel does not exist; 'name_taken' when a rename collides. */
  update(projectId: string, id: string, changes: ChannelChanges, now: Date): Promise<ChannelRecord | null | 'name_taken'>;
  delete(projectId: string, id: string): Promise<boolean>;
}

export interface ChannelDeliveryRecord {
  id: string;
  channelId: string;
  projectId: string;
  eventId: string;
  eventType: string;
  /** The event envelope (`{id, type, createdAt, projectId, data}`) the message is rendered from. */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  responseCode: number | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an attempt changed, written only while the lease is held. */
export interface ChannelAttemptOutcome {
  attempts: number;
  status: DeliveryStatus;
  lastError: string | null;
  responseCode: number | null;
  nextAttemptAt: Date | null;
}

export interface ChannelDeliveryRepository {
  enqueue(deliveries: ChannelDeliveryRecord[]): Promise<void>;
  findById(id: string): Promise<ChannelDeliveryRecord | null>;
  listPage(channelId: string, limit: number, after: KeysetPosition | null): Promise<ChannelDeliveryRecord[]>;
  /** Ids of pending deliveries due at `now` whose lease (if any) has lapsed: earliest due first, then in creation order. */
  findDue(now: Date, limit: number): Promise<string[]>;
  /** Compare-and-set lease: true when this owner now holds the delivery until `leaseUntil`. */
  lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean>;
  /** Records an attempt's outcome while `owner` holds the lease; false (nothing written) otherwise. */
  recordAttempt(id: string, owner: string, outcome: ChannelAttemptOutcome, now: Date): Promise<boolean>;
  /**
   * When the earliest still-pending delivery of the same channel created before `delivery` is next
   * due (its next attempt, or `null` for none): a PagerDuty channel sends strictly in order.
   */
  earlierPendingDueAt(delivery: Pick<ChannelDeliveryRecord, 'id' | 'channelId' | 'createdAt'>): Promise<Date | null>;
}
