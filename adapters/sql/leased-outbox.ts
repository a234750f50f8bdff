import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import { toMillis } from './columns.js';

/**
 * The lease protocol of the job outboxes (`detection_jobs`, `evaluation_jobs`): rows with `status`,
 * `attempts`, `lease_owner`, `lease_expires_at`, `last_error`, `created_at`, `updated_at`. One
 * implementation, so both queues claim, complete and back off the same way on both databases.
 */
export type OutboxTable = 'detection_jobs' | 'evaluation_jobs' | 'experiment_jobs';

/** Claims up to `limit` due jobs for `owner`, oldest first; returns the claimed rows. */
export async function claimLeased<Row>(db: Knex, dialect: Dialect, table: OutboxTable, owner: string, now: Date, leaseMs: number, limit: number): Promise<Row[]> {
  const at = toMillis(now);
  // PostgreSQL: concurrent claimers skip each other's locked rows. SQLite: one writer at a time,
  // so the single UPDATE … RETURNING is already atomic.
  const lock = dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  const result = await db.raw(
    `UPDATE ${table}
        SET lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_at = ?
      WHERE id IN (
        SELECT id FROM ${table}
         WHERE status = 'pending' AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
         ORDER BY created_at, id
         LIMIT ? ${lock})
      RETURNING *`,
    [owner, at + leaseMs, at, at, limit],
  );
  return dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
}

/** Marks the job done if `owner` still holds it; false when its lease was lost. */
export async function completeLeased(db: Knex, table: OutboxTable, id: string, owner: string, now: Date): Promise<boolean> {
  const count = await db(table).where({ id, lease_owner: owner, status: 'pending' }).update({ status: 'done', lease_expires_at: null, updated_at: toMillis(now) });
  return count === 1;
}

/** Gives the job back after a failure: claimable again from `retryAt` (a back-off), failed after `maxAttempts`. */
export async function releaseLeased(db: Knex, table: OutboxTable, id: string, owner: string, error: string, now: Date, retryAt: Date, maxAttempts: number): Promise<void> {
  await db(table)
    .where({ id, lease_owner: owner, status: 'pending' })
    .update({
      status: db.raw(`CASE WHEN attempts >= ? THEN 'failed' ELSE 'pending' END`, [maxAttempts]),
      lease_owner: null,
      lease_expires_at: toMillis(retryAt),
      last_error: error.slice(0, 2000),
      updated_at: toMillis(now),
    });
}
