import type { Migration } from './migration.js';

/**
 * PostgreSQL only: retention walks a week's registry rows in (stored_at, project_id, id) order, a
 * bounded batch at a time (releaseWeek, docs/partitioning.md). Migration 052's index on stored_at
 * alone made each batch read and sort every row of the week sharing the cursor's stored_at — all
 * traces of one insert share it, and the retention benchmark's loaded half (200,000 traces with one
 * stored_at) took a quarter of a second per batch. This index holds the walk's whole order.
 */
export const traceIdsWeekOrder: Migration = {
  name: '054-trace-ids-week-order',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('CREATE INDEX trace_ids_week_idx ON trace_ids (stored_at, project_id, id)');
    await knex.raw('DROP INDEX trace_ids_stored_idx');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('CREATE INDEX trace_ids_stored_idx ON trace_ids (stored_at)');
    await knex.raw('DROP INDEX trace_ids_week_idx');
  },
};
