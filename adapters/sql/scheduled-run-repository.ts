import type { Knex } from 'knex';
import type { ScheduledRunRecord, ScheduledRunRepository } from '../../src/ports/scheduled-runs.js';

interface Row {
  task: string;
  slot: string;
  status: 'done' | 'failed';
  attempts: number | string;
  last_error: string | null;
  retry_at: number | string | null;
  finished_at: number | string;
}

const toRecord = (row: Row): ScheduledRunRecord => ({
  task: row.task,
  slot: row.slot,
  status: row.status,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  retryAt: row.retry_at === null ? null : new Date(Number(row.retry_at)),
  finishedAt: new Date(Number(row.finished_at)),
});

/**
 * `claim` leans on the primary key: INSERT … ON CONFLICT DO NOTHING in the caller's transaction.
 * On PostgreSQL a second process inserting the same key waits for the first transaction and then
 * conflicts (or inserts, if the first rolled back); SQLite has one writer at a time. A failed row
 * is taken over with a conditional UPDATE, which PostgreSQL re-checks after the row lock.
 */
export class SqlScheduledRunRepository implements ScheduledRunRepository {
  constructor(private readonly knex: Knex) {}

  async claim(task: string, slot: string, owner: string, now: Date, maxAttempts: number): Promise<boolean> {
    const inserted = await this.knex('scheduled_runs')
      .insert({ task, slot, status: 'done', attempts: 1, last_error: null, retry_at: null, owner, finished_at: now.getTime() })
      .onConflict(['task', 'slot'])
      .ignore()
      .returning('task');
    if (inserted.length === 1) return true;
    const taken = await this.knex('scheduled_runs')
      .where({ task, slot, status: 'failed' })
      .andWhere('attempts', '<', maxAttempts)
      .andWhere('retry_at', '<=', now.getTime())
      .update({ status: 'done', attempts: this.knex.raw('attempts + 1'), retry_at: null, owner, finished_at: now.getTime() });
    return taken === 1;
  }

  async recordFailure(task: string, slot: string, owner: string, error: string, now: Date, retryDelayMs: (attempts: number) => number): Promise<number> {
    // retry_at stays null (never claimable) until the delay for the new attempt count is known.
    await this.knex('scheduled_runs')
      .insert({ task, slot, status: 'failed', attempts: 1, last_error: error, retry_at: null, owner, finished_at: now.getTime() })
      .onConflict(['task', 'slot'])
      .merge({ status: 'failed', attempts: this.knex.raw('scheduled_runs.attempts + 1'), last_error: error, retry_at: null, owner, finished_at: now.getTime() });
    const attempts = (await this.find(task, slot))?.attempts ?? 1;
    await this.knex('scheduled_runs').where({ task, slot, status: 'failed' }).update({ retry_at: now.getTime() + retryDelayMs(attempts) });
    return attempts;
  }

  async find(task: string, slot: string): Promise<ScheduledRunRecord | null> {
    const row = await this.knex<Row>('scheduled_runs').where({ task, slot }).first();
    return row ? toRecord(row) : null;
  }

  async prune(before: Date, limit: number): Promise<number> {
    const stale = this.knex('scheduled_runs').select('task', 'slot').where('finished_at', '<', before.getTime()).limit(limit);
    return this.knex('scheduled_runs').whereIn(['task', 'slot'], stale).delete();
  }
}
