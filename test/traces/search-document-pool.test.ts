import { expect } from 'chai';
import { MAX_DOCUMENT_CHARS, searchDocumentOf, searchTextsOf, type DocumentSource } from '../../src/domain/traces/search-document.js';
import { SearchDocumentPool } from '../../src/domain/traces/search-document-pool.js';
import { TraceIngestionService } from '../../src/domain/traces/trace-ingestion-service.js';
import { TraceSearchService } from '../../src/domain/traces/trace-search-service.js';
import type { SpanRecord } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

const span = (spanId: string, fields: Partial<SpanRecord>): SpanRecord => ({
  spanId,
  parentSpanId: null,
  position: 0,
  name: 'step',
  spanType: 'TOOL',
  status: 'success',
  latencyMs: 5,
  cost: null,
  startTime: null,
  input: null,
  output: null,
  error: null,
  metadata: {},
  ...fields,
});

/** Traces whose words exercise every split rule, ASCII and not, and the document's length cap. */
const traces: DocumentSource[] = [
  {
    name: 'HTTPServer fetchUserProfile',
    metadata: { agent_name: 'support-bot', nested: { path: 'src/tools/http_fetch.py', level: 3 } },
    spans: [
      span('a', { name: 'openai.chat.completions', error: 'TimeoutError: tool exceeded 30000 ms', metadata: { model: 'gpt4o' }, input: { messages: [{ role: 'user', content: 'Where is my order?' }] } }),
      span('b', { name: 'Übersetzung', output: { text: 'Größe 日本語のテキスト café naïve' }, metadata: { otel: { kind: 'CLIENT' } } }),
    ],
  },
  // The last word of one text and the first of the next stay two words.
  { name: 'end', metadata: { key: 'value' }, spans: [span('c', { name: 'start', input: { a: 'tail', b: 'head' } })] },
  { name: 'long', metadata: {}, spans: Array.from({ length: 80 }, (_, i) => span(`s${i}`, { input: { text: 'lorem ipsum dolor sit amet '.repeat(200) } })) },
];

describe('search documents on a thread (SearchDocumentPool)', () => {
  it('builds exactly the documents the request loop builds, a line break between texts separating words as their own boundaries do', async () => {
    const pool = new SearchDocumentPool({ workers: 1, inThreadBelowChars: 0 });
    try {
      const documents = await pool.documentsOf(traces.map((trace) => searchTextsOf(trace)));
      expect(pool.stats).to.deep.equal({ threadJobs: 1, fallbacks: 0 });
      expect(documents).to.deep.equal(traces.map((trace) => searchDocumentOf(trace)));
      expect(documents[0]).to.equal(
        'http server fetch user profile agent name support bot nested path src tools http fetch py level 3 openai chat completions timeout error tool exceeded 30000 ms model gpt 4 o übersetzung user order größe 日本語のテキスト café naïve',
      );
      expect(documents[1]).to.equal('end key value start tail head');
      expect(documents[2].length).to.be.at.most(MAX_DOCUMENT_CHARS);
    } finally {
      await pool.close();
    }
  });

  it('splits a trace of fewer characters than its threshold on the caller\'s loop, starting no thread', async () => {
    const pool = new SearchDocumentPool({ workers: 1 });
    try {
      expect(await pool.documentsOf([searchTextsOf(traces[1])])).to.deep.equal(['end key value start tail head']);
      expect(pool.stats).to.deep.equal({ threadJobs: 0, fallbacks: 0 });
      expect(pool.liveWorkers).to.equal(0);
    } finally {
      await pool.close();
    }
  });

  it('builds on the loop when the thread cannot (a closed pool): the documents are the same, the ingest does not fail', async () => {
    const pool = new SearchDocumentPool({ workers: 1, inThreadBelowChars: 0 });
    await pool.close();
    expect(await pool.documentsOf(traces.map((trace) => searchTextsOf(trace)))).to.deep.equal(traces.map((trace) => searchDocumentOf(trace)));
    expect(pool.stats).to.deep.equal({ threadJobs: 0, fallbacks: 1 });
  });

  it('with no threads (INGEST_DOCUMENT_THREADS=0) builds every document on the loop', async () => {
    const pool = new SearchDocumentPool({ workers: 0, inThreadBelowChars: 0 });
    expect(await pool.documentsOf([searchTextsOf(traces[1])])).to.deep.equal(['end key value start tail head']);
    expect(pool.stats).to.deep.equal({ threadJobs: 0, fallbacks: 0 });
    expect(pool.liveWorkers).to.equal(0);
  });
});

forEachAdapter((adapter) => {
  describe('trace ingestion with search documents built on a thread', () => {
    let server: TestServer;
    let pool: SearchDocumentPool;
    let ingestion: TraceIngestionService;
    before(async () => {
      server = await startTestServer(adapter);
      pool = new SearchDocumentPool({ workers: 1, inThreadBelowChars: 0 });
      ingestion = new TraceIngestionService(server.runtime.store, server.runtime.clock, { documents: pool });
    });
    after(async () => {
      await ingestion.close();
      await server.close();
    });

    const found = async (query: string): Promise<string[]> =>
      (await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 100 }).search(server.tenant.project.id, { query, limit: 10 })).traces.map((t) => t.id).sort();

    it('stores each batch trace under its own document (words of its input found, the other trace\'s not)', async () => {
      const jobs = pool.stats.threadJobs;
      await ingestion.ingestBatch(server.tenant.project.id, [
        { trace_id: 'thread-doc-1', name: 'first', spans: [{ span_id: 'r', name: 'root', span_type: 'AGENT', status: 'success', input: { prompt: 'marmalade sandwich' } }] },
        { trace_id: 'thread-doc-2', name: 'second', spans: [{ span_id: 'r', name: 'root', span_type: 'AGENT', status: 'success', output: { text: 'quinceJelly' } }] },
      ]);
      expect(pool.stats.threadJobs).to.equal(jobs + 1);
      expect(await found('marmalade')).to.deep.equal(['thread-doc-1']);
      expect(await found('quince')).to.deep.equal(['thread-doc-2']);
    });

    it('stores an OTLP-style append\'s new traces under their documents, and rebuilds a grown trace\'s on the loop', async () => {
      const project = server.tenant.project.id;
      const jobs = pool.stats.threadJobs;
      await ingestion.appendSpans(project, [{ traceId: 'thread-append', metadata: {}, spans: [span('a', { name: 'gooseberry fetch', input: { q: 'rhubarb' } })] }]);
      expect(pool.stats.threadJobs).to.equal(jobs + 1);
      expect(await found('rhubarb')).to.deep.equal(['thread-append']);
      await ingestion.appendSpans(project, [{ traceId: 'thread-append', metadata: {}, spans: [span('b', { parentSpanId: 'a', position: 1, name: 'damson' })] }]);
      expect(await found('damson')).to.deep.equal(['thread-append']);
      expect(await found('rhubarb')).to.deep.equal(['thread-append']);
    });
  });
});
