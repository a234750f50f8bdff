import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '../../adapters/database.js';
import { forEachAdapter } from '../support/adapters.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';
import { ingest, type TraceInput } from './fixtures.js';
import { facetToken, scopeOf, scopeToken } from '../../adapters/sqlite/trace-text-index.js';
import { SearchReindexTask } from '../../src/domain/traces/search-reindex-task.js';

/** A trace holding the word `quarry`, with the facets given as native ingest takes them. */
const trace = (id: string, metadata: Record<string, string>, status: 'success' | 'error' = 'success', latencyMs = 100): TraceInput => ({
  trace_id: id,
  name: `quarry ${id}`,
  metadata,
  spans: [{ span_id: 'r', name: 'root step', span_type: 'AGENT', status, latency_ms: latencyMs, start_time: '2026-11-01T09:00:00Z' }],
});

/**
 * A search's equality filters — status, framework, session, user — are answered with the
 * words on PostgreSQL (copied into the search row and indexed there, migration 026) and as tokens
 * of the document on SQLite (migration 028): the same answers on both, kept when a trace changes.
 */
forEachAdapter((adapter) => {
  describe('search_traces equality filters', () => {
    let server: TestServer;
    const search = async (filters: Record<string, unknown>, query = 'quarry') =>
      (await server.runtime.services.traceSearch.search(server.tenant.project.id, { query, filters })).traces.map((t) => t.id).sort();

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(
        server,
        server.tenant,
        trace('f-lang-a', { framework: 'langchain', agent_name: 'planner', session_id: 'sess-1', user_id: 'user-1' }),
        trace('f-lang-b', { framework: 'langchain', agent_name: 'solver', session_id: 'sess-2', user_id: 'user-1' }, 'error', 900),
        trace('f-crew', { framework: 'crewai', agent_name: 'planner', session_id: 'sess-1', user_id: 'user-2' }, 'error', 50),
        trace('f-bare', {}),
      );
    });
    after(async () => server.close());

    const cases: [string, Record<string, unknown>, string[]][] = [
      ['status', { status: 'error' }, ['f-crew', 'f-lang-b']],
      ['framework', { framework: 'langchain' }, ['f-lang-a', 'f-lang-b']],
      ['session_id', { session_id: 'sess-1' }, ['f-crew', 'f-lang-a']],
      ['user_id', { user_id: 'user-1' }, ['f-lang-a', 'f-lang-b']],
      ['every one at once', { status: 'error', framework: 'langchain', session_id: 'sess-2', user_id: 'user-1' }, ['f-lang-b']],
      ['a value no trace has', { framework: 'autogen' }, []],
    ];
    for (const [name, filters, expected] of cases) {
      it(`filters by ${name}`, async () => {
        expect(await search(filters)).to.deep.equal(expected);
      });
    }

    it('combines them with a filter that is not an equality (a latency range)', async () => {
      expect(await search({ status: 'error', min_latency_ms: 500 })).to.deep.equal(['f-lang-b']);
      expect(await search({ session_id: 'sess-1', max_latency_ms: 60 })).to.deep.equal(['f-crew']);
    });

    it('applies them to phrases, prefixes and exclusions alike', async () => {
      expect(await search({ framework: 'langchain' }, '"quarry f"')).to.deep.equal(['f-lang-a', 'f-lang-b']);
      expect(await search({ user_id: 'user-1' }, 'quar*')).to.deep.equal(['f-lang-a', 'f-lang-b']);
      expect(await search({ session_id: 'sess-1' }, 'quarry -crew')).to.deep.equal(['f-lang-a']);
    });

    it('matches a value exactly: not its prefix, not another case, whatever its characters', async () => {
      const long = `s${'é'.repeat(120)}${'x'.repeat(134)}`; // 255 characters, most of them two bytes
      await ingest(
        server,
        server.tenant,
        trace('v-lang', { framework: 'lang' }),
        trace('v-upper', { framework: 'LangChain' }),
        trace('v-accent', { framework: 'lång chain "β"', session_id: long }),
      );
      expect(await search({ framework: 'lang' })).to.deep.equal(['v-lang']);
      expect(await search({ framework: 'LangChain' })).to.deep.equal(['v-upper']);
      expect(await search({ framework: 'lång chain "β"' })).to.deep.equal(['v-accent']);
      expect(await search({ session_id: long })).to.deep.equal(['v-accent']);
      expect(await search({ session_id: long.slice(0, 254) })).to.deep.equal([]);
      expect(await search({ framework: 'lång' })).to.deep.equal([]);
    });

    it('counts only the matches that pass them', async () => {
      const result = await server.runtime.services.traceSearch.search(server.tenant.project.id, { query: 'quarry', filters: { session_id: 'sess-1' }, limit: 1 });
      expect([result.totalCount, result.totalCountExact, result.traces.length]).to.deep.equal([2, true, 1]);
    });

    it('follows a trace whose status changes when more of its spans arrive (OTLP)', async () => {
      const traceId = hexId(0x7a, 16);
      const send = async (spanByte: number, status: number) => {
        const body = otlpJson([{ traceId, spanId: hexId(spanByte, 8), name: 'quarry otel', status: { code: status }, attributes: { 'gen_ai.conversation.id': 'sess-otel' } }]);
        const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send(JSON.stringify(body));
        expect(res.status).to.equal(200);
      };
      await send(0x01, 1);
      expect(await search({ session_id: 'sess-otel', status: 'success' })).to.deep.equal([traceId]);
      await send(0x02, 2);
      expect(await search({ session_id: 'sess-otel', status: 'success' })).to.deep.equal([]);
      expect(await search({ session_id: 'sess-otel', status: 'error' })).to.deep.equal([traceId]);
    });
  });
});

