import { expect } from 'chai';
import type { Knex } from 'knex';
import { WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { endLegacyPartitionAt, moveToWeek, projectWithRetention } from './week-fixtures.js';

const DAY = 24 * 3600_000;

const tracePayload = (id: string, startMs: number) => ({
  trace_id: id,
  name: `lilac run ${id}`,
  tags: ['weekly'],
  spans: [
    { span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString() },
    { span_id: `${id}-llm`, parent_span_id: `${id}-root`, name: 'llm call', span_type: 'LLM', status: 'success', start_time: new Date(startMs + 5).toISOString() },
  ],
});

/**
 * Retention of the rows past retention in weeks that are not dropped at once (docs/partitioning.md,
 * "Weeks that do not qualify"), PostgreSQL: a past week whose drop is due within a week waits for it;
 * otherwise its rows past retention go by the batch path restricted to the week. One case per rule,
 * each in past weeks of its own (the legacy partition, empty on this new database, ends before them).
 */
describe('[postgres] retention: rows past retention wait for their week\'s drop, or go by the week-restricted batch path', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  const current = weekStart(Date.now());
  const pastWeek = (n: number) => current - n * WEEK_MS;

  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
    await endLegacyPartitionAt(knex, pastWeek(9));
    for (let n = -1; n <= 1; n++) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(current + n * WEEK_MS));
  });
  after(async () => server.close());

  /** Past weeks of the case's own (an empty past week is dropped by any run before its case). */
  const weeks = async (...ns: number[]) => {
    for (const n of ns) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(pastWeek(n)));
  };
  const newProject = (name: string, retentionDays: number | null) => projectWithRetention(server, name, retentionDays);
  /** Traces `ids` created `agoMs` before the service's now, stored in the week `week` (null: stored now). */
  const stored = async (projectId: string, ids: string[], agoMs: number, week: number | null) => {
    const now = server.clock.now().getTime();
    await server.runtime.services.traceIngestion.ingestBatch(projectId, ids.map((id) => tracePayload(id, now - agoMs)));
    if (week !== null) await moveToWeek(knex, projectId, ids, week);
  };
  const runLifecycle = async () => {
    for (let i = 0; i < 100; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`wait-${i}`)).more) return;
    throw new Error('the lifecycle did not finish');
  };
  /** The project's trace ids left in each table holding per-trace rows, with the week each is stored in. */
  const rowsLeft = async (projectId: string) => {
    const left: Record<string, string[]> = {};
    for (const [table, column] of [['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id'], ['trace_ids', 'id']] as const) {
      const rows = (await knex(table).where({ project_id: projectId }).distinct(column, 'stored_at')) as Record<string, unknown>[];
      left[table] = rows.map((row) => `${row[column]}@${Math.floor((Number(row.stored_at) - current) / WEEK_MS)}`).sort();
    }
    return left;
  };
  const everywhere = (ids: string[]) => ({ traces: ids, spans: ids, trace_search: ids, trace_tags: ids, trace_ids: ids });
  const listed = async (projectId: string) =>
    expectEnvelope<{ traces: { id: string }[] }>(await server.request().get('/api/v1/public/traces').query({ limit: 50 }).set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId }))
      .traces.map((t) => t.id)
      .sort();

  it('a past week whose drop is due within a week keeps its rows past retention for the drop', async () => {
    await weeks(8);
    const projectId = await newProject('Due soon', 7);
    await stored(projectId, ['gone-1', 'gone-2'], 30 * DAY, pastWeek(8));
    // Its newest trace passes the floor in six days: the week's drop is due then.
    await stored(projectId, ['recent'], 1 * DAY, pastWeek(8));

    await runLifecycle();

    expect(await rowsLeft(projectId)).to.deep.equal(everywhere(['gone-1@-8', 'gone-2@-8', 'recent@-8']));
    expect(await listed(projectId)).to.deep.equal(['recent']);
  });

  it('a past week whose drop is more than a week away (a project of longer retention shares it) loses its rows past retention by the batch path', async () => {
    await weeks(7);
    const shortId = await newProject('Short retention', 7);
    const longId = await newProject('Long retention', 30);
    await stored(shortId, ['gone-1', 'gone-2'], 30 * DAY, pastWeek(7));
    // Past its floor in 20 days: the week's drop is due then.
    await stored(longId, ['long'], 10 * DAY, pastWeek(7));

    await runLifecycle();

    expect(await rowsLeft(shortId)).to.deep.equal(everywhere([]));
    expect(await rowsLeft(longId)).to.deep.equal(everywhere(['long@-7']));
  });

  it('a past week shared with a project that keeps its traces (never dropped) loses the other project\'s rows past retention by the batch path', async () => {
    await weeks(6);
    const shortId = await newProject('Short retention, shared', 7);
    const keeperId = await newProject('Keeps everything', null);
    await stored(shortId, ['gone-1', 'gone-2'], 30 * DAY, pastWeek(6));
    await stored(keeperId, ['kept'], 30 * DAY, pastWeek(6));

    await runLifecycle();

    expect(await rowsLeft(shortId)).to.deep.equal(everywhere([]));
    expect(await rowsLeft(keeperId)).to.deep.equal(everywhere(['kept@-6']));
  });

  it('the batch path of a week leaves the same project\'s rows past retention in a week that waits', async () => {
    await weeks(5, 4);
    const projectId = await newProject('Two weeks', 7);
    const keeperId = await newProject('Keeps week 4', null);
    await stored(projectId, ['waits-1', 'recent'], 30 * DAY, pastWeek(5));
    await knex('traces').where({ project_id: projectId, id: 'recent' }).update({ created_at: server.clock.now().getTime() - DAY });
    await stored(projectId, ['gone-1'], 30 * DAY, pastWeek(4));
    await stored(keeperId, ['kept'], 30 * DAY, pastWeek(4));

    await runLifecycle();

    expect(await rowsLeft(projectId)).to.deep.equal(everywhere(['recent@-5', 'waits-1@-5']));
    expect(await rowsLeft(keeperId)).to.deep.equal(everywhere(['kept@-4']));
  });

  it('a trace stored this week long after it began (a backfill) goes by the batch path: the week is not past', async () => {
    const projectId = await newProject('Backfill', 7);
    await stored(projectId, ['backfilled'], 30 * DAY, null);
    await stored(projectId, ['fresh'], DAY, null);

    await runLifecycle();

    expect(await rowsLeft(projectId)).to.deep.equal(everywhere(['fresh@0']));
  });
});
