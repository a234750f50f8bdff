import type { Migration } from './migration.js';

/**
 * Monitors of metric `score_avg` (docs/alerts.md) average the scores of one name; `score_name` keeps
 * that name (null for every other metric), beside `detection_id`, the other metric parameter.
 */
export const monitorScoreName: Migration = {
  name: '022-monitor-score-name',
  async up(knex) {
    await knex.schema.alterTable('monitors', (t) => {
      t.string('score_name', 100);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('monitors', (t) => {
      t.dropColumn('score_name');
    });
  },
};
