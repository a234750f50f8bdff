import type { components } from '../../../generated/openapi.js';
import type { AttemptRecord, DeliveryRecord, WebhookRecord } from '../../ports/webhooks.js';

export type WebhookView = components['schemas']['Webhook'];
export type DeliveryView = components['schemas']['WebhookDelivery'];

/** What callers may see of a webhook: never the destination address, never the secret. */
export const toWebhookView = (webhook: WebhookRecord): WebhookView => ({
  id: webhook.id,
  name: webhook.name,
  destinationConfigured: webhook.destinationUrl.length > 0,
  enabled: webhook.enabled,
  eventTypes: webhook.eventTypes,
  createdAt: webhook.createdAt.toISOString(),
  updatedAt: webhook.updatedAt.toISOString(),
});

export const toDeliveryView = (delivery: DeliveryRecord, attempts: AttemptRecord[]): DeliveryView => ({
  id: delivery.id,
  eventId: delivery.eventId,
  eventType: delivery.eventType,
  status: delivery.status,
  attempts: delivery.attempts,
  nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  createdAt: delivery.createdAt.toISOString(),
  updatedAt: delivery.updatedAt.toISOString(),
  attemptLog: attempts.map((attempt) => ({
    attempt: attempt.attempt,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    statusCode: attempt.statusCode,
    error: attempt.error,
  })),
});
