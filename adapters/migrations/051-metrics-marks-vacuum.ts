import type { Migration } from './migration.js';

/**
 * `metrics_dirty_hours` is a queue: a mark per ingest statement, deleted by the settler seconds
 * later (migration 047). On PostgreSQL every deleted mark stays a dead tuple until vacuumed, and the
 * metrics query's check for marks in its range reads them all: after a load of a million traces
 * (721,717 marks settled) that check took 35–45 ms against well under one once vacuumed. Autovacuum's
 * default trigger is 50 dead tuples plus 20 % of the live ones, but its cost limit throttles it and
 * its run is shared with every table; the usual setting for a queue table is a fixed threshold with
 * no scale factor and no throttling, so it is vacuumed as soon as a few thousand marks are gone and
 * quickly (docs/deployment.md#autovacuum). SQLite deletes index entries with their rows: nothing to do.
 */
const QUEUE_SETTINGS = { autovacuum_vacuum_scale_factor: '0', autovacuum_vacuum_threshold: '5000', autovacuum_vacuum_cost_delay: '0' };

export const metricsMarksVacuum: Migration = {
  name: '051-metrics-marks-vacuum',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    const settings = Object.entries(QUEUE_SETTINGS).map(([name, value]) => `${name} = ${value}`).join(', ');
    await knex.raw(`ALTER TABLE metrics_dirty_hours SET (${settings})`);
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw(`ALTER TABLE metrics_dirty_hours RESET (${Object.keys(QUEUE_SETTINGS).join(', ')})`);
  },
};
