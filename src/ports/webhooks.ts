import type { EventType } from '../domain/events/event-types.js';

export type Subscription = EventType | '*';

export interface WebhookRecord {
  id: string;
  projectId: string;
  name: string;
  destinationUrl: string;
  /** Encrypted at rest; only the delivery path decrypts it. */
  secretCiphertext: string | null;
  enabled: boolean;
  eventTypes: Subscription[];
  createdAt: Date;
  updatedAt: Date;
}

export type WebhookChanges = Partial<Pick<WebhookRecord, 'name' | 'destinationUrl' | 'secretCiphertext' | 'enabled' | 'eventTypes'>>;

/** Keyset position of lists ordered by createdAt desc, id desc. */
export interface KeysetPosition {
  createdAt: number;
  id: string;
}

export interface WebhookRepository {
  /** null when the name is already taken in the project. */
  create(record: WebhookRecord): Promise<WebhookRecord | null>;
  findById(projectId: string, id: string): Promise<WebhookRecord | null>;
  listPage(projectId: string, limit: number, after: KeysetPosition | null): Promise<WebhookRecord[]>;
  listEnabled(projectId: string): Promise<WebhookRecord[]>;
  /** null when the webhook does not exist; 'name_taken' when a rename collides. */
  update(projectId: string, id: string, changes: WebhookChanges, now: Date): Promise<WebhookRecord | null | 'name_taken'>;
  delete(projectId: string, id: string): Promise<boolean>;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  projectId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON body every attempt sends and signs. */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

/** What an attempt changed: the delivery's new state, written together with the attempt record. */
export interface AttemptOutcome {
  attempt: AttemptRecord;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

export interface DeliveryRepository {
  enqueue(deliveries: DeliveryRecord[]): Promise<void>;
  findById(id: string): Promise<DeliveryRecord | null>;
  listPage(webhookId: string, limit: number, after: KeysetPosition | null): Promise<DeliveryRecord[]>;
  attemptsOf(deliveryIds: string[]): Promise<AttemptRecord[]>;
  /** Ids of pending deliveries due at `now` whose lease (if any) has lapsed, oldest first. */
  findDue(now: Date, limit: number): Promise<string[]>;
  /** Compare-and-set lease: true when this owner now holds the delivery until `leaseUntil`. */
  lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean>;
  /**
   * Records one attempt and settles or reschedules the delivery, only while `owner` still holds
   * the lease; false (nothing written) when another worker took it over.
   */
  recordAttempt(id: string, owner: string, outcome: AttemptOutcome, now: Date): Promise<boolean>;
  /** Settles a leased delivery without an attempt (e.g. its webhook was disabled). */
  settle(id: string, owner: string, status: DeliveryStatus, now: Date): Promise<boolean>;
}
