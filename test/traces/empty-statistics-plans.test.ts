import { expect } from 'chai';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/harness.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';
import { DataLifecycle } from '../../src/domain/lifecycle/data-lifecycle.js';
import { expectEnvelope } from '../support/problem.js';
import { ingest, sampleTrace } from './fixtures.js';

type PlanNode = { 'Node Type': string; 'Actual Loops'?: number; 'Relation Name'?: string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
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

/** The project's trace `seed-0` copied under other ids (COPIES), in every table of its rows. */
async function copyTrace(knex: Knex, projectId: string): Promise<void> {
  for (const [table, idColumn] of [['trace_ids', 'id'], ['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id']]) {
    await knex.raw(
      `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || jsonb_build_object('${idColumn}', 'copy-' || n))).* FROM ${table} t, generate_series(1, ${COPIES[table]}) n WHERE t.project_id = ? AND t.${idColumn} = 'seed-0'`,
      [projectId],
    );
  }
}

/** The statistics of the trace tables and their partitions cleared, as on a week autovacuum has not analyzed. */
async function clearStatistics(knex: Knex): Promise<void> {
  const relations = `SELECT oid FROM pg_class WHERE relkind = 'r' AND relname ~ '${TRACE_TABLES.source}'`;
  await knex.raw(`DELETE FROM pg_statistic WHERE starelid IN (${relations})`);
  await knex.raw(`UPDATE pg_class SET reltuples = -1 WHERE oid IN (${relations})`);
}

/** What a plan does to the trace tables that a walk would: each offending node, described. */
function walksIn(plan: PlanNode): string[] {
  const walks: string[] = [];
  const visit = (node: PlanNode): void => {
    const relation = node['Relation Name'] ?? '';
    const loops = node['Actual Loops'] ?? 0;
    const filtered = (node['Rows Removed by Filter'] ?? 0) * loops;
    if (TRACE_TABLES.test(relation) && (filtered > MOST_FILTERED || (node['Node Type'] === 'Seq Scan' && loops > 1))) {
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
    const newProject = async (name: string) => expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', orgKey).send({ name }), 201).id;
    const [deleting, twin] = [await newProject('Retention run'), await newProject('Retention twin')];
    const monthAgo = new Date(server.clock.now().getTime() - 30 * 86_400_000).toISOString();
    for (const projectId of [deleting, twin]) {
      await server.runtime.services.traceIngestion.ingestBatch(projectId, [
        sampleTrace({ trace_id: 'seed-0', name: 'granite seed', spans: [{ span_id: 'r', name: 'old step', span_type: 'AGENT', status: 'success', latency_ms: 5, start_time: monthAgo }] }),
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
    expect(await knex('traces').where({ project_id: twin }).count<{ n: number | string }[]>({ n: '*' }).then((rows) => Number(rows[0].n))).to.equal(40_001);
  });
});
