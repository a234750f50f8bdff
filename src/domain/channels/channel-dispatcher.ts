import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { ChannelAttemptOutcome, ChannelDeliveryRecord } from '../../ports/channels.js';
import type { Store } from '../../ports/store.js';
import { retryDelayMs } from '../webhooks/retry-schedule.js';
import type { ChannelSender } from './channel-sender.js';

export interface ChannelDispatcherDependencies {
  store: Store;
  clock: Clock;
  sender: ChannelSender;
  /** Deadline of one attempt; the lease outlasts it. */
  timeoutMs: number;
  /** Jitter source, [0, 1). */
  random?: () => number;
  log?: (message: string) => void;
}

const BATCH_SIZE = 10;
/** The delivery log's note on a PagerDuty delivery held back behind an earlier one of its channel. */
export const WAITING_FOR_EARLIER = 'waiting: an earlier delivery of this channel is pending';
const MAX_DRAIN_ROUNDS = 100;

/**
 * Sends due channel deliveries with the webhooks' lease protocol and retry schedule (8 attempts,
 * 30 s × 4^(n−1) capped at 6 h, ±20 % jitter): leased by compare-and-set before an attempt, the
 * outcome written only while the lease is held. A disabled or deleted channel's deliveries are
 * cancelled when they come due.
 */
export class ChannelDispatcher {
  private readonly owner = `channels_${randomUUID()}`;
  private readonly leaseMs: number;
  private readonly random: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: ChannelDispatcherDependencies) {
    // SMTP conversations have their own deadline; 60 s covers either with the bookkeeping.
    this.leaseMs = deps.timeoutMs + 60_000;
    this.random = deps.random ?? Math.random;
    this.log = deps.log ?? (() => undefined);
  }

  async runOnce(): Promise<number> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const due = await store.channelDeliveries.findDue(now, BATCH_SIZE);
    const leased: ChannelDeliveryRecord[] = [];
    for (const id of due) {
      if (!(await this.lease(id))) continue;
      const delivery = await store.channelDeliveries.findById(id);
      if (delivery) leased.push(delivery);
    }
    // Channels in parallel, each channel's deliveries one after another in the order they were
    // created: PagerDuty must see an incident's trigger before its resolve.
    const byChannel = new Map<string, string[]>();
    for (const delivery of leased) byChannel.set(delivery.channelId, [...(byChannel.get(delivery.channelId) ?? []), delivery.id]);
    await Promise.all(
      [...byChannel.values()].map(async (ids) => {
        for (const id of ids) await this.attempt(id, true);
      }),
    );
    return leased.length;
  }

  async drain(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      const attempted = await this.runOnce();
      if (attempted === 0) break;
      total += attempted;
    }
    return total;
  }

  /**
   * A test send: one attempt now, never retried, answered with the settled delivery. The delivery
   * was leased to this dispatcher in the transaction that created it, so no worker races it.
   */
  async attemptNow(deliveryId: string): Promise<ChannelDeliveryRecord | null> {
    await this.attempt(deliveryId, false);
    return this.deps.store.channelDeliveries.findById(deliveryId);
  }

  /** Takes the lease on a due delivery; `store` may be a transaction (the test send's). */
  async lease(id: string, store: Store = this.deps.store): Promise<boolean> {
    const now = this.deps.clock.now();
    return store.channelDeliveries.lease(id, this.owner, now, new Date(now.getTime() + this.leaseMs));
  }

  private async attempt(deliveryId: string, retry: boolean): Promise<void> {
    const { store, clock, sender } = this.deps;
    try {
      const delivery = await store.channelDeliveries.findById(deliveryId);
      if (!delivery) return;
      const channel = await store.channels.findById(delivery.projectId, delivery.channelId);
      if (!channel || !channel.enabled) {
        await store.channelDeliveries.recordAttempt(deliveryId, this.owner, { attempts: delivery.attempts, status: 'cancelled', lastError: delivery.lastError, responseCode: delivery.responseCode, nextAttemptAt: null }, clock.now());
        return;
      }
      // PagerDuty acts on order (a resolve before its trigger leaves the incident open there), so a
      // delivery waits while an earlier one of the channel is still pending — being retried, say.
      if (channel.kind === 'pagerduty' && retry) {
        const earlierDueAt = await store.channelDeliveries.earlierPendingDueAt(delivery);
        if (earlierDueAt) {
          const waitUntil = new Date(Math.max(earlierDueAt.getTime(), clock.now().getTime()) + 1);
          const waiting: ChannelAttemptOutcome = { attempts: delivery.attempts, status: 'pending', lastError: WAITING_FOR_EARLIER, responseCode: delivery.responseCode, nextAttemptAt: waitUntil };
          await store.channelDeliveries.recordAttempt(deliveryId, this.owner, waiting, clock.now());
          return;
        }
      }
      const verdict = await sender.send(channel, delivery);
      const attempts = delivery.attempts + 1;
      const delay = verdict.kind === 'retry' && retry ? retryDelayMs(attempts, this.random) : null;
      const finishedAt = clock.now();
      const outcome: ChannelAttemptOutcome = {
        attempts,
        status: verdict.kind === 'succeeded' ? 'succeeded' : delay === null ? 'failed' : 'pending',
        lastError: verdict.error,
        responseCode: verdict.statusCode,
        nextAttemptAt: delay === null ? null : new Date(finishedAt.getTime() + delay),
      };
      if (!(await store.channelDeliveries.recordAttempt(deliveryId, this.owner, outcome, finishedAt))) {
        this.log(`channel delivery ${deliveryId}: lease lost before attempt ${attempts} was recorded`);
      }
    } catch (error) {
      // The lease lapses and the delivery is attempted again; never log the message or the secret.
      this.log(`channel delivery ${deliveryId} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
