import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateToLatest } from '../../adapters/database.js';
import { metricsRollupPartitions } from '../../adapters/migrations/055-metrics-rollup-partitions.js';
import { encodeSketch } from '../../adapters/sql/latency-sketch.js';
import { relationExists, ROLLUP_TABLES, WEEK_MS, weekPartitionName, weekStart } from '../../adapters/postgres/time-partitions.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { projectWithRetention } from '../administration/week-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A rollup row as the settler writes it, hour or day by `column`. */
const rollupRow = (projectId: string, column: 'hour_ms' | 'day_ms', at: number, units: number) => ({
  project_id: projectId,
  dimension: 'model',
  [column]: at,
  value: `model-${units}`,
  units,
  traces: units,
  spans: 2 * units,
  errors: 0,
  cost: units / 4,
  input_tokens: 10 * units,
  output_tokens: 3 * units,
  total_tokens: 13 * units,
  latency_sketch: encodeSketch([[10, units]]),
});

/** Every row of a rollup table, in a fixed order, its sketch as bytes: equal before and after a migration. */
const rowsOf = async (knex: Knex, table: string, column: string) =>
  (await knex(table).orderBy(['project_id', column, 'value'])).map((row: Record<string, unknown>) => ({
    ...row,
    [column]: Number(row[column]),
    latency_sketch: [...Buffer.from(row.latency_sketch as Uint8Array)],
  }));

const partitionsOf = async (knex: Knex, table: string) =>
  (
    await knex.raw("SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ?::regclass ORDER BY c.relname", [table])
  ).rows.map((row: { name: string }) => row.name);

const relkind = async (knex: Knex, table: string) => (await knex.raw('SELECT relkind FROM pg_class WHERE oid = ?::regclass', [table])).rows[0].relkind as string;

describe('weekPartitionName', () => {
  it('names a week by its first day, or by its first ms (n for a minus) when its year has not four digits', () => {
    expect(weekPartitionName('metrics_rollups', weekStart(Date.parse('2019-03-05T10:00:00Z')))).to.equal('metrics_rollups_w20190304');
    expect(weekPartitionName('metrics_daily_rollups', weekStart(Date.parse('0001-01-03T00:00:00Z')))).to.equal('metrics_daily_rollups_w00010101');
    expect(weekPartitionName('metrics_rollups', weekStart(Date.UTC(10000, 0, 5)))).to.equal('metrics_rollups_wms253402473600000');
    expect(weekPartitionName('metrics_rollups', weekStart(Date.UTC(-1, 5, 5)))).to.equal('metrics_rollups_wmsn62185795200000');
  });
});

