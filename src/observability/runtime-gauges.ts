import type { Knex } from 'knex';
import { Gauge, Registry } from './prom-client-parts.js';
import type { Clock } from '../clock.js';
import type { QueueStatsReader } from '../ports/queue-stats.js';

interface PoolView {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/** knex's connection pool (tarn), when the client has one. */
const poolOf = (knex: Knex): PoolView | undefined => (knex.client as { pool?: PoolView }).pool;

export interface RuntimeGaugeSources {
  knex: Knex;
  clock: Clock;
  queues: QueueStatsReader;
}

/**
 * Gauges read when /metrics is scraped, from this runtime's database: queue depths and ages (the
 * same numbers on every replica, since the queues are shared) and this process's pool use.
 */
export function runtimeGauges({ knex, clock, queues }: RuntimeGaugeSources): Registry {
  const registry = new Registry();

  // One read per scrape feeds both queue gauges; whichever collects first starts it.
  let pending: Promise<{ detections: Awaited<ReturnType<QueueStatsReader['detectionJobs']>>; webhooks: Awaited<ReturnType<QueueStatsReader['webhookDeliveries']>> }> | null = null;
  const readQueues = () => {
    pending ??= (async () => {
      const now = clock.now();
      const [detections, webhooks] = await Promise.all([queues.detectionJobs(now), queues.webhookDeliveries(now)]);
      return { detections, webhooks };
    })().finally(() => setImmediate(() => (pending = null)));
    return pending;
  };

  new Gauge({
    name: 'tracewell_queue_depth',
    help: 'Background work waiting in the shared database: detection evaluation jobs and webhook deliveries not yet settled.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const { detections, webhooks } = await readQueues();
      this.set({ queue: 'detections' }, detections.depth);
      this.set({ queue: 'webhooks' }, webhooks.depth);
    },
  });
  new Gauge({
    name: 'tracewell_queue_oldest_age_seconds',
    help: 'How long the longest-waiting due item has waited (detections: since enqueued; webhooks: past its due time).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const { detections, webhooks } = await readQueues();
      this.set({ queue: 'detections' }, detections.oldestAgeSeconds);
      this.set({ queue: 'webhooks' }, webhooks.oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'tracewell_db_pool_connections',
    help: "This process's database connections: in use, idle, and requests waiting for one; max is the pool's size.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolOf(knex);
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
      this.set({ state: 'max' }, pool.max);
    },
  });
  return registry;
}
