import type { components } from '../../../generated/openapi.js';
import type { ChannelDeliveryRecord, ChannelRecord } from '../../ports/channels.js';

export type ChannelView = components['schemas']['Channel'];
export type ChannelDeliveryView = components['schemas']['ChannelDelivery'];

/** What callers may see of a channel: never the Slack URL or the routing key. */
export const toChannelView = (channel: ChannelRecord, defaultEventsUrl: string): ChannelView => ({
  id: channel.id,
  name: channel.name,
  kind: channel.kind,
  enabled: channel.enabled,
  eventTypes: channel.eventTypes,
  destinationConfigured:
    channel.kind === 'email' ? (channel.recipients?.length ?? 0) > 0 : channel.kind === 'webhook' ? channel.webhookId !== null : channel.secretCiphertext !== null,
  recipients: channel.kind === 'email' ? channel.recipients ?? [] : null,
  webhookId: channel.kind === 'webhook' ? channel.webhookId : null,
  eventsUrl: channel.kind === 'pagerduty' ? channel.eventsUrl ?? defaultEventsUrl : null,
  createdAt: channel.createdAt.toISOString(),
  updatedAt: channel.updatedAt.toISOString(),
});

export const toChannelDeliveryView = (delivery: ChannelDeliveryRecord): ChannelDeliveryView => ({
  id: delivery.id,
  eventId: delivery.eventId,
  eventType: delivery.eventType,
  status: delivery.status,
  attempts: delivery.attempts,
  lastError: delivery.lastError,
  responseCode: delivery.responseCode,
  nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  createdAt: delivery.createdAt.toISOString(),
  updatedAt: delivery.updatedAt.toISOString(),
});
