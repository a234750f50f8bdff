import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import { IdempotencyService } from '../idempotency/idempotency-service.js';
import { WebhookDispatcher } from './delivery-dispatcher.js';
import { DestinationGuard } from './destination-guard.js';
import { httpSender } from './http-sender.js';
import type { WebhookOutboxPublisher } from './outbox-publisher.js';
import { SecretBox } from './secret-box.js';
import { WebhookService } from './webhook-service.js';

export interface WebhookServices {
  /** Stripe-style idempotency keys for any mutation. */
  idempotency: IdempotencyService;
  webhooks: WebhookService;
  /** Sends due deliveries: `runOnce()` / `drain()`; the runtime polls it. */
  webhookDispatcher: WebhookDispatcher;
}

/** Builds the webhook area over the shared store, clock and cursor codec. */
export function createWebhookServices(deps: { store: Store; clock: Clock; config: Config; cursors: CursorCodec; outbox: WebhookOutboxPublisher }): WebhookServices {
  const { store, clock, config, cursors, outbox } = deps;
  const idempotency = new IdempotencyService(store, clock);
  const secrets = new SecretBox(config.webhooks.encryptionKey, config.serverSecret);
  const destinations = new DestinationGuard(config.webhooks.allowedHosts);
  return {
    idempotency,
    webhooks: new WebhookService({ store, clock, cursors, idempotency, destinations, secrets, outbox }),
    webhookDispatcher: new WebhookDispatcher({ store, clock, secrets, destinations, sender: httpSender, timeoutMs: config.webhooks.deliveryTimeoutMs }),
  };
}
