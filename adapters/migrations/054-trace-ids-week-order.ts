import type { Knex } from 'knex';
import type { Migration } from './migration.js';

/**
 * PostgreSQL only: retention walks a week's registry rows in (stored_at, project_id, id) order, a
 * bounded batch at a time (releaseWeek, docs/partitioning.md). Migration 052's index on stored_at
 * alone made each batch read and sort every row of the week sharing the cursor's stored_at — all
 * traces of one insert share it, and the retention benchmark's loaded half (200,000 traces with one
 * stored_at) took a quarter of a second per batch. This index holds the walk's whole order.
 *
 * Built `CONCURRENTLY`, outside a transaction (as 053's indexes): a plain build holds SHARE on
 * `trace_ids` for its whole duration, and every first write of a trace inserts a registry row, so
 * ingest of new traces would wait for it (about a second at 400,000 traces, more with the table).
 * An interrupted concurrent build leaves an invalid index that PostgreSQL keeps maintaining but never
 * reads: a re-run drops it and builds it again. Each step checks what is done, so a re-run completes.
 */
const rowsOf = <T>(result: { rows: unknown[] }): T[] => result.rows as T[];

/** Whether `name` exists as an index, and if so whether a build completed it. */
async function indexState(knex: Knex, name: string): Promise<'missing' | 'valid' | 'invalid'> {
  const [row] = rowsOf<{ valid: boolean }>(await knex.raw('SELECT x.indisvalid AS valid FROM pg_index x WHERE x.indexrelid = to_regclass(?)', [name]));
  if (!row) return 'missing';
  return row.valid ? 'valid' : 'invalid';
}

export const traceIdsWeekOrder: Migration = {
  name: '054-trace-ids-week-order',
  transaction: false,
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    const state = await indexState(knex, 'trace_ids_week_idx');
    if (state === 'invalid') await knex.raw('DROP INDEX CONCURRENTLY trace_ids_week_idx');
    if (state !== 'valid') await knex.raw('CREATE INDEX CONCURRENTLY trace_ids_week_idx ON trace_ids (stored_at, project_id, id)');
    // The new index leads with stored_at, so 052's index on it alone only costs writes.
    await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS trace_ids_stored_idx');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('CREATE INDEX CONCURRENTLY IF NOT EXISTS trace_ids_stored_idx ON trace_ids (stored_at)');
    await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS trace_ids_week_idx');
  },
};