describe('[postgres] migration 026-search-facets', () => {
  it('copies the facets of the traces already stored into their search rows, where the index finds them', async () => {
    await onDatabaseThrough('postgres', '025-search-store-blocks', async (database) => {
      const knex = database.knex;
      const at = Date.parse('2026-11-01T12:00:00.000Z');
      const project = randomUUID();
      await knex('projects').insert({ id: project, organization_id: await organizationRow(knex, at), name: 'p', created_at: at, updated_at: at });
      const facets = { status: 'error', framework: 'crewai', session_id: 'sess-9', user_id: 'user-9' };
      await knex('traces').insert([
        { project_id: project, id: 'old-faceted', name: 'n', created_at: at, ...facets },
        { project_id: project, id: 'old-plain', name: 'n', status: 'success', created_at: at },
      ]);
      for (const id of ['old-faceted', 'old-plain']) {
        await knex.raw(`INSERT INTO trace_search (project_id, trace_id, document) VALUES (?, ?, to_tsvector('tracewell_english', 'beacon'))`, [project, id]);
      }

      await migrateToLatest(database);
      const rows = await knex('trace_search').select('trace_id', ...Object.keys(facets)).orderBy('trace_id');
      expect(rows).to.deep.equal([
        { trace_id: 'old-faceted', ...facets },
        { trace_id: 'old-plain', status: 'success', framework: null, session_id: null, user_id: null },
      ]);
      const found = await knex.raw(`SELECT trace_id FROM trace_search WHERE document @@ to_tsquery('tracewell_english', 'beacon') AND framework = 'crewai' AND user_id = 'user-9'`);
      expect(found.rows).to.deep.equal([{ trace_id: 'old-faceted' }]);
    });
  });
});

