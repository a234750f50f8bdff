import { expect } from 'chai';
import type { Knex } from 'knex';
import { PARTITIONED_TABLES, partitionNameOf, relationExists, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { endLegacyPartitionAt, moveToWeek, projectWithRetention } from './week-fixtures.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const tracePayload = (id: string, startMs: number) => ({
  trace_id: id,
  name: `heron run ${id}`,
  metadata: { framework: 'langgraph' },
  spans: [
    { span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString() },
    { span_id: `${id}-llm`, parent_span_id: `${id}-root`, name: 'llm call', span_type: 'LLM', status: 'success', latency_ms: 30, start_time: new Date(startMs + 5).toISOString(), metadata: { model: 'gpt' } },
  ],
});

/**
 * A dropped week fires no delete trigger, so no hour is marked and the settler never removes the
 * rollups of its traces (docs/partitioning.md, step 4): retention removes each project's rollup rows and
 * marks of the hours and days wholly below its floor, except those still holding a trace stored in
 * another week. PostgreSQL.
 */
describe('[postgres] retention: the metrics rollups of a dropped week', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  const current = weekStart(Date.now());
  const pastWeek = (n: number) => current - n * WEEK_MS;

  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
    await endLegacyPartitionAt(knex, pastWeek(9));
    for (const week of [pastWeek(6), pastWeek(5), current - WEEK_MS, current, current + WEEK_MS]) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(week));
  });
  after(async () => server.close());

  const newProject = (name: string, retentionDays: number | null) => projectWithRetention(server, name, retentionDays);
  const stored = async (projectId: string, traces: [string, number][], week: number | null) => {
    await server.runtime.services.traceIngestion.ingestBatch(projectId, traces.map(([id, at]) => tracePayload(id, at)));
    if (week !== null) await moveToWeek(knex, projectId, traces.map(([id]) => id), week);
  };
  /** The project's hours and days with rollup rows, and its marked hours, as ISO times. */
  const rollups = async (projectId: string) => {
    const iso = (rows: Record<string, unknown>[], column: string) => [...new Set(rows.map((row) => new Date(Number(row[column])).toISOString()))].sort();
    return {
      hours: iso(await knex('metrics_rollups').where({ project_id: projectId }).select('hour_ms'), 'hour_ms'),
      days: iso(await knex('metrics_daily_rollups').where({ project_id: projectId }).select('day_ms'), 'day_ms'),
      marks: iso(await knex('metrics_dirty_hours').where({ project_id: projectId }).select('hour_ms'), 'hour_ms'),
    };
  };
  const metrics = async (projectId: string) => {
    const now = server.clock.now().getTime();
    const ask = async (body: Record<string, unknown>) =>
      expectEnvelope<{ rows: unknown[] }>(
        await server.request().post('/api/v1/public/metrics/query').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId })
          .send({ from: new Date(now - 60 * DAY).toISOString(), to: new Date(now + HOUR).toISOString(), measures: ['traceCount', 'spanCount', 'errorRate'], ...body }),
      ).rows;
    return { total: await ask({}), daily: await ask({ time: { bucket: 'day', timeZone: 'UTC' } }), byModel: await ask({ dimensions: [{ name: 'model', top: 3 }] }) };
  };

  it('removes the rollup rows and marks of the hours and days wholly below the floor, keeping those of a trace stored in a week that stays and those of other projects', async () => {
    const now = server.clock.now().getTime(); // 2026-11-01T12:00Z
    const t0 = now - 30 * DAY; // 2026-10-02T12:00Z
    const projectId = await newProject('Rollups of a dropped week', 7);
    const keeperId = await newProject('Keeps its traces', null);
    // Dropped: every trace of week 6 is past the floor.
    await stored(projectId, [['old-1', t0 + 10 * 60_000], ['old-2', t0 + HOUR + 10 * 60_000], ['old-3', t0 - 2 * DAY]], pastWeek(6));
    // Week 5 waits for its drop (its newest trace passes the floor in six days): `waiting`'s hour and day stay.
    await stored(projectId, [['waiting', t0 + 20 * 60_000], ['recent', now - DAY]], pastWeek(5));
    await stored(projectId, [['new', now - HOUR]], null);
    await stored(keeperId, [['keeper-old', t0 + HOUR + 10 * 60_000]], null);
    await server.runtime.services.metricsRollups.settleAll();
    // Marks an unsettled write would leave: of an hour that goes and of one that stays.
    await knex('metrics_dirty_hours').insert([{ project_id: projectId, hour_ms: t0 + HOUR }, { project_id: projectId, hour_ms: t0 }]);
    expect(await rollups(projectId)).to.deep.equal({
      hours: ['2026-09-30T12:00:00.000Z', '2026-10-02T12:00:00.000Z', '2026-10-02T13:00:00.000Z', '2026-10-31T12:00:00.000Z', '2026-11-01T11:00:00.000Z'],
      days: ['2026-09-30T00:00:00.000Z', '2026-10-02T00:00:00.000Z', '2026-10-31T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      marks: ['2026-10-02T12:00:00.000Z', '2026-10-02T13:00:00.000Z'],
    });
    const keeperBefore = await rollups(keeperId);
    const answered = await metrics(projectId);

    for (let i = 0; i < 100; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`rollups-${i}`)).more) break;

    expect(await Promise.all(PARTITIONED_TABLES.map((table) => relationExists(knex, partitionNameOf(table, pastWeek(6)))))).to.deep.equal([false, false, false, false]);
    expect(await rollups(projectId)).to.deep.equal({
      hours: ['2026-10-02T12:00:00.000Z', '2026-10-31T12:00:00.000Z', '2026-11-01T11:00:00.000Z'],
      days: ['2026-10-02T00:00:00.000Z', '2026-10-31T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      marks: ['2026-10-02T12:00:00.000Z'],
    });
    expect(await rollups(keeperId)).to.deep.equal(keeperBefore);
    expect(keeperBefore.hours).to.deep.equal(['2026-10-02T13:00:00.000Z']);
    expect(await metrics(projectId)).to.deep.equal(answered);
  });
});
