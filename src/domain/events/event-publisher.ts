import type { MailQueue } from '../../ports/mail-outbox.js';
import type { DeliveryRepository, WebhookRepository } from '../../ports/webhooks.js';
import type { ChannelDeliveryRepository, ChannelRepository } from '../../ports/channels.js';
import type { EventType } from './event-types.js';

export type { EventType } from './event-types.js';

export interface DomainEvent {
  type: EventType;
  projectId: string;
  /** The event's own payload, e.g. the detection, trace and score of a firing. */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Where features announce what happened. `publish` runs inside the caller's transaction (`tx`), so
 * an event is recorded exactly when the change that caused it commits (the transactional outbox).
 */
export interface EventPublisher {
  publish(tx: EventOutbox, event: DomainEvent): Promise<void>;
}

/**
 * The part of a transaction's store an event is recorded through (every Store is one). Named by
 * its repositories (webhook and channel deliveries) rather than as the whole Store: the store port
 * names the webhook port, which names event types, so importing the Store here would close an import
 * circle. The mail queue is part of it: events that concern people are mailed in the same transaction.
 */
export interface EventOutbox extends MailQueue {
  readonly webhooks: WebhookRepository;
  readonly webhookDeliveries: DeliveryRepository;
  readonly channels: ChannelRepository;
  readonly channelDeliveries: ChannelDeliveryRepository;
}
