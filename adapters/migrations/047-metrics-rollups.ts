import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { Migration } from './migration.js';

const HOUR_MS = 3_600_000;

/**
 * Metrics rollups (docs/analytics.md#rollups). `metrics_rollups` holds, per project, UTC hour of a
 * trace's `created_at` and one dimension's value, the sums and counts the metrics query adds up and
 * a latency sketch; `metrics_dirty_hours` marks the hours whose rollups no longer match the rows.
 *
 * The marks are written by triggers on `traces`, in the writing transaction itself: a trace
 * inserted, updated (an OTLP append recomputes the trace row) or deleted (a delete, retention, a
 * project purge by cascade) marks its hour, before and after, so no code path can forget one. A
 * marked hour is read from the raw rows until the settler recomputes its rollups from them and
 * removes the marks it saw. PostgreSQL marks once per statement (transition tables, one row per
 * hour touched) and never updates a mark, so concurrent ingests never wait on each other's marks;
 * SQLite marks per row, skipping an hour already marked (it has a single writer anyway).
 */
const HOUR_OF = (alias: string) => `${alias}.created_at - ${alias}.created_at % ${HOUR_MS}`;

async function createTriggers(knex: Knex, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await knex.raw(`CREATE FUNCTION metrics_mark_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO metrics_dirty_hours (project_id, hour_ms) SELECT DISTINCT n.project_id, ${HOUR_OF('n')} FROM new_rows n;
  RETURN NULL;
END $$`);
    await knex.raw(`CREATE FUNCTION metrics_mark_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO metrics_dirty_hours (project_id, hour_ms) SELECT DISTINCT o.project_id, ${HOUR_OF('o')} FROM old_rows o;
  RETURN NULL;
END $$`);
    await knex.raw(`CREATE FUNCTION metrics_mark_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO metrics_dirty_hours (project_id, hour_ms)
    SELECT n.project_id, ${HOUR_OF('n')} FROM new_rows n UNION SELECT o.project_id, ${HOUR_OF('o')} FROM old_rows o;
  RETURN NULL;
END $$`);
    await knex.raw('CREATE TRIGGER traces_metrics_inserted AFTER INSERT ON traces REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metrics_mark_new_rows()');
    await knex.raw('CREATE TRIGGER traces_metrics_deleted AFTER DELETE ON traces REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metrics_mark_old_rows()');
    await knex.raw(
      'CREATE TRIGGER traces_metrics_updated AFTER UPDATE ON traces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metrics_mark_changed_rows()',
    );
    return;
  }
  const mark = (row: 'new' | 'old') =>
    `INSERT INTO metrics_dirty_hours (project_id, hour_ms) SELECT ${row}.project_id, ${HOUR_OF(row)} ` +
    `WHERE NOT EXISTS (SELECT 1 FROM metrics_dirty_hours d WHERE d.project_id = ${row}.project_id AND d.hour_ms = ${HOUR_OF(row)});`;
  await knex.raw(`CREATE TRIGGER traces_metrics_inserted AFTER INSERT ON traces BEGIN ${mark('new')} END`);
  await knex.raw(`CREATE TRIGGER traces_metrics_deleted AFTER DELETE ON traces BEGIN ${mark('old')} END`);
  await knex.raw(`CREATE TRIGGER traces_metrics_updated AFTER UPDATE ON traces BEGIN ${mark('old')} ${mark('new')} END`);
}

export const metricsRollups: Migration = {
  name: '047-metrics-rollups',
  async up(knex, dialect) {
    await knex.schema.createTable('metrics_rollups', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      // '' for the row of all units of the hour, else a metrics dimension's name.
      t.string('dimension', 32).notNullable();
      t.bigInteger('hour_ms').notNullable();
      t.text('value'); // null: the units without a value
      t.bigInteger('units').notNullable();
      t.bigInteger('traces').notNullable();
      t.bigInteger('spans').notNullable();
      t.bigInteger('errors').notNullable();
      t.double('cost').notNullable();
      t.double('input_tokens').notNullable();
      t.double('output_tokens').notNullable();
      t.double('total_tokens').notNullable();
      t.binary('latency_sketch').notNullable();
      t.index(['project_id', 'dimension', 'hour_ms'], 'metrics_rollups_project_dimension_hour_idx');
    });
    await knex.schema.createTable('metrics_dirty_hours', (t) => {
      t.bigIncrements('id').primary();
      // No foreign key: a project's cascade delete marks the hours of the traces it deletes.
      t.uuid('project_id').notNullable();
      t.bigInteger('hour_ms').notNullable();
      t.index(['project_id', 'hour_ms'], 'metrics_dirty_hours_project_hour_idx');
    });
    await createTriggers(knex, dialect);
    // The traces stored before: every hour of them is read raw until the settler rolls it up.
    await knex.raw(`INSERT INTO metrics_dirty_hours (project_id, hour_ms) SELECT DISTINCT t.project_id, ${HOUR_OF('t')} FROM traces t`);
  },
  async down(knex, dialect) {
    for (const name of ['traces_metrics_inserted', 'traces_metrics_deleted', 'traces_metrics_updated']) {
      await knex.raw(dialect === 'postgres' ? `DROP TRIGGER IF EXISTS ${name} ON traces` : `DROP TRIGGER IF EXISTS ${name}`);
    }
    if (dialect === 'postgres') {
      for (const name of ['metrics_mark_new_rows', 'metrics_mark_old_rows', 'metrics_mark_changed_rows']) await knex.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    }
    await knex.schema.dropTableIfExists('metrics_dirty_hours');
    await knex.schema.dropTableIfExists('metrics_rollups');
  },
};
