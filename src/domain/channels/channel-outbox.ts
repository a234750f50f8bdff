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
  private lastStamp = 0;

  constructor(private readonly clock: Clock) {}

  /**
   * Creation times strictly increase within a process, so two events of one millisecond (an incident
   * that starts and ends in one evaluation) keep their order and the worker sends them in it.
   */
  private stamp(): Date {
    this.lastStamp = Math.max(this.clock.now().getTime(), this.lastStamp + 1);
    return new Date(this.lastStamp);
  }

  async publish(tx: EventOutbox, event: DomainEvent): Promise<void> {
    const routed = (await tx.channels.listEnabled(event.projectId)).filter((channel) => channel.eventTypes.includes('*') || channel.eventTypes.includes(event.type));
    if (routed.length === 0) return;
    const envelope: ChannelEvent = { id: randomUUID(), type: event.type, createdAt: event.occurredAt.toISOString(), projectId: event.projectId, data: event.data };
    await tx.channelDeliveries.enqueue(routed.map((channel) => this.deliveryOf(channel, envelope)));
  }

  deliveryOf(channel: ChannelRecord, envelope: ChannelEvent): ChannelDeliveryRecord {
    const createdAt = this.stamp();
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
      // Due now: the stamp may run a millisecond ahead of the clock.
      nextAttemptAt: this.clock.now(),
      createdAt,
      updatedAt: createdAt,
    };
  }
}
