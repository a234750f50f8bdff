import type { Migration } from './migration.js';
import { rebuildDailyRollups } from '../sql/metrics-daily-rollups.js';
import { DAY_MS } from '../sql/metrics-rollup-grains.js';

/**
 * Day rows of the metrics rollups (docs/analytics.md#rollups): per project, UTC day and one
 * dimension's value, what the day's hour rows of migration 047 add up to, with their sketches
 * merged. A 30-day daily series by user read 720 hour rows per user (about 340,000 rows at a
 * million traces of 500 users); it reads 30 per user from here. The settler rebuilds a day whenever
 * it settles one of its hours, in the same transaction, and the query reads a day row only for a
 * whole UTC day of a bucket none of whose hours is marked.
 *
 * Existing hour rows are added up here, so a settled deployment reads days at once.
 */
export const metricsDailyRollups: Migration = {
  name: '050-metrics-daily-rollups',
  async up(knex) {
    await knex.schema.createTable('metrics_daily_rollups', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('dimension', 32).notNullable();
      t.bigInteger('day_ms').notNullable();
      t.text('value');
      t.bigInteger('units').notNullable();
      t.bigInteger('traces').notNullable();
      t.bigInteger('spans').notNullable();
      t.bigInteger('errors').notNullable();
      t.double('cost').notNullable();
      t.double('input_tokens').notNullable();
      t.double('output_tokens').notNullable();
      t.double('total_tokens').notNullable();
      t.binary('latency_sketch').notNullable();
      t.index(['project_id', 'dimension', 'day_ms'], 'metrics_daily_rollups_project_dimension_day_idx');
    });
    const days: { project_id: string; day: number | string }[] = await knex('metrics_rollups').distinct('project_id', knex.raw(`hour_ms - hour_ms % ${DAY_MS} AS day`));
    const byProject = new Map<string, number[]>();
    for (const { project_id, day } of days) byProject.set(project_id, [...(byProject.get(project_id) ?? []), Number(day)]);
    for (const [projectId, projectDays] of byProject) await rebuildDailyRollups(knex, projectId, projectDays);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('metrics_daily_rollups');
  },
};
