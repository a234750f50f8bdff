import { expect } from 'chai';
import { traceToolMappings } from '../../src/tools/trace-tools.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { MAX_DOCUMENT_CHARS, MAX_SPAN_IO_CHARS, searchDocumentOf } from '../../src/domain/traces/search-document.js';
import { splitWords, STOP_WORDS } from '../../src/domain/traces/search-words.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { toolContext, toolsOver } from '../support/tool-context.js';
import type { TraceInput } from './fixtures.js';

type Span = NonNullable<TraceInput['spans']>[number];

/** A trace of one span; `minute` orders the corpus in time (later is newer). */
const corpusTrace = (id: string, minute: number, name: string, span: Partial<Span> = {}): TraceInput => ({
  trace_id: id,
  name,
  spans: [
    {
      span_id: 'root',
      name: 'step',
      span_type: 'AGENT',
      status: span.error ? 'error' : 'success',
      start_time: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
      ...span,
    } as Span,
  ],
});

/** The shared corpus: the same traces and the same expected answers on both adapters. */
const CORPUS: TraceInput[] = [
  corpusTrace('timeout', 1, 'agent run', { name: 'http_fetch', error: 'TimeoutError: tool http_fetch exceeded 30000 ms' }),
  corpusTrace('rate', 2, 'rate limit hit', { name: 'openai.chat.completions', error: 'RateLimitError: rate limit reached, rate again' }),
  corpusTrace('limit-rate', 3, 'limit of rate', { name: 'retry' }),
  corpusTrace('io', 4, 'geography', { input: { messages: [{ role: 'user', content: 'What is the capital of Mongolia?' }] }, output: { text: 'Ulaanbaatar' } }),
  corpusTrace('path', 5, 'planner', { metadata: { file: 'src/agents/planner.py' } }),
  corpusTrace('digits', 6, 'gpt4o summarize', { metadata: { model: 'gpt-4o-mini' } }),
  corpusTrace('camel', 7, 'serve', { name: 'HTTPServerHandler' }),
  corpusTrace('timed', 8, 'slow call', { error: 'the request timed out after retries' }),
  corpusTrace('lantern-often', 10, 'lantern lantern lantern glow'),
  corpusTrace('lantern-once', 11, 'lantern dim glow bright'),
  // Relevance with exclusions: the more often `ember`, the higher, though older; equally long names.
  corpusTrace('ember-thrice', 12, 'ember ember ember ping'),
  corpusTrace('ember-twice', 13, 'ember ember ping breach'),
  corpusTrace('ember-phrase', 14, 'ember breach ping pong'),
  corpusTrace('ember-once', 15, 'ember ping pong breach'),
];

/**
 * Query → the trace ids in the order sort=relevance must list them, the same on both adapters: an
 * exclusion narrows the matches and has no part in their rank (docs/search.md#order).
 */
const RANKED: [string, string[]][] = [
  ['ember', ['ember-thrice', 'ember-twice', 'ember-once', 'ember-phrase']],
  ['ember -pong', ['ember-thrice', 'ember-twice']],
  ['ember -"ember breach"', ['ember-thrice', 'ember-twice', 'ember-once']],
  ['ember -"ping pong"', ['ember-thrice', 'ember-twice']],
  ['ember -"ember breach" -thrice', ['ember-thrice', 'ember-twice', 'ember-once']],
];

/** Query → the trace ids it must find (as a set). */
const EXPECTED: [string, string[]][] = [
  ['timeout', ['timeout']],
  ['TimeoutError', ['timeout']],
  ['fetch', ['timeout']],
  ['http_fetch', ['timeout']],
  ['30000', ['timeout']],
  ['time*', ['timeout', 'timed']],
  ['"rate limit"', ['rate']],
  ['rate limit', ['rate', 'limit-rate']],
  ['limit -"rate limit"', ['limit-rate']],
  ['rate -completions', ['limit-rate']],
  ['retr* -timed', ['limit-rate']],
  ['Mongolia', ['io']],
  ['ulaanbaatar', ['io']],
  ['"capital mongolia"', ['io']],
  ['planner.py', ['path']],
  ['src/agents', ['path']],
  // Words are stemmed: agents finds agent.
  ['agents', ['path', 'timeout']],
  ['py', ['path']],
  ['gpt-4o', ['digits']],
  ['gpt', ['digits']],
  ['mini', ['digits']],
  ['HTTPServer', ['camel']],
  ['server handler', ['camel']],
  ['chat.completions', ['rate']],
  ['zanzibar', []],
];

