import { expect } from 'chai';
import type { Knex } from 'knex';
import { PARTITIONED_TABLES, ROLLUP_TABLES, WEEK_MS, weekPartitionName, weekStart, weekStored } from '../../adapters/postgres/time-partitions.js';
import { WEEKS_AHEAD } from '../../src/domain/lifecycle/time-partitions-task.js';
import { TraceSearchService } from '../../src/domain/traces/trace-search-service.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ingest, type TraceInput } from './fixtures.js';
import { moveToWeek } from '../administration/week-fixtures.js';

const traceNamed = (id: string, name: string): TraceInput => ({
  trace_id: id,
  name,
  tags: ['weekly'],
  metadata: { framework: 'langchain', agent_name: 'bot' },
  spans: [{ span_id: 'r', name: 'root step', span_type: 'AGENT', status: 'success', latency_ms: 100, start_time: '2026-11-01T09:00:00Z' }],
});

/** Weekly partitions of trace storage and the metrics rollups on PostgreSQL (migrations 053 and 055, docs/partitioning.md). */
const WEEKLY_TABLES = [...PARTITIONED_TABLES, ...ROLLUP_TABLES];

describe('[postgres] time partitions', () => {
  let server: TestServer;
  let knex: Knex;
  before(async () => {
    server = await startTestServer('postgres');
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  const currentWeek = () => weekStart(Date.now());
  const weeksStored = async () => {
    const stored: Record<string, boolean[]> = {};
    for (const table of WEEKLY_TABLES) {
      stored[table] = [];
      for (let week = 0; week <= WEEKS_AHEAD; week++) stored[table].push(await weekStored(knex, table, currentWeek() + week * WEEK_MS));
    }
    return stored;
  };
  const allStored = Object.fromEntries(WEEKLY_TABLES.map((table) => [table, new Array(WEEKS_AHEAD + 1).fill(true)]));

  describe('the time-partitions task', () => {
    it('creates the missing weeks of every partitioned table, the rollups included, up to four ahead, once', async () => {
      const last = currentWeek() + WEEKS_AHEAD * WEEK_MS;
      for (const table of WEEKLY_TABLES) {
        const name = weekPartitionName(table, last);
        await knex.raw('ALTER TABLE ?? DETACH PARTITION ??', [table, name]);
        await knex.raw('DROP TABLE ??', [name]);
      }
      expect(await server.runtime.store.timePartitions.missingWeeks(WEEKS_AHEAD)).to.deep.equal([last]);

      expect(await server.runtime.scheduler.tick()).to.be.at.least(1);
      expect(await weeksStored()).to.deep.equal(allStored);
      expect(await server.runtime.store.timePartitions.missingWeeks(WEEKS_AHEAD)).to.deep.equal([]);
      const runs = await knex('scheduled_runs').where({ task: 'time-partitions' }).pluck('slot');
      expect(runs).to.deep.equal([String(last)]);
    });

    it('names a week whose only missing partition is a rollup table\'s, and creates it', async () => {
      const week = currentWeek() + 2 * WEEK_MS;
      const name = weekPartitionName('metrics_daily_rollups', week);
      await knex.raw('ALTER TABLE metrics_daily_rollups DETACH PARTITION ??', [name]);
      await knex.raw('DROP TABLE ??', [name]);
      expect(await server.runtime.store.timePartitions.missingWeeks(WEEKS_AHEAD)).to.deep.equal([week]);
      await server.runtime.store.transaction((store) => store.timePartitions.createWeek(week));
      expect(await weeksStored()).to.deep.equal(allStored);
    });

    it('keeps a week that exists when asked to create it again', async () => {
      const week = currentWeek() + 3 * WEEK_MS;
      expect(await weekStored(knex, 'traces', week)).to.equal(true);
      await server.runtime.store.transaction((store) => store.timePartitions.createWeek(week));
      expect(await weeksStored()).to.deep.equal(allStored);
    });
  });

  describe('reads across weeks', () => {
    it("answers searches (words, phrases) and lists the same when some traces' rows are in another week", async () => {
      const projectId = server.tenant.project.id;
      const ids = ['wk-a', 'wk-b', 'wk-c', 'wk-d'];
      for (const id of ids) await ingest(server, server.tenant, traceNamed(id, `granite quarry ${id}`));
      const search = new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 10 });
      const answers = async () => ({
        word: (await search.search(projectId, { query: 'granite', limit: 10 })).traces.map((t) => t.id),
        phrase: (await search.search(projectId, { query: '"granite quarry"', limit: 10 })).traces.map((t) => t.id),
        recency: (await search.search(projectId, { query: 'quarry', limit: 10, sort: 'recency' })).traces.map((t) => t.id),
        list: (await server.runtime.store.traces.list({ projectId, filters: {}, limit: 10 })).map((t) => t.id),
        detail: (await server.runtime.store.traces.findWithSpans(projectId, 'wk-b'))?.spans.map((s) => s.spanId),
      });
      const before = await answers();
      expect(before.word.slice().sort()).to.deep.equal(ids);

      await moveToWeek(knex, projectId, ['wk-b', 'wk-d'], currentWeek() + 3 * WEEK_MS);
      const partitions = await knex.raw('SELECT DISTINCT tableoid::regclass::text AS part FROM trace_search WHERE project_id = ? ORDER BY 1', [projectId]);
      expect(partitions.rows.map((r: { part: string }) => r.part)).to.deep.equal(['trace_search_legacy', weekPartitionName('trace_search', currentWeek() + 3 * WEEK_MS)]);

      expect(await answers()).to.deep.equal(before);
    });

    it("a phrase search reads each candidate's document in its own week's partition only", async () => {
      const projectId = server.tenant.project.id;
      const ids = ['ph-a', 'ph-b', 'ph-c', 'ph-d'];
      for (const id of ids) await ingest(server, server.tenant, traceNamed(id, `basalt column ${id}`));
      await moveToWeek(knex, projectId, ['ph-b', 'ph-d'], currentWeek() + 2 * WEEK_MS);
      // The statements of one phrase search, as the repository sends them.
      const sent: { sql: string; bindings: unknown[] }[] = [];
      const capture = (query: { sql: string; bindings?: unknown[] }) => sent.push({ sql: query.sql, bindings: query.bindings ?? [] });
      knex.on('query', capture);
      const search = new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 10 });
      try {
        expect((await search.search(projectId, { query: '"basalt column"', limit: 10 })).traces.map((t) => t.id).sort()).to.deep.equal(ids);
      } finally {
        knex.off('query', capture);
      }
      const page = sent.find((statement) => statement.sql.includes('ctid = c.position'));
      expect(page, 'the phrase page statement').to.not.equal(undefined);
      // Run again under EXPLAIN ANALYZE, with the search transaction's settings: each candidate's
      // lookup by row address (a Tid Scan per partition under an Append) runs in one partition, the
      // others pruned at run time by the candidate's stored_at — not one lookup per partition.
      type PlanNode = { 'Node Type': string; 'Actual Loops'?: number; 'Relation Name'?: string; Plans?: PlanNode[] };
      const tidLoops = (node: PlanNode): number => (node['Node Type'] === 'Tid Scan' ? (node['Actual Loops'] ?? 0) : 0) + (node.Plans ?? []).reduce((sum, child) => sum + tidLoops(child), 0);
      const connection = (await knex.client.acquireConnection()) as { query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
      try {
        await connection.query('BEGIN');
        for (const statement of sent.filter((s) => /^SET LOCAL/i.test(s.sql))) await connection.query(statement.sql);
        const explained = await connection.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${page!.sql}`, page!.bindings);
        const plan = (explained.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
        expect(tidLoops(plan)).to.equal(ids.length);
      } finally {
        await connection.query('ROLLBACK');
        await knex.client.releaseConnection(connection);
      }
    });
  });

  describe('writes on empty planner statistics', () => {
    it("looks each search document's trace up by its week's primary key, not by an index of the project's rows", async () => {
      const projectId = server.tenant.project.id;
      await ingest(server, server.tenant, traceNamed('stats-0', 'granite 0'));
      // 3,000 more of the project's traces in the same week, copies of that one under other ids.
      for (const table of ['trace_ids', 'traces']) {
        await knex.raw(
          `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || jsonb_build_object('id', 'stats-copy-' || n))).* FROM ${table} t, generate_series(1, 3000) n WHERE t.project_id = ? AND t.id = 'stats-0'`,
          [projectId],
        );
      }
      // A partition filled before autovacuum analyzed it (or with autovacuum off): no statistics on traces.
      await knex.raw(`DELETE FROM pg_statistic WHERE starelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'traces'::regclass)`);
      await knex.raw(`UPDATE pg_class SET reltuples = -1 WHERE oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'traces'::regclass)`);
      const sent: { sql: string; bindings: unknown[] }[] = [];
      const capture = (query: { sql: string; bindings?: unknown[] }) => sent.push({ sql: query.sql, bindings: query.bindings ?? [] });
      knex.on('query', capture);
      try {
        await ingest(server, server.tenant, traceNamed('stats-new', 'granite new'));
      } finally {
        knex.off('query', capture);
      }
      const insert = sent.find((statement) => statement.sql.startsWith('INSERT INTO trace_search'));
      expect(insert, 'the search document statement').to.not.equal(undefined);
      type PlanNode = { 'Node Type': string; 'Actual Loops'?: number; 'Relation Name'?: string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
      const scans: PlanNode[] = [];
      const collect = (node: PlanNode): void => {
        if (node['Relation Name']?.startsWith('traces') && (node['Actual Loops'] ?? 0) > 0) scans.push(node);
        for (const child of node.Plans ?? []) collect(child);
      };
      const connection = (await knex.client.acquireConnection()) as { query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
      try {
        await connection.query('BEGIN');
        await connection.query(`DELETE FROM trace_search WHERE project_id = $1 AND trace_id = 'stats-new'`, [projectId]);
        const explained = await connection.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${insert!.sql.replace(/\?/g, () => '$1')}`, insert!.bindings);
        collect((explained.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
      } finally {
        await connection.query('ROLLBACK');
        await knex.client.releaseConnection(connection);
      }
      // One lookup, by the key of the week the registry names; not a walk of the project's 3,001 rows per document.
      expect(scans.map((scan) => [scan['Node Type'], scan['Index Name']?.endsWith('_pkey'), scan['Rows Removed by Filter'] ?? 0])).to.deep.equal([['Index Scan', true, 0]]);
    });
  });
});
