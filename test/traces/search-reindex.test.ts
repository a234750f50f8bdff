import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { migrateToLatest } from '../../adapters/database.js';
import { SearchReindexTask } from '../../src/domain/traces/search-reindex-task.js';
import { forEachAdapter } from '../support/adapters.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { sampleTrace } from './fixtures.js';
import { registeredTraces } from '../support/trace-fixtures.js';

/** Five traces whose only trace of the word `zanzibar` is in a span's input, and `orinoco` in a span's output. */
const traces = Array.from({ length: 5 }, (_, i) =>
  sampleTrace({
    trace_id: `reindex-${i}`,
    spans: [{ span_id: 'llm', name: 'plan step', span_type: 'LLM', status: 'success', input: { prompt: `route the parcel to zanzibar ${i}` }, output: { text: 'via the orinoco' } }],
  }),
);

forEachAdapter((adapter) => {
  describe('search re-indexing (task search-reindex)', () => {
    let server: TestServer;
    const projectId = () => server.tenant.project.id;
    const search = async (q: string): Promise<string[]> => {
      const res = expectEnvelope(await server.request().get('/api/v1/public/search/traces').query({ q, limit: 50 }).set('x-api-key', server.tenant.apiKey), 200);
      return (res as { traces: { id: string }[] }).traces.map((t) => t.id).sort();
    };
    /** Documents as a version before 020 wrote them: without the spans' inputs and outputs. */
    const writeLegacyDocuments = () => server.runtime.store.traces.replaceSearchDocuments(projectId(), traces.map((t) => ({ traceId: t.trace_id!, body: 'support agent run plan step' })));

    beforeEach(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false' } });
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces }), 201);
    });
    afterEach(() => server.close());

    it('rebuilds documents written before from the stored spans, batch by batch with its progress recorded, and then ends', async () => {
      await writeLegacyDocuments();
      expect(await search('zanzibar')).to.deep.equal([]);
      await server.runtime.store.searchReindexes.enqueue(projectId(), server.clock.now());
      const task = new SearchReindexTask(server.runtime.store, 2);
      const { generation } = (await server.runtime.store.searchReindexes.find(projectId()))!;
      const slot = (batch: number) => `${projectId()}:${generation}:${batch}`;

      expect(await task.dueSlots()).to.deep.equal([slot(0)]);
      await task.run(slot(0), server.clock.now());
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.include({ batches: 1, processed: 2, cursorTraceId: 'reindex-1' });
      expect(await search('zanzibar')).to.deep.equal(['reindex-0', 'reindex-1']);
      // A slot of a batch already done does nothing (each batch runs once).
      await task.run(slot(0), server.clock.now());
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.include({ batches: 1, processed: 2 });

      await task.run(slot(1), server.clock.now());
      await task.run(slot(2), server.clock.now());
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.equal(null);
      expect(await task.dueSlots()).to.deep.equal([]);
      expect(await search('zanzibar')).to.deep.equal(traces.map((t) => t.trace_id!).sort());
      expect(await search('orinoco')).to.deep.equal(traces.map((t) => t.trace_id!).sort());
      // Each trace has exactly one document again.
      for (const { trace_id } of traces) expect(Number((await server.runtime.database.knex('trace_search').where({ trace_id }).count({ n: '*' }))[0].n)).to.equal(1);
    });

    it('runs on the server scheduler: turning the project switch searchInputsOutputs off rebuilds existing documents without inputs and outputs, and on again with them', async () => {
      expect(await search('zanzibar')).to.have.length(5);
      const patch = (value: boolean) => server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ searchInputsOutputs: value });
      expectEnvelope(await patch(false), 200);
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.include({ processed: 0, cursorTraceId: null });
      for (let i = 0; i < 5 && (await server.runtime.store.searchReindexes.find(projectId())); i++) await server.runtime.scheduler.tick();
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.equal(null);
      expect(await search('zanzibar')).to.deep.equal([]);
      expect(await search('plan')).to.have.length(5);

      expectEnvelope(await patch(true), 200);
      for (let i = 0; i < 5 && (await server.runtime.store.searchReindexes.find(projectId())); i++) await server.runtime.scheduler.tick();
      expect(await search('zanzibar')).to.have.length(5);
      // Saving the same value queues nothing.
      expectEnvelope(await patch(true), 200);
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.equal(null);
    });

    it("keeps a trace's own name, which need not be its root span's", async () => {
      expectEnvelope(
        await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: [sampleTrace({ trace_id: 'named', name: 'kilimanjaro expedition' })] }),
        201,
      );
      expect(await search('kilimanjaro')).to.deep.equal(['named']);
      await server.runtime.store.searchReindexes.enqueue(projectId(), server.clock.now());
      const task = new SearchReindexTask(server.runtime.store);
      for (const slot of await task.dueSlots()) await task.run(slot, server.clock.now());
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.equal(null);
      expect(await search('kilimanjaro')).to.deep.equal(['named']);
    });

    it('ends at once for a deleted project, and its row goes with the project', async () => {
      await server.runtime.store.searchReindexes.enqueue(projectId(), server.clock.now());
      await server.runtime.database.knex('projects').where({ id: projectId() }).update({ deleted_at: server.clock.now().getTime() });
      const task = new SearchReindexTask(server.runtime.store, 2);
      const { generation } = (await server.runtime.store.searchReindexes.find(projectId()))!;
      await task.run(`${projectId()}:${generation}:0`, server.clock.now());
      expect(await server.runtime.store.searchReindexes.find(projectId())).to.equal(null);
    });
  });
});

