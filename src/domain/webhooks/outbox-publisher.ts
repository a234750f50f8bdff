import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { DeliveryRecord, WebhookRecord } from '../../ports/webhooks.js';
import type { DomainEvent, EventOutbox, EventPublisher } from '../events/event-publisher.js';

/** The type of on-demand test deliveries; not subscribable, sent only through the test operation. */
export const TEST_EVENT_TYPE = 'webhook.test';

interface OutboxEvent {
  id: string;
  type: string;
  projectId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/**
 * The transactional outbox: `publish` writes one pending delivery per enabled webhook of the event's
 * project that subscribes to its type (or to `*`), in the caller's transaction, so deliveries exist
 * exactly when the change that caused the event commits. The worker sends them afterwards.
 */
export class WebhookOutboxPublisher implements EventPublisher {
  /** `alongside`: further outboxes (notification channels) every event is also written to, in the same transaction. */
  constructor(
    private readonly clock: Clock,
    private readonly alongside: readonly EventPublisher[] = [],
  ) {}

  async publish(tx: EventOutbox, event: DomainEvent): Promise<void> {
    for (const publisher of this.alongside) await publisher.publish(tx, event);
    const subscribed = (await tx.webhooks.listEnabled(event.projectId)).filter(
      (webhook) => webhook.eventTypes.includes('*') || webhook.eventTypes.includes(event.type),
    );
    if (subscribed.length === 0) return;
    const outboxEvent: OutboxEvent = { id: randomUUID(), type: event.type, projectId: event.projectId, occurredAt: event.occurredAt, data: event.data };
    await tx.webhookDeliveries.enqueue(subscribed.map((webhook) => this.deliveryOf(webhook, outboxEvent)));
  }

  /** A `webhook.test` delivery to one webhook, whatever it subscribes to. */
  async publishTest(tx: Store, webhook: WebhookRecord): Promise<DeliveryRecord> {
    const delivery = this.deliveryOf(webhook, {
      id: randomUUID(),
      type: TEST_EVENT_TYPE,
      projectId: webhook.projectId,
      occurredAt: this.clock.now(),
      data: { webhookId: webhook.id, message: 'This is a test event sent on request.' },
    });
    await tx.webhookDeliveries.enqueue([delivery]);
    return delivery;
  }

  /**
   * An event addressed to one webhook, whatever it subscribes to: a fix dispatch hands the fix to the
   * webhook chosen as its target (a coding agent or a tracker), not to every subscriber.
   */
  async publishTo(tx: Store, webhook: WebhookRecord, event: { type: string; occurredAt: Date; data: Record<string, unknown> }): Promise<DeliveryRecord> {
    const delivery = this.deliveryOf(webhook, { id: randomUUID(), type: event.type, projectId: webhook.projectId, occurredAt: event.occurredAt, data: event.data });
    await tx.webhookDeliveries.enqueue([delivery]);
    return delivery;
  }

  private deliveryOf(webhook: WebhookRecord, event: OutboxEvent): DeliveryRecord {
    const now = this.clock.now();
    const body = JSON.stringify({ id: event.id, type: event.type, createdAt: event.occurredAt.toISOString(), projectId: event.projectId, data: event.data });
    return {
      id: randomUUID(),
      webhookId: webhook.id,
      projectId: webhook.projectId,
      eventId: event.id,
      eventType: event.type,
      body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  }
}
