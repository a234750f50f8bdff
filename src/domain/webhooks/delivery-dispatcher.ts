import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../clock.js';
import { isProblemError } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import type { AttemptOutcome, DeliveryRecord, WebhookRecord } from '../../ports/webhooks.js';
import type { DestinationGuard, VettedDestination } from './destination-guard.js';
import type { Sender, SendResult } from './http-sender.js';
import { isRetryableStatus, retryDelayMs } from './retry-schedule.js';
import type { SecretBox } from './secret-box.js';
import { sign } from './signature.js';
import { recordWebhookAttempt } from '../../observability/instruments.js';

export interface DispatcherDependencies {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  destinations: DestinationGuard;
  sender: Sender;
  timeoutMs: number;
  /** Jitter source, [0, 1). */
  random?: () => number;
  log?: (message: string) => void;
}

const BATCH_SIZE = 10;
/** A drain gives up after this many rounds, so a misbehaving clock cannot spin it forever. */
const MAX_DRAIN_ROUNDS = 100;

export interface Verdict {
  statusCode: number | null;
  error: string | null;
  /** succeeded, worth retrying, or final */
  kind: 'succeeded' | 'retry' | 'failed';
}

export function judge(result: SendResult, timeoutMs: number): Verdict {
  switch (result.kind) {
    case 'timeout':
      return { statusCode: null, error: `timeout after ${timeoutMs} ms`, kind: 'retry' };
    case 'connection':
      return { statusCode: null, error: `connection error: ${result.message}`.slice(0, 500), kind: 'retry' };
    case 'response':
      if (result.statusCode >= 200 && result.statusCode < 300) return { statusCode: result.statusCode, error: null, kind: 'succeeded' };
      return { statusCode: result.statusCode, error: `HTTP ${result.statusCode}`, kind: isRetryableStatus(result.statusCode) ? 'retry' : 'failed' };
  }
}

/**
 * Sends due deliveries from the outbox. Each delivery is leased (compare-and-set on its row) before
 * an attempt, so several workers or processes never attempt it at once; the attempt is recorded and
 * the delivery settled or rescheduled in one transaction, only while the lease is still held. A
 * worker that dies mid-attempt leaves a lease that lapses, after which another worker makes the
 * same attempt number again: delivery is at least once, and each attempt is recorded exactly once.
 */
export class WebhookDispatcher {
  private readonly owner = `worker_${randomUUID()}`;
  private readonly leaseMs: number;
  private readonly random: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: DispatcherDependencies) {
    // Long enough for a full attempt (timeout + DNS + bookkeeping) before another worker may take over.
    this.leaseMs = deps.timeoutMs + 30_000;
    this.random = deps.random ?? Math.random;
    this.log = deps.log ?? (() => undefined);
  }

  /** One round: attempts every delivery due now (up to a batch). Returns how many were attempted. */
  async runOnce(): Promise<number> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const due = await store.webhookDeliveries.findDue(now, BATCH_SIZE);
    const leased: string[] = [];
    for (const id of due) {
      if (await store.webhookDeliveries.lease(id, this.owner, now, new Date(now.getTime() + this.leaseMs))) leased.push(id);
    }
    await Promise.all(leased.map((id) => this.attempt(id)));
    return leased.length;
  }

  /** Rounds until nothing is due at the current time (retries scheduled later wait for the clock). */
  async drain(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      const attempted = await this.runOnce();
      if (attempted === 0) break;
      total += attempted;
    }
    return total;
  }

  private async attempt(deliveryId: string): Promise<void> {
    const { store, clock } = this.deps;
    try {
      const delivery = await store.webhookDeliveries.findById(deliveryId);
      if (!delivery) return;
      const webhook = await store.webhooks.findById(delivery.projectId, delivery.webhookId);
      if (!webhook || !webhook.enabled) {
        await store.webhookDeliveries.settle(deliveryId, this.owner, 'cancelled', clock.now());
        return;
      }
      const startedAt = clock.now();
      const started = performance.now();
      const verdict = await this.send(delivery, webhook);
      const durationMs = Math.max(0, Math.round(performance.now() - started));
      const attempt = delivery.attempts + 1;
      const finishedAt = clock.now();
      const delay = verdict.kind === 'retry' ? retryDelayMs(attempt, this.random) : null;
      const outcome: AttemptOutcome = {
        attempt: { deliveryId, attempt, startedAt, durationMs, statusCode: verdict.statusCode, error: verdict.error },
        status: verdict.kind === 'succeeded' ? 'succeeded' : delay === null ? 'failed' : 'pending',
        nextAttemptAt: delay === null ? null : new Date(finishedAt.getTime() + delay),
      };
      const recorded = await store.transaction((tx) => tx.webhookDeliveries.recordAttempt(deliveryId, this.owner, outcome, finishedAt));
      if (recorded) recordWebhookAttempt(outcome.status);
      if (!recorded) this.log(`webhook delivery ${deliveryId}: lease lost before attempt ${attempt} was recorded`);
    } catch (error) {
      // The lease lapses and the delivery is attempted again; never log the body or the secret.
      this.log(`webhook delivery ${deliveryId} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async send(delivery: DeliveryRecord, webhook: WebhookRecord): Promise<Verdict> {
    let destination: VettedDestination;
    try {
      destination = await this.deps.destinations.vet(webhook.destinationUrl);
    } catch (error) {
      if (!isProblemError(error)) throw error;
      return { statusCode: null, error: `destination refused: ${error.detail}`.slice(0, 500), kind: 'failed' };
    }
    const timestamp = Math.floor(this.deps.clock.now().getTime() / 1000);
    const headers: Record<string, string> = {
      'user-agent': 'Tracewell-Webhooks/0.1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
    };
    if (webhook.secretCiphertext) {
      headers['webhook-signature'] = sign(this.deps.secrets.open(webhook.secretCiphertext, webhook.id), delivery.id, timestamp, delivery.body);
    }
    const result = await this.deps.sender({ destination, headers, body: delivery.body, timeoutMs: this.deps.timeoutMs });
    return judge(result, this.deps.timeoutMs);
  }
}