describe('[postgres] migration 055-metrics-rollup-partitions', () => {
  const current = weekStart(Date.now());
  const march2019 = Date.parse('2019-03-05T10:00:00Z');
  const october = Date.parse('2026-10-14T07:00:00Z');

  const seed = async (knex: Knex) => {
    const organization = await organizationRow(knex, october);
    const [project, other] = [randomUUID(), randomUUID()];
    for (const id of [project, other]) await knex('projects').insert({ id, organization_id: organization, name: id, created_at: october, updated_at: october });
    await knex('metrics_rollups').insert([
      rollupRow(project, 'hour_ms', march2019, 1),
      rollupRow(project, 'hour_ms', october, 2),
      rollupRow(project, 'hour_ms', october + HOUR, 3),
      rollupRow(other, 'hour_ms', october, 4),
    ]);
    await knex('metrics_daily_rollups').insert([rollupRow(project, 'day_ms', october - 7 * HOUR, 5), rollupRow(other, 'day_ms', march2019 - 10 * HOUR, 6)]);
    return { project, other };
  };
  const weeksFrom = (table: string, weeks: number[]) => weeks.map((week) => weekPartitionName(table as 'metrics_rollups', week)).sort();
  const expectedWeeks = [weekStart(march2019), weekStart(october), ...Array.from({ length: 5 }, (_, k) => current + k * WEEK_MS)];

  it('moves the stored rows into weekly partitions — a week for each week they fall in, the current week and the four after it — every row as it was', async () => {
    await onDatabaseThrough('postgres', '054-trace-ids-week-order', async (database) => {
      const knex = database.knex;
      await seed(knex);
      const before = { hours: await rowsOf(knex, 'metrics_rollups', 'hour_ms'), days: await rowsOf(knex, 'metrics_daily_rollups', 'day_ms') };
      expect(before.hours).to.have.length(4);

      await migrateToLatest(database);

      for (const table of ROLLUP_TABLES) {
        expect(await relkind(knex, table)).to.equal('p');
        expect(await partitionsOf(knex, table)).to.deep.equal(weeksFrom(table, expectedWeeks));
      }
      expect(weekPartitionName('metrics_rollups', weekStart(march2019))).to.equal('metrics_rollups_w20190304');
      expect({ hours: await rowsOf(knex, 'metrics_rollups', 'hour_ms'), days: await rowsOf(knex, 'metrics_daily_rollups', 'day_ms') }).to.deep.equal(before);
      const rowOf2019 = await knex.raw("SELECT tableoid::regclass::text AS part FROM metrics_rollups WHERE hour_ms = ?", [march2019]);
      expect(rowOf2019.rows).to.deep.equal([{ part: 'metrics_rollups_w20190304' }]);
      const indexes = await knex.raw("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('metrics_rollups', 'metrics_daily_rollups') ORDER BY 1");
      expect(indexes.rows.map((row: { indexname: string }) => row.indexname)).to.deep.equal(['metrics_daily_rollups_project_dimension_day_idx', 'metrics_rollups_project_dimension_hour_idx']);
    });
  });

  it("keeps the project's cascade: a deleted project's rows go from every week", async () => {
    await onDatabaseThrough('postgres', '054-trace-ids-week-order', async (database) => {
      const knex = database.knex;
      const { project, other } = await seed(knex);
      await migrateToLatest(database);
      await knex('projects').where({ id: project }).delete();
      expect((await rowsOf(knex, 'metrics_rollups', 'hour_ms')).map((row) => row.project_id)).to.deep.equal([other]);
      expect((await rowsOf(knex, 'metrics_daily_rollups', 'day_ms')).map((row) => row.project_id)).to.deep.equal([other]);
    });
  });

  it('down makes plain tables again with the same rows and indexes, and up runs again', async () => {
    await onDatabaseThrough('postgres', '054-trace-ids-week-order', async (database) => {
      const knex = database.knex;
      await seed(knex);
      await migrateToLatest(database);
      const partitioned = { hours: await rowsOf(knex, 'metrics_rollups', 'hour_ms'), days: await rowsOf(knex, 'metrics_daily_rollups', 'day_ms') };

      await metricsRollupPartitions.down(knex, 'postgres');
      for (const table of ROLLUP_TABLES) expect(await relkind(knex, table)).to.equal('r');
      expect({ hours: await rowsOf(knex, 'metrics_rollups', 'hour_ms'), days: await rowsOf(knex, 'metrics_daily_rollups', 'day_ms') }).to.deep.equal(partitioned);
      const indexes = await knex.raw("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('metrics_rollups', 'metrics_daily_rollups') ORDER BY 1");
      expect(indexes.rows.map((row: { indexname: string }) => row.indexname)).to.deep.equal(['metrics_daily_rollups_project_dimension_day_idx', 'metrics_rollups_project_dimension_hour_idx']);

      await metricsRollupPartitions.up(knex, 'postgres');
      for (const table of ROLLUP_TABLES) expect(await partitionsOf(knex, table)).to.deep.equal(weeksFrom(table, expectedWeeks));
      expect({ hours: await rowsOf(knex, 'metrics_rollups', 'hour_ms'), days: await rowsOf(knex, 'metrics_daily_rollups', 'day_ms') }).to.deep.equal(partitioned);
    });
  });
});

const tracePayload = (id: string, startMs: number) => ({
  trace_id: id,
  name: `kestrel run ${id}`,
  spans: [{ span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString() }],
});

/**
 * The rollups on PostgreSQL are in weekly partitions by the week of the traces' created_at
 * (docs/partitioning.md, "The metrics rollups"): the settler makes a week it writes into, and retention
 * drops a past week whole once every project with rows there is past its floor.
 */
