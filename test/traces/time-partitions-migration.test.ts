import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateToLatest } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import { legacyUpperBound, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { parseSearchQuery } from '../../src/domain/traces/search-query.js';
import type { Store } from '../../src/ports/store.js';
import type { SearchQuery, SpanRecord, TraceRecord, TraceWrite } from '../../src/ports/traces.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';

const AT = Date.parse('2026-11-01T12:00:00.000Z');

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: `step ${spanId}`, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: new Date(AT), input: null, output: null, error: null, metadata: {},
});

const traceOf = (projectId: string, id: string): TraceRecord => ({
  projectId, id, name: `granite quarry ${id}`, status: 'success', createdAt: new Date(AT), latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
  framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: ['legacy'],
});

const writeOf = (projectId: string, id: string): TraceWrite => ({ trace: traceOf(projectId, id), spans: [spanOf('s1'), spanOf('s2')], searchText: `granite quarry ${id}` });

const query = (text: string): SearchQuery => parseSearchQuery(text) as SearchQuery;

const append = async (store: Store, projectId: string, id: string, spans: string[]) => {
  const rows = await store.traces.prepareAppend([{ trace: traceOf(projectId, id), spans: spans.map(spanOf) }], { expectNew: false });
  return store.transaction((tx) => tx.traces.appendSpans(rows));
};

const partitionOf = async (knex: Knex, table: string, column: string, id: string): Promise<string[]> =>
  (await knex.raw(`SELECT DISTINCT tableoid::regclass::text AS part FROM ?? WHERE ?? = ?`, [table, column, id])).rows.map((r: { part: string }) => r.part);

/**
 * Migration 053 over a database holding data written by this code through its repositories at 052
 * (docs/partitioning.md, "Migrating"): the stored rows become the legacy partition and everything reads,
 * searches, appends and deletes as before.
 */
describe('[postgres] migration 053-time-partitions', () => {
  it('makes the stored rows the legacy partition, up to the week after next, and keeps them readable, searchable, appendable and deletable', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      const before = createStore(knex, database.dialect);
      await before.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'native-1'), writeOf(projectId, 'native-2')]));
      await append(before, projectId, 'otlp-1', ['o1']);
      await knex('scores').insert({ id: randomUUID(), project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: 'native-2', source: 'api', created_at: AT });
      const seqBefore = Number((await knex('trace_search').max({ seq: 'seq' }).first())?.seq);
      const answers = async (store: Store) => ({
        word: (await store.traces.search({ projectId, query: query('granite'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id),
        phrase: (await store.traces.search({ projectId, query: query('"granite quarry"'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id),
        list: (await store.traces.list({ projectId, filters: {}, limit: 10 })).map((t) => t.id),
        spans: (await store.traces.findWithSpans(projectId, 'native-1'))?.spans.map((s) => s.spanId),
      });
      const answered = await answers(before);

      await migrateToLatest(database);
      const store = createStore(knex, database.dialect);

      expect(await legacyUpperBound(knex, 'traces')).to.equal(weekStart(Date.now()) + 2 * WEEK_MS);
      for (const [table, column] of [['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id']]) {
        expect(await partitionOf(knex, table, column, 'native-1'), table).to.deep.equal([`${table}_legacy`]);
      }
      expect(await answers(store)).to.deep.equal(answered);

      expect(await append(store, projectId, 'otlp-1', ['o1', 'o2'])).to.deep.equal([{ created: false, refused: false, added: 1 }]);
      await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'native-3')]));
      // The store order continues where the identity stood.
      expect(Number((await knex('trace_search').where({ trace_id: 'native-3' }).first('seq'))?.seq)).to.be.greaterThan(seqBefore);
      expect((await store.traces.search({ projectId, query: query('"granite quarry"'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id).sort())
        .to.deep.equal(['native-1', 'native-2', 'native-3']); // the append alone writes no search document (the ingestion service does)

      expect(await store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['native-2']))).to.equal(1);
      expect(Number((await knex('scores').where({ project_id: projectId }).count({ n: '*' }).first())?.n)).to.equal(0);
      expect(await store.traces.findById(projectId, 'native-2')).to.equal(null);
    });
  });
});
