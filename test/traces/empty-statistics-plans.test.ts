import { expect } from 'chai';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/harness.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';
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

  /** The project's seed trace copied under other ids (COPIES), every table of its rows, then the statistics cleared. */
  async function copiesWithoutStatistics(projectId: string): Promise<void> {
    for (const [table, idColumn] of [['trace_ids', 'id'], ['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id']]) {
      await knex.raw(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || jsonb_build_object('${idColumn}', 'copy-' || n))).* FROM ${table} t, generate_series(1, ${COPIES[table]}) n WHERE t.project_id = ? AND t.${idColumn} = 'seed-0'`,
        [projectId],
      );
    }
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
    await copiesWithoutStatistics(projectId);

    const sent: { step: string; sql: string; bindings: unknown[] }[] = [];
    let step = '';
    const capture = (query: { sql: string; bindings?: unknown[] }) => sent.push({ step, sql: query.sql, bindings: query.bindings ?? [] });
    const statuses: Record<string, number> = {};
    const run = async (name: string, request: () => PromiseLike<{ status: number }>) => {
      step = name;
      statuses[name] = (await request()).status;
    };
    knex.on('query', capture);
    try {
      await run('OTLP export of a new trace', () => otlp(hexId(0x78, 16), 1));
      await run('OTLP append', () => otlp(appended, 2, 1));
      await run('ingest', () => server.request().post('/api/v1/public/traces').set(key).send(sampleTrace({ trace_id: 'rest-new' })));
      await run('ingest of a taken id', () => server.request().post('/api/v1/public/traces').set(key).send(sampleTrace({ trace_id: 'copy-17' })));
      await run('get', () => server.request().get('/api/v1/public/traces/copy-1200').set(key));
      await run('spans', () => server.request().get('/api/v1/public/traces/copy-1201/spans').set(key));
      await run('list', () => server.request().get('/api/v1/public/traces?limit=50').set(key));
      await run('search', () => server.request().get('/api/v1/public/search/traces?q=granite&limit=50').set(key));
      await run('score', () => server.request().post('/api/v1/public/scores').set(key).send({ traceId: 'copy-900', name: 'quality', dataType: 'numeric', value: 1 }));
      step = 'tick';
      await server.runtime.scheduler.tick();
      await run('delete', () => server.request().delete('/api/v1/public/traces/copy-901').set(key));
    } finally {
      knex.off('query', capture);
    }
    expect(statuses).to.deep.equal({
      'OTLP export of a new trace': 200, 'OTLP append': 200, ingest: 201, 'ingest of a taken id': 409,
      get: 200, spans: 200, list: 200, search: 200, score: 201, delete: 200,
    });

    const replayed = new Set<string>();
    const walks: string[] = [];
    const connection = (await knex.client.acquireConnection()) as Connection;
    try {
      for (const statement of sent) {
        if (!/^\s*(select|update|delete|with)\b/i.test(statement.sql)) continue; // inserts replayed would conflict with what they wrote
        const positioned = (knex.client as unknown as { positionBindings(sql: string): string }).positionBindings(statement.sql);
        await connection.query('BEGIN');
        try {
          const explained = await connection.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${positioned}`, statement.bindings);
          replayed.add(statement.step);
          for (const walk of walksIn((explained.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan)) walks.push(`${statement.step}: ${walk} — ${statement.sql.slice(0, 160)}`);
        } finally {
          await connection.query('ROLLBACK');
        }
      }
    } finally {
      await knex.client.releaseConnection(connection);
    }
    expect(walks).to.deep.equal([]);
    // Every step's statements were read (the scheduler's tick settles the new traces).
    expect([...replayed].sort()).to.deep.equal(['OTLP append', 'OTLP export of a new trace', 'delete', 'get', 'ingest', 'ingest of a taken id', 'list', 'score', 'search', 'spans', 'tick']);
  });
});
