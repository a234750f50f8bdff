import type { Knex } from 'knex';
import type { QueueStats, QueueStatsReader } from '../../src/ports/queue-stats.js';

type Row = { depth: number | string | null; oldest: number | string | null };

const toStats = (row: Row | undefined, now: Date): QueueStats => {
  const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
  return {
    depth: Number(row?.depth ?? 0),
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
};

/** Two aggregate queries on the status indexes the workers already use; cheap enough per scrape. */
export class SqlQueueStatsReader implements QueueStatsReader {
  constructor(private readonly knex: Knex) {}

  async detectionJobs(now: Date): Promise<QueueStats> {
    const row = (await this.knex('detection_jobs')
      .where('status', 'pending')
      .first(this.knex.raw('count(*) as depth'), this.knex.raw('min(created_at) as oldest'))) as Row | undefined;
    return toStats(row, now);
  }

  async webhookDeliveries(now: Date): Promise<QueueStats> {
    const row = (await this.knex('webhook_deliveries')
      .where('status', 'pending')
      .first(
        this.knex.raw('count(*) as depth'),
        this.knex.raw('min(case when next_attempt_at <= ? then next_attempt_at end) as oldest', [now.getTime()]),
      )) as Row | undefined;
    return toStats(row, now);
  }
}