describe('[postgres] metrics rollups in weekly partitions', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  const newProject = (name: string, retentionDays: number | null) => projectWithRetention(server, name, retentionDays);
  const ingest = (projectId: string, traces: [string, number][]) => server.runtime.services.traceIngestion.ingestBatch(projectId, traces.map(([id, at]) => tracePayload(id, at)));
  const weekExists = async (week: number) => Promise.all(ROLLUP_TABLES.map((table) => relationExists(knex, weekPartitionName(table, week))));
  const traceCount = async (projectId: string, from: number, to: number) => {
    const rows = expectEnvelope<{ rows: { values: { traceCount: number } }[] }>(
      await server.request().post('/api/v1/public/metrics/query').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId })
        .send({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), measures: ['traceCount'] }),
    ).rows;
    return rows[0]?.values.traceCount ?? 0;
  };

  it('writes the rollups of a trace dated in a week without a partition, making the week for both grains', async () => {
    const projectId = await newProject('Backfilled in 2019', null);
    const at = Date.parse('2019-03-05T10:20:00Z');
    expect(await weekExists(weekStart(at))).to.deep.equal([false, false]);
    await ingest(projectId, [['back-1', at], ['back-2', at + HOUR]]);
    await server.runtime.services.metricsRollups.settleAll();

    expect(await weekExists(weekStart(at))).to.deep.equal([true, true]);
    const parts = await knex.raw('SELECT DISTINCT tableoid::regclass::text AS part FROM metrics_rollups WHERE project_id = ?', [projectId]);
    expect(parts.rows).to.deep.equal([{ part: 'metrics_rollups_w20190304' }]);
    expect(await knex('metrics_daily_rollups').where({ project_id: projectId, dimension: '' }).pluck('traces')).to.deep.equal([2]);
    expect(await traceCount(projectId, Date.parse('2019-03-01T00:00:00Z'), Date.parse('2019-03-10T00:00:00Z'))).to.equal(2);
  });

  it("drops a past week whose every project is past its floor, and keeps one holding a project that keeps its traces and one ending after a floor", async () => {
    const now = server.clock.now().getTime(); // 2026-11-01T12:00Z
    const gone = weekStart(now - 30 * DAY); // every row of it past the 7-day floor
    const shared = weekStart(now - 45 * DAY); // shared with a project without retention
    const recent = weekStart(now - 3 * DAY); // ends after the floor
    const retained = await newProject('Seven days', 7);
    const keeper = await newProject('Keeps everything', null);
    await ingest(retained, [['r-gone', gone + DAY], ['r-shared', shared + DAY], ['r-recent', now - 3 * DAY]]);
    await ingest(keeper, [['k-shared', shared + 2 * DAY]]);
    await server.runtime.services.metricsRollups.settleAll();
    expect(await weekExists(gone)).to.deep.equal([true, true]);
    const keeperBefore = await traceCount(keeper, shared, shared + WEEK_MS);
    expect(keeperBefore).to.equal(1);

    for (let i = 0; i < 50; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`rollup-weeks-${i}`)).more) break;

    expect(await weekExists(gone)).to.deep.equal([false, false]);
    expect(await weekExists(shared)).to.deep.equal([true, true]);
    expect(await weekExists(recent)).to.deep.equal([true, true]);
    expect(await traceCount(keeper, shared, shared + WEEK_MS)).to.equal(keeperBefore);
    // The retained project's traces past the floor went by the batch path; settling their marked hours
    // writes nothing there again, so the dropped week is not made anew.
    await server.runtime.services.metricsRollups.settleAll();
    expect(await weekExists(gone)).to.deep.equal([false, false]);
    expect(await knex('metrics_rollups').where({ project_id: retained }).where('hour_ms', '<', now - 7 * DAY).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    expect(await traceCount(retained, now - 4 * DAY, now)).to.equal(1);
  });

  it('keeps a week when a project other than those named has rows there by the time of the drop', async () => {
    const projectId = await newProject('Arrived meanwhile', null);
    const week = weekStart(Date.parse('2025-06-11T00:00:00Z'));
    await ingest(projectId, [['late', week + DAY]]);
    await server.runtime.services.metricsRollups.settleAll();

    expect(await server.runtime.store.dataLifecycle.dropRollupWeek({ fromMs: week, toMs: week + WEEK_MS }, [])).to.equal(false);
    expect(await weekExists(week)).to.deep.equal([true, true]);
    expect(await server.runtime.store.dataLifecycle.dropRollupWeek({ fromMs: week, toMs: week + WEEK_MS }, [projectId])).to.equal(true);
    expect(await weekExists(week)).to.deep.equal([false, false]);
  });
});
