import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { ChannelDeliveryRecord, ChannelRecord } from '../../ports/channels.js';
import type { DomainEvent, EventOutbox, EventPublisher } from '../events/event-publisher.js';
import type { ChannelEvent } from './channel-event.js';

/**
 * The channels' half of the transactional outbox: `publish` writes one pending delivery per enabled
 * channel of the event's project whose routing (`eventTypes`) takes its type or `*`, in the caller's
 * transaction, so a delivery exists exactly when the change that caused the event commits.
 */
export class ChannelOutboxPublisher implements EventPublisher {
  constructor(private readonly clock: Clock) {}

  async publish(tx: EventOutbox, event: DomainEvent): Promise<void> {
    const routed = (await tx.channels.listEnabled(event.projectId)).filter((channel) => channel.eventTypes.includes('*') || channel.eventTypes.includes(event.type));
    if (routed.length === 0) return;
    const envelope: ChannelEvent = { id: randomUUID(), type: event.type, createdAt: event.occurredAt.toISOString(), projectId: event.projectId, data: event.data };
    await tx.channelDeliveries.enqueue(routed.map((channel) => this.deliveryOf(channel, envelope)));
  }

  deliveryOf(channel: ChannelRecord, envelope: ChannelEvent): ChannelDeliveryRecord {
    const now = this.clock.now();
    return {
      id: randomUUID(),
      channelId: channel.id,
      projectId: channel.projectId,
      eventId: envelope.id,
      eventType: envelope.type,
      body: JSON.stringify(envelope),
      status: 'pending',
      attempts: 0,
      lastError: null,
      responseCode: null,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  }
}
