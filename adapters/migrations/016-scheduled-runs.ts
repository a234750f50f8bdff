import type { Migration } from './migration.js';

/**
 * The durable scheduler (docs/scheduler.md): one row per (task, slot) that ran or failed. A slot's
 * row commits in the same transaction as the slot's own writes, so across server processes each
 * slot's effects happen once; a failed slot keeps its attempt count and the time it may be tried again.
 */
export const scheduledRuns: Migration = {
  name: '016-scheduled-runs',
  async up(knex) {
    await knex.schema.createTable('scheduled_runs', (t) => {
      t.string('task', 100).notNullable();
      t.string('slot', 200).notNullable();
      t.string('status', 16).notNullable(); // done | failed
      t.integer('attempts').notNullable();
      t.text('last_error');
      t.bigInteger('retry_at'); // failed: not tried again before this (ms)
      t.string('owner', 64).notNullable();
      t.bigInteger('finished_at').notNullable();
      t.primary(['task', 'slot']);
      t.index(['finished_at'], 'scheduled_runs_finished_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('scheduled_runs');
  },
};
