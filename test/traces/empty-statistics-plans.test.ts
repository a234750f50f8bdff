import { expect } from 'chai';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/harness.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';
import { DataLifecycle } from '../../src/domain/lifecycle/data-lifecycle.js';
import { ingest, sampleTrace } from './fixtures.js';
import { partitionNameOf, relationExists, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { endLegacyPartitionAt, moveToWeek, projectWithRetention } from '../administration/week-fixtures.js';

type PlanNode = { 'Node Type': string; 'Actual Loops'?: number; 'Actual Rows'?: number; 'Relation Name'?: string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Filter?: string; Plans?: PlanNode[] };
type Connection = { query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** The tables of a trace's rows: partitioned by week, and the registry that names each trace's week. */
const TRACE_TABLES = /^(traces|spans|trace_search|trace_tags|trace_ids)(_|$)/;
/**
 * Copies of a trace in each table: enough traces that the planner, costing the partition by its size
 * alone, prefers a wrong index (it did from about 30,000; at 10,000 it still took the primary key),
 * and for the other tables enough rows that a walk shows above MOST_FILTERED.
 */
const COPIES: Record<string, number> = { trace_ids: 40_000, traces: 40_000, spans: 3000, trace_search: 3000, trace_tags: 3000 };
const MOST_FILTERED = 1000;

/** The project's trace `seed-0` copied under other ids (COPIES, or at most `atMost` per table), in every table of its rows. */
async function copyTrace(knex: Knex, projectId: string, atMost = Infinity): Promise<void> {
  for (const [table, idColumn] of [['trace_ids', 'id'], ['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id']]) {
    await knex.raw(
      `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || jsonb_build_object('${idColumn}', 'copy-' || n))).* FROM ${table} t, generate_series(1, ${Math.min(COPIES[table], atMost)}) n WHERE t.project_id = ? AND t.${idColumn} = 'seed-0'`,
      [projectId],
    );
  }
}

/** The trace every copy is made from (copyTrace): one step that began 30 days before the test clock's now, past a 7-day floor. */
function monthOldSeed(server: TestServer): ReturnType<typeof sampleTrace> {
  const monthAgo = new Date(server.clock.now().getTime() - 30 * 86_400_000).toISOString();
  return sampleTrace({ trace_id: 'seed-0', name: 'granite seed', spans: [{ span_id: 'r', name: 'old step', span_type: 'AGENT', status: 'success', latency_ms: 5, start_time: monthAgo }] });
}

/** How many traces the project holds. */
async function traceCount(knex: Knex, projectId: string): Promise<number> {
  return Number((await knex('traces').where({ project_id: projectId }).count<{ n: number | string }[]>({ n: '*' }))[0].n);
}

/**
 * The statistics of the trace tables and their partitions cleared, as on a week autovacuum has not
 * analyzed. Only the test server's own schema: the catalog is shared by the whole database, and
 * clearing every schema's tables deadlocked with a parallel test's DDL on its own (seen in CI).
 */
async function clearStatistics(knex: Knex): Promise<void> {
  const relations = `SELECT oid FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relname ~ '${TRACE_TABLES.source}'`;
  await knex.raw(`DELETE FROM pg_statistic WHERE starelid IN (${relations})`);
  const cleared = (await knex.raw(`UPDATE pg_class SET reltuples = -1 WHERE oid IN (${relations})`)) as { rowCount: number };
  expect(cleared.rowCount, 'trace tables whose statistics were cleared').to.be.greaterThan(0);
}

/** What a plan does to the trace tables that a walk would: each offending node, described. */
function walksIn(plan: PlanNode): string[] {
  const walks: string[] = [];
  const visit = (node: PlanNode): void => {
    const relation = node['Relation Name'] ?? '';
    const loops = node['Actual Loops'] ?? 0;
    const filtered = (node['Rows Removed by Filter'] ?? 0) * loops;
    // A sequential scan read once can still walk: every row of a week handed to a join, unfiltered.
    const scanned = node['Node Type'] === 'Seq Scan' && node.Filter === undefined ? (node['Actual Rows'] ?? 0) * loops : 0;
    if (TRACE_TABLES.test(relation) && (filtered > MOST_FILTERED || scanned > MOST_FILTERED || (node['Node Type'] === 'Seq Scan' && loops > 1))) {
      walks.push(`${node['Node Type']} on ${relation}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}: ${loops} loops, ${filtered} rows filtered`);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return walks;
}

/** A statement as knex sent it, with the step of the scenario that sent it. */
interface Sent {
  step: string;
  sql: string;
  bindings: unknown[];
}

/** Every statement knex sends while `work` runs, labelled by the step `work` names through `label`. */
async function captured(knex: Knex, work: (label: (step: string) => void) => Promise<void>): Promise<Sent[]> {
  const sent: Sent[] = [];
  let step = '';
  const capture = (query: { sql: string; bindings?: unknown[] }) => sent.push({ step, sql: query.sql, bindings: query.bindings ?? [] });
  knex.on('query', capture);
  try {
    await work((name) => (step = name));
  } finally {
    knex.off('query', capture);
  }
  return sent;
}

/**
 * Runs each statement under EXPLAIN ANALYZE on one connection and returns the walks its plan shows
 * (`step: walk — statement`) and the steps whose statements ran. `inOrder`: all in one transaction, in
 * the order sent, so each sees what the ones before it did (then rolled back); else each in its own
 * rolled-back transaction.
 */
async function replay(knex: Knex, statements: Sent[], inOrder: boolean, beforeRollback?: (connection: Connection) => Promise<void>): Promise<{ walks: string[]; steps: Set<string> }> {
  const walks: string[] = [];
  const steps = new Set<string>();
  const connection = (await knex.client.acquireConnection()) as Connection;
  try {
    if (inOrder) await connection.query('BEGIN');
    for (const statement of statements) {
      const positioned = (knex.client as unknown as { positionBindings(sql: string): string }).positionBindings(statement.sql);
      if (!inOrder) await connection.query('BEGIN');
      try {
        const explained = await connection.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${positioned}`, statement.bindings);
        steps.add(statement.step);
        for (const walk of walksIn((explained.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan)) walks.push(`${statement.step}: ${walk} — ${statement.sql.slice(0, 160)}`);
      } finally {
        if (!inOrder) await connection.query('ROLLBACK');
      }
    }
    if (inOrder && beforeRollback) await beforeRollback(connection);
  } finally {
    if (inOrder) await connection.query('ROLLBACK');
    await knex.client.releaseConnection(connection);
  }
  return { walks, steps };
}

/**
 * A week's partition filled before autovacuum analyzed it (or with autovacuum off, as on these
 * machines): the planner then costs every index of the partition at one row, and a statement that
 * names a trace by a column no index leads with can walk the project's rows once per call
 * (docs/partitioning.md, fifth pass). Every statement the trace paths send — OTLP export and append,
 * batch ingest and its conflict, reads, search, a score, the scheduler's tick, a delete — is replayed
 * under EXPLAIN ANALYZE on such a week holding 40,000 of the project's traces; none may filter more
 * than a thousand rows out of a trace table or scan one sequentially once per outer row.
 */
describe('[postgres] trace statements on empty planner statistics', () => {
  let server: TestServer;
  let knex: Knex;
  before(async () => {
    server = await startTestServer('postgres', { env: { TRACE_SETTLE_MS: '0' } });
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  it("reads, appends and deletes a trace without walking the project's rows", async function () {
    this.timeout(240_000); // 80,000 rows copied first: about 30 s on two busy cores
    const projectId = server.tenant.project.id;
    const key = { 'x-api-key': server.tenant.apiKey };
    const otlp = (traceId: string, spanId: number, parent?: number) =>
      server.request().post('/v1/traces').set(key).set('content-type', 'application/json')
        .send(JSON.stringify(otlpJson([{ traceId, spanId: hexId(spanId, 8), ...(parent ? { parentSpanId: hexId(parent, 8) } : {}), name: `otel span ${spanId}`, startMs: spanId, durationMs: 5 }])));
    await ingest(server, server.tenant, sampleTrace({ trace_id: 'seed-0', name: 'granite seed' }));
    const appended = hexId(0x77, 16);
    expect((await otlp(appended, 1)).status).to.equal(200);
    await copyTrace(knex, projectId);
    await clearStatistics(knex);

    const statuses: Record<string, number> = {};
    const sent = await captured(knex, async (label) => {
      const run = async (name: string, request: () => PromiseLike<{ status: number }>) => {
        label(name);
        statuses[name] = (await request()).status;
      };
      await run('OTLP export of a new trace', () => otlp(hexId(0x78, 16), 1));
      await run('OTLP append', () => otlp(appended, 2, 1));
      await run('ingest', () => server.request().post('/api/v1/public/traces').set(key).send(sampleTrace({ trace_id: 'rest-new' })));
      await run('ingest of a taken id', () => server.request().post('/api/v1/public/traces').set(key).send(sampleTrace({ trace_id: 'copy-17' })));
      await run('get', () => server.request().get('/api/v1/public/traces/copy-1200').set(key));
      await run('spans', () => server.request().get('/api/v1/public/traces/copy-1201/spans').set(key));
      await run('list', () => server.request().get('/api/v1/public/traces?limit=50').set(key));
      await run('search', () => server.request().get('/api/v1/public/search/traces?q=granite&limit=50').set(key));
      await run('score', () => server.request().post('/api/v1/public/scores').set(key).send({ traceId: 'copy-900', name: 'quality', dataType: 'numeric', value: 1 }));
      label('tick');
      await server.runtime.scheduler.tick();
      await run('delete', () => server.request().delete('/api/v1/public/traces/copy-901').set(key));
    });
    expect(statuses).to.deep.equal({
      'OTLP export of a new trace': 200, 'OTLP append': 200, ingest: 201, 'ingest of a taken id': 409,
      get: 200, spans: 200, list: 200, search: 200, score: 201, delete: 200,
    });

    // Inserts are left out: replayed, they would conflict with what they wrote.
    const { walks, steps: replayed } = await replay(knex, sent.filter((statement) => /^\s*(select|update|delete|with)\b/i.test(statement.sql)), false);
    expect(walks).to.deep.equal([]);
    // Every step's statements were read (the scheduler's tick settles the new traces).
    expect([...replayed].sort()).to.deep.equal(['OTLP append', 'OTLP export of a new trace', 'delete', 'get', 'ingest', 'ingest of a taken id', 'list', 'score', 'search', 'spans', 'tick']);
  });
});

/**
 * The data lifecycle's statements on the same kind of week: retention's batch path (the traces past a
 * project's floor found and deleted with every row of them, a thousand at a time). A delete replayed
 * after the run finds nothing left, so the run is replayed on a twin: two projects hold the same
 * 40,000 traces, the lifecycle deletes three batches of one, and its statements are replayed in order, in
 * one rolled-back transaction, with the other project's id in place of its own.
 */
describe('[postgres] retention statements on empty planner statistics', () => {
  let server: TestServer;
  let knex: Knex;
  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  it("deletes a project's traces past retention in batches without walking the project's rows", async function () {
    this.timeout(240_000); // 160,000 rows copied first
    const orgKey = server.tenant.orgApiKey;
    const [deleting, twin] = [await projectWithRetention(server, 'Retention run', null), await projectWithRetention(server, 'Retention twin', null)];
    for (const projectId of [deleting, twin]) {
      await server.runtime.services.traceIngestion.ingestBatch(projectId, [
        monthOldSeed(server),
      ]);
      await copyTrace(knex, projectId);
    }
    // The twin's rows stored at the same instant as the run's, so the keys the run's deletes name, (id, stored_at), are the twin's too.
    const storedAt = (await knex('trace_ids').where({ project_id: deleting, id: 'seed-0' }).first('stored_at')).stored_at;
    for (const table of ['trace_ids', 'traces', 'spans', 'trace_search', 'trace_tags']) await knex(table).where({ project_id: twin }).update({ stored_at: storedAt });
    await server.request().patch('/api/v1/public/project').set({ 'x-api-key': orgKey, 'x-project-id': deleting }).send({ retentionDays: 7 }).expect(200);
    await clearStatistics(knex);

    const lifecycle = new DataLifecycle(server.runtime.store, server.clock, server.runtime.services.audit, { batchSize: 1000, releaseBatchSize: 1000, batchesPerRun: 3, leaseMs: 60_000 });
    const sent = await captured(knex, async (label) => {
      label('retention');
      expect(await lifecycle.runOnce('empty-statistics')).to.deep.equal({ ran: true, deletedTraces: 3000, purgedProjects: 0, more: true });
    });
    const onTwin = sent
      .filter((statement) => /^\s*(select|insert|update|delete|with)\b/i.test(statement.sql))
      .map((statement) => ({ ...statement, sql: statement.sql.replaceAll(deleting, twin), bindings: statement.bindings.map((value) => (value === deleting ? twin : value)) }));
    let twinLeft = -1;
    const { walks, steps } = await replay(knex, onTwin, true, async (connection) => {
      twinLeft = Number((await connection.query('SELECT count(*) AS n FROM traces WHERE project_id = $1', [twin])).rows[0].n);
    });
    expect(walks).to.deep.equal([]);
    expect([...steps]).to.deep.equal(['retention']);
    // The replay did the run's work on the twin: three thousand of its 40,001 traces deleted.
    expect(twinLeft).to.equal(37_001);
    expect(await traceCount(knex, twin)).to.equal(40_001);
  });
});

type NoticeConnection = Connection & { on(event: 'notice', listener: (notice: { message?: string }) => void): void; off(event: 'notice', listener: (notice: { message?: string }) => void): void };

/** A statement's plan as the run itself executed it. */
interface ExecutedPlan {
  query: string;
  plan: PlanNode;
}

/**
 * The plan of every statement `work` sends through `knex`, as executed (auto_explain with ANALYZE,
 * its report sent back as a notice on the statement's own connection). For runs a replay cannot
 * reproduce: a week's release selects by the week and a cursor, not by project, and what it deletes
 * is gone when a replay would come to it.
 */
async function plansOfRun(knex: Knex, work: () => Promise<void>): Promise<ExecutedPlan[]> {
  const plans: ExecutedPlan[] = [];
  const client = knex.client as { acquireConnection(...args: unknown[]): Promise<unknown> };
  const acquire = client.acquireConnection;
  const watched = new Map<NoticeConnection, (notice: { message?: string }) => void>();
  client.acquireConnection = async function (this: unknown, ...args: unknown[]) {
    const connection = (await acquire.apply(this, args)) as NoticeConnection;
    if (!watched.has(connection)) {
      const listener = (notice: { message?: string }) => {
        const text = notice.message ?? '';
        if (!text.startsWith('duration:')) return;
        const report = JSON.parse(text.slice(text.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode };
        plans.push({ query: report['Query Text'], plan: report.Plan });
      };
      connection.on('notice', listener);
      watched.set(connection, listener);
      await connection.query(
        "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_timing = off; SET auto_explain.log_format = json; SET auto_explain.log_level = notice",
      );
    }
    return connection;
  };
  try {
    await work();
  } finally {
    client.acquireConnection = acquire;
    for (const [connection, listener] of watched) {
      await connection.query('SET auto_explain.log_min_duration = -1');
      connection.off('notice', listener);
    }
  }
  return plans;
}

/**
 * The lifecycle's other two paths on such weeks (docs/partitioning.md, "Retention's drop path"): a past
 * week whose 40,000 traces are all past their project's floor, released in steps and dropped, and a
 * deleted project's traces and remainder purged, beside a project that keeps 40,000 traces in the
 * current week. Each statement's plan is the one the run executed; none may walk a trace table.
 */
describe('[postgres] a week\'s drop and a project purge on empty planner statistics', () => {
  let server: TestServer;
  let knex: Knex;
  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  it("releases and drops a past week, and purges a deleted project's rows, without walking other rows", async function () {
    this.timeout(300_000); // 83,000 traces copied first
    const orgKey = server.tenant.orgApiKey;
    const [expiring, keeping, deleted] = [await projectWithRetention(server, 'Past its floor', null), await projectWithRetention(server, 'Keeps its traces', null), await projectWithRetention(server, 'Deleted', null)];
    const current = weekStart(Date.now()); // the partitions follow the wall clock, as stored_at does
    const past = current - 4 * WEEK_MS;
    await endLegacyPartitionAt(knex, past);
    for (let week = past; week <= current + WEEK_MS; week += WEEK_MS) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(week));

    const seed = monthOldSeed(server);
    for (const projectId of [expiring, keeping, deleted]) await server.runtime.services.traceIngestion.ingestBatch(projectId, [seed]);
    await moveToWeek(knex, expiring, ['seed-0'], past);
    await copyTrace(knex, expiring);
    await copyTrace(knex, keeping);
    await copyTrace(knex, deleted, 3000);
    await server.request().patch('/api/v1/public/project').set({ 'x-api-key': orgKey, 'x-project-id': expiring }).send({ retentionDays: 7 }).expect(200);
    await server.request().delete('/api/v1/public/project').set({ 'x-api-key': orgKey, 'x-project-id': deleted }).send({ confirmation: deleted }).expect(200);
    await clearStatistics(knex);

    const lifecycle = new DataLifecycle(server.runtime.store, server.clock, server.runtime.services.audit, { batchSize: 1000, releaseBatchSize: 1000, batchesPerRun: 1000, leaseMs: 60_000 });
    let run: unknown;
    const plans = await plansOfRun(knex, async () => {
      run = await lifecycle.runOnce('empty-statistics-drop');
    });
    expect(run).to.deep.equal({ ran: true, deletedTraces: 43_002, purgedProjects: 1, more: false }); // the week's 40,001 released and dropped, the deleted project's 3,001 deleted
    expect(await traceCount(knex, expiring)).to.equal(0);
    expect(await relationExists(knex, partitionNameOf('traces', past))).to.equal(false);
    expect(await traceCount(knex, keeping)).to.equal(40_001);

    const walks = plans.flatMap(({ query, plan }) => walksIn(plan).map((walk) => `${walk} — ${query.replace(/\s+/g, ' ').slice(0, 160)}`));
    expect(walks).to.deep.equal([]);
    // The run's paths each executed: the week's projects, its release in 41 steps of two statements (the
    // empty past weeks lock once each, as many as the weekday leaves past), the batch path and the remainder.
    const count = (pattern: RegExp) => plans.filter(({ query }) => pattern.test(query)).length;
    expect({
      weekProjects: count(/WITH RECURSIVE p\(project_id\)/) > 0,
      releaseLocks: count(/FOR UPDATE SKIP LOCKED/) >= 41,
      releaseDeletes: count(/WITH past AS MATERIALIZED/),
      batchDeletes: count(/^delete from "traces"/i) > 0,
      remainder: count(/^delete from "spans" where \(tableoid, ctid\) in/i) > 0,
    }).to.deep.equal({ weekProjects: true, releaseLocks: true, releaseDeletes: 41, batchDeletes: true, remainder: true });
  });
});