describe('[sqlite] facet tokens in search documents', () => {
  let server: TestServer;
  const projectId = () => server.tenant.project.id;
  const search = async (filters: Record<string, unknown>) =>
    (await server.runtime.services.traceSearch.search(projectId(), { query: 'quarry', filters })).traces.map((t) => t.id).sort();
  const scopes = async () =>
    Object.fromEntries((await server.runtime.database.knex('trace_search').select('trace_id', 'scope').orderBy('trace_id')).map((r: { trace_id: string; scope: string }) => [r.trace_id, r.scope]));

  beforeEach(async () => {
    server = await startTestServer('sqlite', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    await ingest(
      server,
      server.tenant,
      trace('t-lang', { framework: 'lång chain', session_id: 'sess-ü', user_id: 'user-1' }, 'error'),
      trace('t-crew', { framework: 'crewai' }),
    );
  });
  afterEach(() => server.close());

  it("gives each document its trace's values as tokens of its scope column, as facetToken spells them", async () => {
    expect(await scopes()).to.deep.equal({
      't-crew': scopeOf(projectId(), { status: 'success', framework: 'crewai' }),
      't-lang': scopeOf(projectId(), { status: 'error', framework: 'lång chain', session_id: 'sess-ü', user_id: 'user-1' }),
    });
    expect(scopeOf(projectId(), { framework: 'crewai' })).to.equal(`${scopeToken(projectId())} ${facetToken(projectId(), 'framework', 'crewai')}`);
  });

  it('tests the filter on the traces while documents written before 028 are rebuilt, and in the index once they are', async () => {
    const knex = server.runtime.database.knex;
    // As before migration 028: the scope column holds the project's token alone, and the rebuild it queued is pending.
    await knex('trace_search').update({ scope: scopeToken(projectId()) });
    await server.runtime.store.searchReindexes.enqueue(projectId(), server.clock.now());
    await knex('search_reindexes').where({ project_id: projectId() }).update({ facets_pending: true });

    expect(await search({ framework: 'lång chain' })).to.deep.equal(['t-lang']);
    expect(await search({ status: 'success' })).to.deep.equal(['t-crew']);
    const counted = await server.runtime.services.traceSearch.search(projectId(), { query: 'quarry', filters: { user_id: 'user-1' }, limit: 1 });
    expect([counted.totalCount, counted.traces.map((t) => t.id)]).to.deep.equal([1, ['t-lang']]);

    const task = new SearchReindexTask(server.runtime.store);
    for (let pass = 0; pass < 3 && (await task.dueSlots()).length > 0; pass++) for (const slot of await task.dueSlots()) await task.run(slot, server.clock.now());
    expect(await knex('search_reindexes').where({ project_id: projectId() }).first()).to.equal(undefined);
    expect((await scopes())['t-lang']).to.include(facetToken(projectId(), 'framework', 'lång chain'));
    expect(await search({ framework: 'lång chain' })).to.deep.equal(['t-lang']);
    expect(await search({ status: 'success' })).to.deep.equal(['t-crew']);
  });
});

forEachAdapter((adapter) => {
  describe('migration 028-sqlite-search-facets', () => {
    it('queues every SQLite project with traces for a rebuild marked facets_pending, restarting one under way; PostgreSQL only gains the column', async () => {
      await onDatabaseThrough(adapter, '027-detection-job-keys', async (database) => {
        const knex = database.knex;
        const at = Date.parse('2026-11-01T12:00:00.000Z');
        const organization = await organizationRow(knex, at);
        const [withTraces, underWay, empty] = [randomUUID(), randomUUID(), randomUUID()];
        for (const id of [withTraces, underWay, empty]) await knex('projects').insert({ id, organization_id: organization, name: id, created_at: at, updated_at: at });
        for (const project of [withTraces, underWay]) await knex('traces').insert({ project_id: project, id: 'old-trace', name: 'n', status: 'success', created_at: at });
        await knex('search_reindexes').insert({ project_id: underWay, generation: 'g-1', batches: 3, processed: 600, cursor_trace_id: 'old-trace', created_at: at, updated_at: at });

        await migrateToLatest(database);
        type Row = { project_id: string; batches: number; processed: number; cursor_trace_id: string | null; facets_pending: boolean };
        const rows: Row[] = (await knex('search_reindexes').select('project_id', 'batches', 'processed', 'cursor_trace_id', 'facets_pending')).map((r: Row) => ({
          ...r,
          facets_pending: Boolean(r.facets_pending), // SQLite answers 0 or 1
        }));
        const sorted = (list: Row[]) => [...list].sort((a, b) => a.project_id.localeCompare(b.project_id));
        expect(sorted(rows)).to.deep.equal(
          adapter === 'sqlite'
            ? sorted([
                { project_id: withTraces, batches: 0, processed: 0, cursor_trace_id: null, facets_pending: true },
                { project_id: underWay, batches: 4, processed: 0, cursor_trace_id: null, facets_pending: true },
              ])
            : [{ project_id: underWay, batches: 3, processed: 600, cursor_trace_id: 'old-trace', facets_pending: false }],
        );
      });
    });
  });
});