const AT = Date.parse('2026-11-01T12:00:00.000Z');

forEachAdapter((adapter) => {
  describe('migration 023-search-reindex', () => {
    it('queues a rebuild for every project that already has traces, and none for a project without', async () => {
      await onDatabaseThrough(adapter, '022-monitor-score-name', async (database) => {
        const knex = database.knex;
        const organization = await organizationRow(knex, AT);
        const [withTraces, empty] = [randomUUID(), randomUUID()];
        for (const id of [withTraces, empty]) await knex('projects').insert({ id, organization_id: organization, name: id, created_at: AT, updated_at: AT });
        await knex('traces').insert({ project_id: withTraces, id: 'old-trace', name: 'written before 020', status: 'success', created_at: AT });

        await migrateToLatest(database);
        const rows = await knex('search_reindexes').select('project_id', 'batches', 'processed', 'cursor_trace_id');
        expect(rows).to.deep.equal([{ project_id: withTraces, batches: 0, processed: 0, cursor_trace_id: null }]);
      });
    });
  });
});

forEachAdapter((adapter) => {
  describe('migration 024-search-store-order', () => {
    it('gives each document its place in the store order, and a new one a place after them', async () => {
      await onDatabaseThrough(adapter, '023-search-reindex', async (database) => {
        const knex = database.knex;
        const organization = await organizationRow(knex, AT);
        const project = randomUUID();
        await knex('projects').insert({ id: project, organization_id: organization, name: 'p', created_at: AT, updated_at: AT });
        const trace = (id: string) => knex('traces').insert({ project_id: project, id, name: 'n', status: 'success', created_at: AT });
        const document = async (traceId: string) => {
          if (adapter === 'sqlite') await knex('trace_search').insert({ scope: `p${project.replace(/-/g, '')}`, trace_id: traceId, body: `beacon ${traceId}` });
          else await knex.raw(`INSERT INTO trace_search (project_id, trace_id, document) VALUES (?, ?, to_tsvector('tracewell_english', ?))`, [project, traceId, `beacon ${traceId}`]);
        };
        // Traces stored in one order, their documents (as the older code numbered them) in another.
        for (const id of ['t-b', 't-c', 't-a']) await trace(id);
        for (const id of ['t-a', 't-b', 't-c']) await document(id);
        if (adapter === 'sqlite') await knex('trace_search').insert({ scope: `p${project.replace(/-/g, '')}`, trace_id: 't-gone', body: 'beacon orphan' });

        await migrateToLatest(database);
        // Written as the code after 052 writes them: on PostgreSQL, registered, with the trace's stored_at.
        const [t0] = await registeredTraces(knex, [{ project_id: project, id: 't-0', name: 'n', status: 'success', created_at: AT }]);
        await knex('traces').insert(t0);
        if (adapter === 'sqlite') await document('t-0');
        else await knex.raw(`INSERT INTO trace_search (project_id, trace_id, stored_at, document) VALUES (?, 't-0', ?, to_tsvector('tracewell_english', 'beacon t-0'))`, [project, t0.stored_at ?? null]);
        if (adapter === 'sqlite') {
          // The document is under its trace's rowid (as the code after 024 writes it); one without a trace is gone.
          const rows = await knex.raw('SELECT s.rowid AS position, s.trace_id, s.body, t.rowid AS trace_position FROM trace_search s LEFT JOIN traces t ON t.project_id = ? AND t.id = s.trace_id ORDER BY s.rowid', [project]);
          expect(rows.slice(0, 3).map((r: { trace_id: string; body: string }) => [r.trace_id, r.body])).to.deep.equal([['t-b', 'beacon t-b'], ['t-c', 'beacon t-c'], ['t-a', 'beacon t-a']]);
          for (const row of rows.slice(0, 3)) expect(row.position, row.trace_id).to.equal(row.trace_position);
          expect(rows.map((r: { trace_id: string }) => r.trace_id)).to.deep.equal(['t-b', 't-c', 't-a', 't-0']);
          // The moved documents are found by the index again.
          const found = await knex.raw(`SELECT trace_id FROM trace_search WHERE trace_search MATCH 'body : "t a"'`);
          expect(found).to.deep.equal([{ trace_id: 't-a' }]);
        } else {
          const rows = await knex('trace_search').select('trace_id').orderBy('seq');
          expect(rows.map((row: { trace_id: string }) => row.trace_id)).to.deep.equal(['t-a', 't-b', 't-c', 't-0']);
        }
      });
    });
  });
});