describe('splitWords', () => {
  it('splits identifiers at camelCase, snake_case, dots, slashes, dashes and letter/digit boundaries', () => {
    expect(splitWords('TimeoutError http_fetch HTTPServerHandler openai.chat.completions src/app/main.py gpt-4o v2Client ID')).to.deep.equal([
      'timeout', 'error', 'http', 'fetch', 'http', 'server', 'handler', 'openai', 'chat', 'completions', 'src', 'app', 'main', 'py', 'gpt', '4', 'o', 'v', '2', 'client', 'id',
    ]);
  });

  it('splits ASCII text by its character scan exactly as the Unicode expression splits it', () => {
    // A non-ASCII word at the end sends the whole text through the regular expression.
    for (const text of ['TimeoutError: tool http_fetch exceeded 30000 ms', 'ABCdef aB AbC a1B2 HTTP2Server iOS XMLHttpRequest __init__ x', 'snake_case_ID 42abc']) {
      expect(splitWords(`${text} é`), text).to.deep.equal([...splitWords(text), 'é']);
    }
    expect(splitWords('Größe straßeNummer 東京Tower')).to.deep.equal(['größe', 'straße', 'nummer', '東京', 'tower']);
  });
});

describe('searchDocumentOf', () => {
  it('holds the words splitWords makes of each text, stop words left out in any case, in order', () => {
    const texts = [
      'The THE tHe Them THEMSELVES Yourselves yourselvesx ourselve Don T s a an',
      'HTTPServer TimeoutError http_fetch gpt4o v2Client ID a1b2 __init__',
      `${'x'.repeat(100)} ${'y'.repeat(101)} ${'Z'.repeat(101)} ${'AbC'.repeat(40)} ${'9'.repeat(120)}`,
      'Größe straßeNummer 東京Tower İstanbul THE the Über 😀emoji',
    ];
    const expected = texts.flatMap((text) => splitWords(text).filter((word) => word.length <= 100 && !STOP_WORDS.has(word)));
    expect(expected).to.include.members(['yourselvesx', 'ourselve', 'http', 'server', 'x'.repeat(100), 'größe', '東京']);
    expect(expected).not.to.include.members(['the', 'them', 'themselves', 'yourselves', 'don', 't', 'y'.repeat(101)]);
    const spans = texts.slice(1).map((text, i) => ({ spanId: `s${i}`, name: text, metadata: {} }));
    expect(searchDocumentOf({ name: texts[0], metadata: {}, spans: spans as never })).to.equal(expected.join(' '));
  });

  /** The document of a trace named `run` with this metadata and one span named `step` per metadata object. */
  const metadataDocument = (traceMetadata: Record<string, unknown>, ...spanMetadata: Record<string, unknown>[]) =>
    searchDocumentOf({ name: 'run', metadata: traceMetadata, spans: spanMetadata.map((metadata, i) => ({ spanId: `s${i}`, name: 'step', metadata })) as never });

  it("writes a span's metadata key and plain value once per trace: the trace's own and each earlier span's pairs are not repeated", () => {
    const document = metadataDocument(
      { framework: 'crewai' },
      { framework: 'crewai', model: 'gpt-4o', tokens_used: 12 },
      { framework: 'crewai', model: 'gpt-4o', tokens_used: 30, cost_source: 'reported' },
      { framework: 'langchain', model: 'gpt-4o', tokens_used: 12, cost_source: 'reported' },
    );
    expect(document).to.equal('run framework crewai step model gpt 4 o tokens used 12 step tokens used 30 cost source reported step framework langchain');
  });

  it('compares nested values by their whole key path, writes a key before its first new value, and writes arrays every time', () => {
    const document = metadataDocument(
      {},
      { tool: { name: 'fetch', retries: 2 }, tags: ['alpha'], extra: {} },
      { tool: { name: 'fetch', retries: 3 }, tags: ['alpha'], extra: {}, name: 'fetch' },
      { tool: { name: 'fetch', retries: 3 } },
    );
    expect(document).to.equal('run step tool name fetch retries 2 tags alpha extra step tool retries 3 tags alpha name fetch step');
  });

  it("leaves out the name of the OTLP mapping's attributes wrapper, not the attributes' keys and values", () => {
    const document = metadataDocument({}, { attributes: { app: { tenant: 'acme' } } }, { attributes: { app: { tenant: 'acme', region: 'eu' } } });
    expect(document).to.equal('run step app tenant acme step app region eu');
  });
});

