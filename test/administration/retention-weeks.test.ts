import { expect } from 'chai';
import type { Knex } from 'knex';
import { partitionNameOf, PARTITIONED_TABLES, relationExists, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { countEveryTable } from './table-counts.js';
import { endLegacyPartitionAt, moveToWeek, projectWithRetention } from './week-fixtures.js';

const DAY = 24 * 3600_000;

const tracePayload = (id: string, startMs: number) => ({
  trace_id: id,
  name: `tulip run ${id}`,
  tags: ['weekly'],
  metadata: { framework: 'langgraph', agent_name: 'planner' },
  spans: [
    { span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString(), metadata: { cost: 0.01 } },
    { span_id: `${id}-llm`, parent_span_id: `${id}-root`, name: 'llm call', span_type: 'LLM', status: 'success', start_time: new Date(startMs + 5).toISOString(), metadata: { model: 'gpt' } },
  ],
});

/** Row counts of every table but the partitions themselves (their parents count their rows). */
const countRows = async (knex: Knex) =>
  Object.fromEntries(Object.entries(await countEveryTable(knex, 'postgres')).filter(([table]) => !/_(w\d{8}|legacy)$/.test(table) && !['audit_events', 'worker_leases', 'scheduled_runs'].includes(table)));

/**
 * Retention on partitioned storage (docs/partitioning.md, "Retention and project purges"): a past week
 * whose every trace is past retention is released and dropped whole; otherwise traces go by the batch path.
 */
describe('[postgres] retention over weekly partitions', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  const current = weekStart(Date.now());
  /** Two past weeks with partitions of their own: the legacy partition (empty on this new database) ends where they begin. */
  const [weekA, weekB] = [current - 3 * WEEK_MS, current - 2 * WEEK_MS];

  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
    await endLegacyPartitionAt(knex, weekA);
    for (const week of [weekA, weekB, current - WEEK_MS, current, current + WEEK_MS]) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(week));
  });
  after(async () => server.close());

  const newProject = (name: string, retentionDays: number | null) => projectWithRetention(server, name, retentionDays);
  const runLifecycle = async () => {
    for (let i = 0; i < 100; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`weeks-${i}`)).more) return server.runtime.services.metricsRollups.settleAll();
    throw new Error('the lifecycle did not finish');
  };
  const weekExists = async (week: number) => Promise.all(PARTITIONED_TABLES.map((table) => relationExists(knex, partitionNameOf(table, week))));
  const answers = async (projectId: string) => ({
    list: expectEnvelope<{ traces: { id: string }[] }>(
      await server.request().get('/api/v1/public/traces').query({ limit: 50 }).set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId }),
    ).traces.map((t) => t.id).sort(),
    search: (await server.runtime.services.traceSearch.search(projectId, { query: 'tulip' })).traces.map((t) => t.id).sort(),
  });

  it('drops a past week whose every trace is past retention: its rows gone, scores with them, newer traces kept, every table as the batch path leaves it', async () => {
    const now = server.clock.now().getTime();
    const projectId = await newProject('Dropped week', 7);
    await server.runtime.services.traceIngestion.ingestBatch(projectId, ['new-1', 'new-2'].map((id, i) => tracePayload(id, now - i * 1000)));
    await server.runtime.services.metricsRollups.settleAll();
    const before = await countRows(knex);

    const old = ['old-1', 'old-2', 'old-3'];
    await server.runtime.services.traceIngestion.ingestBatch(projectId, old.map((id, i) => tracePayload(id, now - 30 * DAY - i * 1000)));
    await moveToWeek(knex, projectId, old, weekB);
    await knex('scores').insert({ id: '00000000-0000-4000-8000-0000000000b1', project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: 'old-1', source: 'api', created_at: now });
    const answered = await answers(projectId);
    expect(answered.list).to.deep.equal(['new-1', 'new-2']);

    await runLifecycle();

    expect(await weekExists(weekB)).to.deep.equal([false, false, false, false]);
    // The current week holds the newer traces; an empty past week goes too (week A, the legacy partition).
    expect(await weekExists(current)).to.deep.equal([true, true, true, true]);
    expect(await weekExists(weekA)).to.deep.equal([false, false, false, false]);
    expect(await countRows(knex)).to.deep.equal(before);
    expect(await answers(projectId)).to.deep.equal(answered);
    expect((await server.runtime.store.traces.findWithSpans(projectId, 'new-1'))?.spans.map((s) => s.spanId).sort()).to.deep.equal(['new-1-llm', 'new-1-root']);
  });

  it('keeps a past week where a trace is no longer past retention (moved later), deleting its other traces by the batch path when its drop is more than a week away', async () => {
    await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(weekA)); // an empty past week is dropped by any run before
    const now = server.clock.now().getTime();
    // 30 days: the moved trace passes its floor in 30 days, the week's drop is due then. Within a week,
    // the other traces would wait for the drop instead (retention-wait.test.ts).
    const projectId = await newProject('Kept week', 30);
    const old = ['moved', 'gone-1', 'gone-2'];
    await server.runtime.services.traceIngestion.ingestBatch(projectId, old.map((id, i) => tracePayload(id, now - 40 * DAY - i * 1000)));
    await moveToWeek(knex, projectId, old, weekA);
    // As an OTLP append whose spans carry no start time moves its trace to the time received.
    await knex('traces').where({ project_id: projectId, id: 'moved' }).update({ created_at: now });

    await runLifecycle();

    expect(await weekExists(weekA)).to.deep.equal([true, true, true, true]);
    expect((await answers(projectId)).list).to.deep.equal(['moved']);
    for (const [table, column] of [['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id'], ['trace_ids', 'id']]) {
      const ids = await knex(table).where({ project_id: projectId }).distinct(column).pluck(column);
      expect(ids, table).to.deep.equal(['moved']);
    }
  });

  it('deletes by the batch path only the released trace of an id that names a newer trace too', async () => {
    await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(weekA)); // an empty past week is dropped by any run before
    const now = server.clock.now().getTime();
    const projectId = await newProject('Twins', 7);
    await server.runtime.services.traceIngestion.ingestBatch(projectId, [tracePayload('twin', now - 30 * DAY)]);
    await moveToWeek(knex, projectId, ['twin'], weekA);
    // Released by a week's drop that then found the week still holding a registered trace.
    await knex('trace_ids').where({ project_id: projectId, id: 'twin' }).delete();
    await server.runtime.services.traceIngestion.ingestBatch(projectId, [{ ...tracePayload('twin', now), name: 'tulip newer twin' }]);
    const floor = now - 7 * DAY;

    const deleted = await server.runtime.store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['twin'], floor));

    expect(deleted).to.equal(1);
    expect((await server.runtime.store.traces.findById(projectId, 'twin'))?.name).to.equal('tulip newer twin');
    expect(await knex('spans').where({ project_id: projectId, trace_id: 'twin' }).count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(2);
    expect(await knex('traces').where({ project_id: projectId, id: 'twin' }).count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(1);
  });
});
