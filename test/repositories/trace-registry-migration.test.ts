import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import { parseSearchQuery } from '../../src/domain/traces/search-query.js';
import type { SearchQuery, SpanRecord, TraceRecord } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';

const AT = Date.parse('2026-11-01T12:00:00.000Z');

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: spanId, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: new Date(AT), input: null, output: null, error: null, metadata: {},
});

const traceOf = (projectId: string, id: string): TraceRecord => ({
  projectId, id, name: id, status: 'success', createdAt: new Date(AT), latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
  framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: [],
});

/** Migration 052-trace-registry over traces stored before it (docs/partitioning.md, "Migrating"). */
forEachAdapter((adapter) => {
  describe('migration 052-trace-registry', () => {
    it('keeps the traces stored before it readable, appendable, searchable and deletable with their scores', async () => {
      await onDatabaseThrough(adapter, '051-metrics-marks-vacuum', async (database) => {
        const knex = database.knex;
        const projectId = randomUUID();
        await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
        for (const [id, source] of [['old-native', 'native'], ['old-otlp', 'otlp']]) {
          await knex('traces').insert({ project_id: projectId, id, name: `beacon ${id}`, status: 'success', created_at: AT, span_count: 1, source, tags: '["legacy"]' });
          await knex('spans').insert({ project_id: projectId, trace_id: id, span_id: 's1', position: 0, name: 's1', span_type: 'LLM', status: 'success', metadata: '{}' });
          if (adapter === 'postgres') await knex.raw(`INSERT INTO trace_search (project_id, trace_id, document) VALUES (?, ?, to_tsvector('tracewell_english', ?))`, [projectId, id, `beacon ${id}`]);
        }
        await knex('scores').insert({ id: randomUUID(), project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: 'old-native', source: 'api', created_at: AT });

        await migrateToLatest(database);
        const store = createStore(knex, database.dialect);

        expect((await store.traces.findById(projectId, 'old-native'))?.name).to.equal('beacon old-native');
        expect((await store.traces.spansOf(projectId, 'old-native')).map((s) => s.spanId)).to.deep.equal(['s1']);
        if (adapter === 'postgres') {
          const query = parseSearchQuery('beacon') as SearchQuery;
          const page = await store.traces.search({ projectId, query, sort: 'recency', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 });
          expect(page.traces.map((t) => t.id).sort()).to.deep.equal(['old-native', 'old-otlp']);
        }

        const rows = await store.traces.prepareAppend([{ trace: traceOf(projectId, 'old-otlp'), spans: [spanOf('s1'), spanOf('s2')] }], { expectNew: false });
        expect(await store.transaction((tx) => tx.traces.appendSpans(rows))).to.deep.equal([{ created: false, refused: false, added: 1 }]);
        expect((await store.traces.spansOf(projectId, 'old-otlp')).map((s) => s.spanId).sort()).to.deep.equal(['s1', 's2']);
        const refused = await store.traces.prepareAppend([{ trace: traceOf(projectId, 'old-native'), spans: [spanOf('s9')] }], { expectNew: false });
        expect(await store.transaction((tx) => tx.traces.appendSpans(refused))).to.deep.equal([{ created: false, refused: true, added: 0 }]);

        expect(await store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['old-native']))).to.equal(1);
        expect(await knex('scores').where({ project_id: projectId }).count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(0);
        expect(await knex('trace_tags').where({ project_id: projectId }).orderBy('trace_id').pluck('trace_id')).to.deep.equal(['old-otlp']);
      });
    });
  });
});
