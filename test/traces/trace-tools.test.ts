import { expect } from 'chai';
import { ProblemError } from '../../src/errors.js';
import { TraceSearchService } from '../../src/domain/traces/trace-search-service.js';
import { traceToolMappings } from '../../src/tools/trace-tools.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ingest, sampleTrace, wideTrace, type TraceInput } from './fixtures.js';
import { toolContext, toolsOver } from '../support/tool-context.js';

interface Summary {
  trace_id: string;
  [key: string]: unknown;
}
interface SearchResult {
  traces: Summary[];
  total_count: number;
  total_count_exact: boolean;
  has_more: boolean;
}

/** Runs `call` and returns the ProblemError it throws. */
async function problemOf(call: () => Promise<unknown>): Promise<ProblemError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

const simple = (id: string, name: string, spanMetadata: Record<string, unknown> = {}, extra: Partial<TraceInput> = {}): TraceInput => ({
  trace_id: id,
  name,
  metadata: { framework: 'langchain', agent_name: 'bot' },
  spans: [{ span_id: 'r', name: 'root step', span_type: 'AGENT', status: 'success', latency_ms: 100, metadata: spanMetadata, start_time: '2026-11-01T09:00:00Z' }],
  ...extra,
});

forEachAdapter((adapter) => {
  let server: TestServer;
  let tools: Record<string, ToolDefinition>;
  const call = (name: string, input: Record<string, unknown>, tenant = server.tenant) => tools[name].handler(input, toolContext(server, tenant));

  before(async () => {
    server = await startTestServer(adapter, { env: { PUBLIC_BASE_URL: 'https://tracewell.example' } });
    tools = Object.fromEntries(toolsOver(server, traceToolMappings(server.config)).map((tool) => [tool.name, tool]));
  });
  after(async () => server.close());

  describe('trace tool definitions', () => {
    it('publish log_trace, search_traces and get_trace_context with object input schemas and required fields', () => {
      expect(Object.keys(tools)).to.deep.equal(['log_trace', 'search_traces', 'get_trace_context']);
      expect(tools.log_trace.inputSchema).to.include({ type: 'object' }).and.to.have.deep.property('required', ['name']);
      expect(tools.search_traces.inputSchema).to.have.deep.property('required', ['query']);
      expect(tools.get_trace_context.inputSchema).to.have.deep.property('required', ['trace_id']);
    });
  });

  describe('log_trace', () => {
    it('stores the trace and returns trace_id, span_count, status created and url', async () => {
      const result = await call('log_trace', { ...sampleTrace({ trace_id: 'tool-log-1' }) });
      expect(result).to.deep.equal({
        trace_id: 'tool-log-1',
        span_count: 3,
        status: 'created',
        url: 'https://tracewell.example/traces/tool-log-1',
      });
      expect(await server.runtime.store.traces.findById(server.tenant.project.id, 'tool-log-1')).to.not.equal(null);
    });

    it('answers 400 for a missing name', async () => {
      const problem = await problemOf(() => call('log_trace', { spans: [] }));
      expect(problem).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
      expect(problem.errors).to.deep.equal([{ path: '/name', code: 'required', message: 'is required' }]);
    });

    it('answers 400 naming the span for an invalid structure or time, and stores nothing', async () => {
      const trace = sampleTrace({ trace_id: 'tool-bad' });
      trace.spans![1].start_time = 'last tuesday';
      (trace.spans![2] as { status: string }).status = 'ok';
      const problem = await problemOf(() => call('log_trace', { ...trace }));
      expect(problem.status).to.equal(400);
      expect(problem.errors!.map((e) => [e.path, e.code])).to.deep.equal([
        ['/spans/1/start_time', 'invalid_time'],
        ['/spans/2/status', 'invalid_status'],
      ]);
      expect(await server.runtime.store.traces.findById(server.tenant.project.id, 'tool-bad')).to.equal(null);
    });

    it('answers 409 PUBLIC_API_TRACE_EXISTS for a trace_id already stored', async () => {
      await call('log_trace', { ...sampleTrace({ trace_id: 'tool-twice' }) });
      const problem = await problemOf(() => call('log_trace', { ...sampleTrace({ trace_id: 'tool-twice' }) }));
      expect(problem).to.include({ status: 409, code: 'PUBLIC_API_TRACE_EXISTS' });
    });

    it('answers 413 for a payload above 1 MB', async () => {
      const trace = sampleTrace({ trace_id: 'tool-huge' });
      trace.spans![0].input = { blob: 'z'.repeat(1024 * 1024) };
      const problem = await problemOf(() => call('log_trace', { ...trace }));
      expect(problem).to.include({ status: 413, code: 'PUBLIC_API_PAYLOAD_TOO_LARGE' });
    });
  });

  describe('search_traces', () => {
    before(async () => {
      const traces: TraceInput[] = [
        simple('s-meta', 'checkout flow', { vector_store: 'pinecone-zebrafish' }),
        simple('s-name', 'zebrafish lookup'),
        simple('s-error', 'payment', {}, {
          spans: [{ span_id: 'r', name: 'charge card', span_type: 'TOOL', status: 'error', error: 'gateway quokka refused', latency_ms: 3000, start_time: '2026-10-01T09:00:00Z' }],
        }),
        simple('s-key', 'refund', { hippopotamus_mode: true }),
        simple('s-frequent', 'weather weather report', { topic: 'weather forecast weather' }),
        simple('s-rare', 'weather summary', {}),
        simple('s-crew', 'common task', { cost: 2.5 }, { metadata: { framework: 'crewai', agent_name: 'crew' } }),
      ];
      for (let i = 0; i < 5; i++) traces.push(simple(`s-common-${i}`, `common task ${i}`, { cost: 0.1 * (i + 1) }));
      // Five traces with the same text (equally relevant to "lantern"), created a day apart.
      for (let i = 0; i < 5; i++) traces.push(simple(`s-tied-${i}`, 'lantern check', {}, { spans: [{ ...simple('x', 'x').spans![0], start_time: `2026-10-1${i}T09:00:00Z` }] }));
      await ingest(server, server.tenant, ...traces);
      await ingest(server, server.other, simple('s-other', 'zebrafish common weather quokka'));
    });

    it('finds a term that appears only in span metadata values', async () => {
      const result = (await call('search_traces', { query: 'pinecone' })) as SearchResult;
      expect(result.traces.map((t) => t.trace_id)).to.deep.equal(['s-meta']);
    });

    it('finds a term that appears only in a span metadata key', async () => {
      const result = (await call('search_traces', { query: 'hippopotamus' })) as SearchResult;
      expect(result.traces.map((t) => t.trace_id)).to.deep.equal(['s-key']);
    });

    it('finds terms in trace names and error messages', async () => {
      const byName = (await call('search_traces', { query: 'zebrafish' })) as SearchResult;
      expect(byName.traces.map((t) => t.trace_id).sort()).to.deep.equal(['s-meta', 's-name']);
      const byError = (await call('search_traces', { query: 'quokka' })) as SearchResult;
      expect(byError.traces.map((t) => t.trace_id)).to.deep.equal(['s-error']);
    });

    it('returns the spec summary fields', async () => {
      const result = (await call('search_traces', { query: 'quokka' })) as SearchResult;
      expect(result).to.deep.equal({
        traces: [
          {
            trace_id: 's-error',
            name: 'payment',
            status: 'error',
            created_at: '2026-10-01T09:00:00.000Z',
            latency_ms: 3000,
            error_message: 'gateway quokka refused',
            cost: 0,
            framework: 'langchain',
            agent_name: 'bot',
            url: 'https://tracewell.example/traces/s-error',
          },
        ],
        total_count: 1,
        total_count_exact: true,
        has_more: false,
      });
    });

    it('narrows with a rare term, spans many with a common one, and requires every word', async () => {
      const common = (await call('search_traces', { query: 'common' })) as SearchResult;
      expect(common.total_count).to.equal(6);
      const both = (await call('search_traces', { query: 'common crewai' })) as SearchResult;
      expect(both.traces.map((t) => t.trace_id)).to.deep.equal(['s-crew']);
      const none = (await call('search_traces', { query: 'zebrafish quokka' })) as SearchResult;
      expect(none).to.deep.equal({ traces: [], total_count: 0, total_count_exact: true, has_more: false });
    });

    it('ranks the trace that mentions the term more often first', async () => {
      const result = (await call('search_traces', { query: 'weather' })) as SearchResult;
      expect(result.traces.map((t) => t.trace_id)).to.deep.equal(['s-frequent', 's-rare']);
    });

    it('pages with limit and offset, reporting has_more', async () => {
      const first = (await call('search_traces', { query: 'common', limit: 4 })) as SearchResult;
      expect(first.traces).to.have.length(4);
      expect(first).to.include({ total_count: 6, has_more: true });
      const second = (await call('search_traces', { query: 'common', limit: 4, offset: 4 })) as SearchResult;
      expect(second.traces).to.have.length(2);
      expect(second.has_more).to.equal(false);
      const ids = [...first.traces, ...second.traces].map((t) => t.trace_id);
      expect(new Set(ids).size).to.equal(6);
    });

    it('orders equally relevant traces newest first, with and without filters, across page boundaries', async () => {
      const newestFirst = ['s-tied-4', 's-tied-3', 's-tied-2', 's-tied-1', 's-tied-0'];
      // min_latency_ms 0 matches every trace but takes the filtered path (every match joined to its trace).
      for (const filters of [undefined, { min_latency_ms: 0 }]) {
        const pages: string[] = [];
        for (const offset of [0, 2, 4]) {
          const page = (await call('search_traces', { query: 'lantern', limit: 2, offset, ...(filters ? { filters } : {}) })) as SearchResult;
          expect(page, `offset ${offset}`).to.include({ total_count: 5, total_count_exact: true, has_more: offset < 4 });
          pages.push(...page.traces.map((t) => t.trace_id));
        }
        expect(pages, JSON.stringify(filters)).to.deep.equal(newestFirst);
      }
    });

    it('counts matches up to the count limit (or offset + limit) and then reports that bound as inexact', async () => {
      const search = new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 3 });
      const tenant = server.tenant.project.id;
      for (const filters of [undefined, { min_latency_ms: 0 }]) {
        const at = async (offset: number) => {
          const { traces, ...rest } = await search.search(tenant, { query: 'lantern', limit: 2, offset, filters });
          return { ids: traces.map((t) => t.id), ...rest };
        };
        expect(await at(0)).to.deep.equal({ ids: ['s-tied-4', 's-tied-3'], totalCount: 3, totalCountExact: false, hasMore: true });
        expect(await at(2)).to.deep.equal({ ids: ['s-tied-2', 's-tied-1'], totalCount: 4, totalCountExact: false, hasMore: true });
        expect(await at(4)).to.deep.equal({ ids: ['s-tied-0'], totalCount: 5, totalCountExact: true, hasMore: false });
      }
      const rare = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 1 }).search(tenant, { query: 'quokka', limit: 1 });
      expect(rare).to.include({ totalCount: 1, totalCountExact: true, hasMore: false });
    });

    describe('past the count limit', () => {
      // beacon-i is stored i-th (one request each) and created 2026-10-2(4-i): store order and
      // creation order are opposite. beacon-0 says "beacon" three times: the most relevant.
      before(async () => {
        for (let i = 0; i < 5; i++) {
          const name = i === 0 ? 'beacon beacon beacon probe' : 'beacon probe';
          const metadata = { framework: i === 3 ? 'crewai' : 'langchain', agent_name: 'bot' };
          await ingest(server, server.tenant, simple(`beacon-${i}`, name, {}, { metadata, spans: [{ ...simple('x', 'x').spans![0], start_time: `2026-10-2${4 - i}T09:00:00Z` }] }));
        }
      });
      const ids = async (countLimit: number, request: { limit: number; filters?: Record<string, unknown> }) => {
        const result = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit }).search(server.tenant.project.id, { query: 'beacon', ...request });
        return { ids: result.traces.map((t) => t.id), totalCount: result.totalCount, totalCountExact: result.totalCountExact };
      };

      it('ranks every match while the count is exact', async () => {
        expect(await ids(10, { limit: 2 })).to.deep.equal({ ids: ['beacon-0', 'beacon-1'], totalCount: 5, totalCountExact: true });
      });

      it('ranks the count limit\'s most recently stored matches by relevance, newest created first among equals', async () => {
        // beacon-4, 3 and 2 are the last three stored; beacon-0, the most relevant, is older.
        expect(await ids(3, { limit: 2 })).to.deep.equal({ ids: ['beacon-2', 'beacon-3'], totalCount: 3, totalCountExact: false });
      });

      it('takes the most recently stored matches that pass the filters', async () => {
        // beacon-3 is crewai: the newest two langchain matches are beacon-4 and beacon-2.
        expect(await ids(2, { limit: 1, filters: { framework: 'langchain' } })).to.deep.equal({ ids: ['beacon-2'], totalCount: 2, totalCountExact: false });
      });

      it('counts a phrase\'s window in matches of the phrase, not in traces holding its words apart', async () => {
        // flare-0..2 say "signal flare"; the newest stored, flare-apart, has both words the other way round.
        for (const [id, name] of [['flare-0', 'signal flare'], ['flare-1', 'signal flare'], ['flare-2', 'signal flare'], ['flare-apart', 'flare signal']]) {
          await ingest(server, server.tenant, simple(id, name));
        }
        const search = new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 2 });
        const result = await search.search(server.tenant.project.id, { query: '"signal flare"', limit: 2 });
        expect({ ids: result.traces.map((t) => t.id).sort(), totalCount: result.totalCount, totalCountExact: result.totalCountExact }).to.deep.equal({
          ids: ['flare-1', 'flare-2'],
          totalCount: 2,
          totalCountExact: false,
        });
      });

      it('keeps each trace\'s place in the store order when its document is rebuilt', async () => {
        // Rebuilt oldest last: had the rebuild moved documents to the end, beacon-0 would be among the newest.
        const documents = [4, 3, 2, 1, 0].map((i) => ({ traceId: `beacon-${i}`, body: i === 0 ? 'beacon beacon beacon probe' : 'beacon probe' }));
        await server.runtime.store.transaction((store) => store.traces.replaceSearchDocuments(server.tenant.project.id, documents));
        expect(await ids(3, { limit: 2 })).to.deep.equal({ ids: ['beacon-2', 'beacon-3'], totalCount: 3, totalCountExact: false });
        // Outside a transaction too (SQLite inserts through knex there, not the prepared statement).
        await server.runtime.store.traces.replaceSearchDocuments(server.tenant.project.id, documents);
        expect(await ids(3, { limit: 2 })).to.deep.equal({ ids: ['beacon-2', 'beacon-3'], totalCount: 3, totalCountExact: false });
        // One document each, none lost or doubled.
        const all = await ids(10, { limit: 10 });
        expect({ ...all, ids: all.ids.sort() }).to.deep.equal({ ids: ['beacon-0', 'beacon-1', 'beacon-2', 'beacon-3', 'beacon-4'], totalCount: 5, totalCountExact: true });
      });
    });

    describe('a phrase\'s count limit', () => {
      // ember-0..3 say "ember glow" (ember-3 stored last); ember-apart holds both words the other way round.
      before(async () => {
        for (const [id, name] of [['ember-0', 'ember glow'], ['ember-1', 'ember glow'], ['ember-2', 'ember glow'], ['ember-3', 'ember glow'], ['ember-apart', 'glow of an ember']]) {
          await ingest(server, server.tenant, simple(id, name));
        }
      });
      // A page of 2: the bound is at least offset + limit.
      const counted = async (query: string, settings: { countLimit: number; phraseCountLimit?: number }) => {
        const result = await new TraceSearchService(server.runtime.store, server.runtime.clock, settings).search(server.tenant.project.id, { query, limit: 2 });
        return { ids: result.traces.map((t) => t.id).sort(), totalCount: result.totalCount, totalCountExact: result.totalCountExact };
      };

      it('counts and ranks a phrase\'s most recently stored matches up to the phrase count limit', async () => {
        expect(await counted('"ember glow"', { countLimit: 10, phraseCountLimit: 2 })).to.deep.equal({ ids: ['ember-2', 'ember-3'], totalCount: 2, totalCountExact: false });
      });

      it('counts a query without a phrase up to the count limit', async () => {
        expect(await counted('ember', { countLimit: 10, phraseCountLimit: 2 })).to.include({ totalCount: 5, totalCountExact: true });
      });

      it('treats an identifier (a phrase of its words) and an excluded phrase as phrases', async () => {
        expect(await counted('EmberGlow', { countLimit: 10, phraseCountLimit: 2 })).to.deep.equal({ ids: ['ember-2', 'ember-3'], totalCount: 2, totalCountExact: false });
        expect(await counted('ember -"ember glow"', { countLimit: 10, phraseCountLimit: 2 })).to.deep.equal({ ids: ['ember-apart'], totalCount: 1, totalCountExact: true });
        expect(await counted('glow -"glow ember"', { countLimit: 10, phraseCountLimit: 2 })).to.deep.equal({ ids: ['ember-2', 'ember-3'], totalCount: 2, totalCountExact: false });
      });

      it('never exceeds the count limit', async () => {
        expect(await counted('"ember glow"', { countLimit: 3, phraseCountLimit: 50 })).to.include({ totalCount: 3, totalCountExact: false });
      });

      it('still reaches offset + limit', async () => {
        const result = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 10, phraseCountLimit: 1 }).search(server.tenant.project.id, {
          query: '"ember glow"',
          limit: 2,
          offset: 1,
        });
        expect({ total: result.totalCount, exact: result.totalCountExact, hasMore: result.hasMore, page: result.traces.length }).to.deep.equal({ total: 3, exact: false, hasMore: true, page: 2 });
      });
    });

    it('reports the count on a page past the last match (the count is then a statement of its own)', async () => {
      for (const sort of ['relevance', 'recency']) {
        const page = (await call('search_traces', { query: 'lantern', limit: 2, offset: 10, sort })) as SearchResult;
        expect(page, sort).to.deep.equal({ traces: [], total_count: 5, total_count_exact: true, has_more: false });
      }
    });

    it('clamps a limit above 100 to 100', async () => {
      const result = (await call('search_traces', { query: 'common', limit: 1000 })) as SearchResult;
      expect(result.traces).to.have.length(6);
    });

    const filterCases: [string, Record<string, unknown>, string[]][] = [
      ['framework', { framework: 'crewai' }, ['s-crew']],
      ['status', { status: 'error' }, []],
      ['min and max cost', { min_cost: 0.25, max_cost: 0.45 }, ['s-common-2', 's-common-3']],
      ['min latency', { min_latency_ms: 101 }, []],
    ];
    for (const [name, filters, expected] of filterCases) {
      it(`filters by ${name}`, async () => {
        const result = (await call('search_traces', { query: 'common', filters })) as SearchResult;
        expect(result.traces.map((t) => t.trace_id).sort()).to.deep.equal(expected);
      });
    }

    it('filters by date_range: relative ranges and ISO 8601 intervals', async () => {
      // The clock stands at 2026-11-01T12:00Z; s-error was created a month earlier.
      const recent = (await call('search_traces', { query: 'quokka', filters: { date_range: 'last_7d' } })) as SearchResult;
      expect(recent.total_count).to.equal(0);
      const month = (await call('search_traces', { query: 'quokka', filters: { date_range: 'last_30d' } })) as SearchResult;
      expect(month.total_count).to.equal(0);
      const interval = (await call('search_traces', { query: 'quokka', filters: { date_range: '2026-09-30T00:00:00Z/2026-10-02T00:00:00Z' } })) as SearchResult;
      expect(interval.total_count).to.equal(1);
      const day = (await call('search_traces', { query: 'zebrafish', filters: { date_range: 'last_24h' } })) as SearchResult;
      expect(day.total_count).to.equal(2);
    });

    it('answers 400 for an invalid date_range, status or query without words', async () => {
      for (const input of [
        { query: 'common', filters: { date_range: 'last_year' } },
        { query: 'common', filters: { date_range: '2026-10-02/2026-10-01' } },
        { query: 'common', filters: { status: 'broken' } },
        { query: '!!!' },
        { query: 'common', offset: -1 },
      ]) {
        const problem = await problemOf(() => call('search_traces', input));
        expect(problem, JSON.stringify(input)).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
      }
    });

    it('never returns traces of another project', async () => {
      const mine = (await call('search_traces', { query: 'zebrafish' })) as SearchResult;
      expect(mine.traces.map((t) => t.trace_id)).to.not.include('s-other');
      const theirs = (await call('search_traces', { query: 'zebrafish' }, server.other)) as SearchResult;
      expect(theirs.traces.map((t) => t.trace_id)).to.deep.equal(['s-other']);
    });
  });

  describe('get_trace_context', () => {
    before(async () => {
      await ingest(server, server.tenant, sampleTrace({ trace_id: 'gtc-1' }), wideTrace('gtc-wide', 1001));
      await ingest(server, server.other, sampleTrace({ trace_id: 'gtc-theirs' }));
    });

    it('returns the trace context with root_span and nested children in snake_case', async () => {
      const result = (await call('get_trace_context', { trace_id: 'gtc-1' })) as Record<string, unknown>;
      expect(result).to.deep.include({
        trace_id: 'gtc-1',
        name: 'support agent run',
        status: 'success',
        created_at: '2026-11-01T11:00:00.000Z',
        span_count: 3,
        total_latency_ms: 1200,
        truncated: false,
        other_root_spans: [],
      });
      expect(result.total_cost).to.be.closeTo(0.003, 1e-12);
      const root = result.root_span as { span_id: string; children: Record<string, unknown>[] };
      expect(root.span_id).to.equal('root');
      expect(root.children[1]).to.deep.equal({
        span_id: 'tool-1',
        span_type: 'TOOL',
        name: 'lookup order',
        status: 'success',
        latency_ms: 300,
        start_time: '2026-11-01T11:00:00.900Z',
        input: null,
        output: null,
        error: null,
        metadata: { tool_name: 'orders_api', input_tokens: 10, output_tokens: 5, cost: 0.001 },
        children: [],
      });
    });

    it('truncates at 1000 spans and says so', async () => {
      const result = (await call('get_trace_context', { trace_id: 'gtc-wide' })) as { truncated: boolean; span_count: number; root_span: { children: unknown[] } };
      expect(result).to.include({ truncated: true, span_count: 1001 });
    });

    it('answers 400 for an invalid trace id format', async () => {
      const problem = await problemOf(() => call('get_trace_context', { trace_id: 'has spaces' }));
      expect(problem).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
    });

    it('answers 404 for an unknown trace and for a trace of another project', async () => {
      expect(await problemOf(() => call('get_trace_context', { trace_id: 'missing' }))).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      expect(await problemOf(() => call('get_trace_context', { trace_id: 'gtc-theirs' }))).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
    });
  });
});