forEachAdapter((adapter) => {
  let server: TestServer;
  let tools: Record<string, ToolDefinition>;
  const call = (name: string, input: Record<string, unknown>) => tools[name].handler(input, toolContext(server, server.tenant));
  const search = (query: Record<string, unknown>) => server.request().get('/api/v1/public/search/traces').query(query).set('x-api-key', server.tenant.apiKey);
  const ids = async (query: Record<string, unknown>) => expectEnvelope<{ traces: { id: string }[] }>(await search(query)).traces.map((t) => t.id);

  before(async () => {
    server = await startTestServer(adapter);
    tools = Object.fromEntries(toolsOver(server, traceToolMappings(server.config)).map((tool) => [tool.name, tool]));
    const res = await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: CORPUS });
    expectEnvelope(res, 201);
  });
  after(async () => server.close());

  describe('GET /api/v1/public/search/traces (query syntax)', () => {
    for (const [q, expected] of EXPECTED) {
      it(`finds ${JSON.stringify(expected)} for ${q}`, async () => {
        expect((await ids({ q })).sort()).to.deep.equal([...expected].sort());
      });
    }

    it('sorts by recency (newest first) when asked', async () => {
      expect(await ids({ q: 'rate', sort: 'recency' })).to.deep.equal(['limit-rate', 'rate']);
      expect(await ids({ q: 'time*', sort: 'recency' })).to.deep.equal(['timed', 'timeout']);
    });

    it('sorts by relevance by default: the trace saying the word more often first, though older', async () => {
      expect(await ids({ q: 'lantern' })).to.deep.equal(['lantern-often', 'lantern-once']);
      expect(await ids({ q: 'lantern', sort: 'relevance' })).to.deep.equal(['lantern-often', 'lantern-once']);
      expect(await ids({ q: 'lantern', sort: 'recency' })).to.deep.equal(['lantern-once', 'lantern-often']);
    });

    for (const [q, expected] of RANKED) {
      it(`lists ${JSON.stringify(expected)} in this order by relevance for ${q}`, async () => {
        expect(await ids({ q })).to.deep.equal(expected);
      });
    }

    it('answers 400 naming /query for stop words alone, exclusions alone, and too short a prefix', async () => {
      for (const [q, code] of [['the of', 'no_terms'], ['-timeout', 'no_terms'], ['ti*', 'prefix_too_short']]) {
        const body = expectProblem(await search({ q }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const [error] = body.errors as { path: string; code: string }[];
        expect({ path: error.path, code: error.code }, q).to.deep.equal({ path: '/query', code });
      }
    });

    it('answers 400 naming sort for an unknown order', async () => {
      const body = expectProblem(await search({ q: 'rate', sort: 'oldest' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[]).map((e) => e.path).join()).to.contain('sort');
    });
  });

  describe('search_traces (query syntax)', () => {
    it('takes the same syntax and sort', async () => {
      const result = (await call('search_traces', { query: 'rate -completions', sort: 'recency' })) as { traces: { trace_id: string }[] };
      expect(result.traces.map((t) => t.trace_id)).to.deep.equal(['limit-rate']);
      const recent = (await call('search_traces', { query: 'time*', sort: 'recency' })) as { traces: { trace_id: string }[] };
      expect(recent.traces.map((t) => t.trace_id)).to.deep.equal(['timed', 'timeout']);
    });
  });

  describe('PATCH /api/v1/public/project searchInputsOutputs', () => {
    it('leaves span inputs and outputs of traces stored afterwards out of search; names stay searchable', async () => {
      const patched = await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ searchInputsOutputs: false });
      expect(expectEnvelope<{ searchInputsOutputs: boolean }>(patched).searchInputsOutputs).to.equal(false);
      const trace = corpusTrace('private-io', 9, 'quarantined', { input: { prompt: 'zanzibar secret' }, output: { answer: 'zanzibar' } });
      expectEnvelope(await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send(trace), 201);
      expect(await ids({ q: 'zanzibar' })).to.deep.equal([]);
      expect(await ids({ q: 'quarantined' })).to.deep.equal(['private-io']);
      expect(await ids({ q: 'ulaanbaatar' })).to.deep.equal(['io']);
      const restored = await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ searchInputsOutputs: true });
      expect(expectEnvelope<{ searchInputsOutputs: boolean }>(restored).searchInputsOutputs).to.equal(true);
    });
  });

  describe('search documents at their bounds', () => {
    it('stores and finds a trace whose document is the largest allowed, every word distinct (PostgreSQL tsvector limit)', async () => {
      // Distinct words in every span's input up to the per-span bound, across enough spans to pass the document bound.
      let n = 0;
      // Letters only (digits would split words): seven letters of n in base 26.
      const letters = (k: number) => Array.from({ length: 7 }, (_, i) => String.fromCharCode(97 + (Math.floor(k / 26 ** (6 - i)) % 26))).join('');
      const word = () => letters(n++);
      const spans: Span[] = Array.from({ length: Math.ceil(MAX_DOCUMENT_CHARS / MAX_SPAN_IO_CHARS) + 2 }, (_, i) => {
        const words: string[] = [];
        for (let chars = 0; chars < MAX_SPAN_IO_CHARS; chars += 8) words.push(`z${word()}`);
        return { span_id: `s${i}`, name: 'chunk', span_type: 'TOOL', status: 'success', input: { text: words.join(' ') } } as Span;
      });
      const trace: TraceInput = { trace_id: 'huge-document', name: 'hugedocument', spans };
      expect(searchDocumentOf({ name: trace.name, metadata: {}, spans: spans.map((s) => ({ ...s, spanId: s.span_id, metadata: {} })) as never }).length).to.be.at.most(MAX_DOCUMENT_CHARS);
      expectEnvelope(await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send(trace), 201);
      expect(await ids({ q: 'hugedocument' })).to.deep.equal(['huge-document']);
      expect(await ids({ q: `z${letters(1)}` })).to.deep.equal(['huge-document']);
    });

    it('ends a document at the last whole word within the bound, in the order the texts came', () => {
      // 60 spans of 4,000 characters of "abcd " (800 words each): 48,000 words of 5 characters with their space.
      const spans = Array.from({ length: 60 }, (_, i) => ({ spanId: `s${i}`, name: 'w', metadata: {}, input: 'abcd '.repeat(800) }));
      const document = searchDocumentOf({ name: 'first', metadata: {}, spans: spans as never });
      // Each word costs its length and a space: "first" 6, each span name "w" 2, then as many "abcd" (5) as fit.
      const fitting = Math.floor((MAX_DOCUMENT_CHARS - 6 - 60 * 2) / 5);
      expect(document).to.equal(['first', ...Array(60).fill('w'), ...Array(fitting).fill('abcd')].join(' '));
      expect(document.length + 1 + 5).to.be.above(MAX_DOCUMENT_CHARS);
    });

    it('takes span metadata keys and values but not the OTLP bookkeeping under `otel`', () => {
      const span = { spanId: 's', name: 'plan', metadata: { model: 'gpt-4o', otel: { kind: 'internal', scope: { name: '@arizeai/openinference-instrumentation-crewai' }, service: 'billing-agent' } } };
      const trace = { name: 'run', metadata: { otel_resource: { 'service.name': 'billing-agent' } }, spans: [span] as never };
      expect(searchDocumentOf(trace)).to.equal('run otel resource service name billing agent plan model gpt 4 o');
    });
  });
});

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/search/traces (SEARCH_PHRASE_COUNT_LIMIT)', () => {
    let server: TestServer;
    const search = async (q: string) =>
      expectEnvelope<{ totalCount: number; totalCountExact: boolean }>(await server.request().get('/api/v1/public/search/traces').query({ q, limit: 1 }).set('x-api-key', server.tenant.apiKey));
    before(async () => {
      server = await startTestServer(adapter, { env: { SEARCH_COUNT_LIMIT: '10', SEARCH_PHRASE_COUNT_LIMIT: '1' } });
      const traces = [corpusTrace('flare-1', 1, 'signal flare'), corpusTrace('flare-2', 2, 'signal flare'), corpusTrace('flare-3', 3, 'flare signal')];
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces }), 201);
    });
    after(async () => server.close());

    it('counts a phrase\'s matches up to the phrase bound and words\' up to SEARCH_COUNT_LIMIT', async () => {
      expect(await search('"signal flare"')).to.include({ totalCount: 1, totalCountExact: false });
      expect(await search('SignalFlare')).to.include({ totalCount: 1, totalCountExact: false });
      expect(await search('signal flare')).to.include({ totalCount: 3, totalCountExact: true });
    });
  });
});
