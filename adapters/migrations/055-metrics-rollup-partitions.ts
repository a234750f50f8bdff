import type { Knex } from 'knex';
import type { Migration } from './migration.js';
import { partitionKey, ROLLUP_TABLES, WEEK_MS, weekPartitionName, weekStart, type RollupTable } from '../postgres/time-partitions.js';

/**
 * PostgreSQL only: the metrics rollups (`metrics_rollups` by `hour_ms`, `metrics_daily_rollups` by
 * `day_ms`, migrations 047 and 050) become tables partitioned by week, the weeks of `traces`
 * (docs/partitioning.md, "The metrics rollups"), so that retention drops a week of them whole once every
 * project with rows in it is past its floor. SQLite is not partitioned.
 *
 * Online for ingest: ingest never writes these tables (its triggers mark hours in `metrics_dirty_hours`,
 * which stays as it is). In the migration's one transaction, each table is locked EXCLUSIVE — the settler
 * waits, metrics reads go on — a partitioned copy is built beside it with a partition for every week its
 * rows fall in and for the current week and the four after it, the rows are copied, and only then is the
 * old table dropped and the copy renamed: reads wait for that last moment only. The rollups are small
 * beside the rows they add up (one row per project, hour and dimension value).
 */
const INDEX: Record<RollupTable, string> = {
  metrics_rollups: 'metrics_rollups_project_dimension_hour_idx',
  metrics_daily_rollups: 'metrics_daily_rollups_project_dimension_day_idx',
};
const WEEKS_AHEAD = 4;

async function isPartitioned(knex: Knex, table: string): Promise<boolean> {
  const result = await knex.raw("SELECT c.relkind = 'p' AS partitioned FROM pg_class c WHERE c.oid = to_regclass(?)", [table]);
  return Boolean((result.rows as { partitioned: boolean }[])[0]?.partitioned);
}

/**
 * Replaces `table` by a copy laid out as `partitioned` says, with the same rows, foreign key and index
 * names: the copy built under a name of its own, and the old table dropped only at the end.
 */
async function rebuild(knex: Knex, table: RollupTable, partitioned: boolean): Promise<void> {
  if ((await isPartitioned(knex, table)) === partitioned) return;
  const key = partitionKey(table);
  const copy = `${table}_${partitioned ? 'partitioned' : 'unpartitioned'}`;
  await knex.raw(`CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS)${partitioned ? ` PARTITION BY RANGE (${key})` : ''}`, [copy, table]);
  await knex.raw('ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE', [copy, `${table}_project_id_foreign`]);
  if (partitioned) {
    const stored = (await knex.raw(`SELECT DISTINCT ${key} AS at FROM ??`, [table])).rows as { at: string | number }[];
    const current = weekStart(Date.now());
    const weeks = new Set([...stored.map((row) => weekStart(Number(row.at))), ...Array.from({ length: WEEKS_AHEAD + 1 }, (_, k) => current + k * WEEK_MS)]);
    for (const week of [...weeks].sort((a, b) => a - b)) {
      await knex.raw(`CREATE TABLE ?? PARTITION OF ?? FOR VALUES FROM (${week}) TO (${week + WEEK_MS})`, [weekPartitionName(table, week), copy]);
    }
  }
  await knex.raw('INSERT INTO ?? SELECT * FROM ??', [copy, table]);
  await knex.raw(`CREATE INDEX ?? ON ?? (project_id, dimension, ${key})`, [`${INDEX[table]}_new`, copy]);
  await knex.raw('DROP TABLE ??', [table]);
  await knex.raw('ALTER TABLE ?? RENAME TO ??', [copy, table]);
  await knex.raw('ALTER INDEX ?? RENAME TO ??', [`${INDEX[table]}_new`, INDEX[table]]);
}

/** Both tables rebuilt, locked in the settler's order (hours, then days) so it waits rather than deadlocks; in a transaction of its own when not given one. */
async function rebuildBoth(knex: Knex, partitioned: boolean): Promise<void> {
  const run = async (trx: Knex) => {
    for (const table of ROLLUP_TABLES) await trx.raw('LOCK TABLE ?? IN EXCLUSIVE MODE', [table]);
    for (const table of ROLLUP_TABLES) await rebuild(trx, table, partitioned);
  };
  if ((knex as Knex.Transaction).isTransaction) await run(knex);
  else await knex.transaction(run);
}

export const metricsRollupPartitions: Migration = {
  name: '055-metrics-rollup-partitions',
  async up(knex, dialect) {
    if (dialect === 'postgres') await rebuildBoth(knex, true);
  },
  async down(knex, dialect) {
    if (dialect === 'postgres') await rebuildBoth(knex, false);
  },
};
