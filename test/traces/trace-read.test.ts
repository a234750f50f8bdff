import { expect } from 'chai';
import type { SpanRecord } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

interface WireSpan {
  spanId: string;
  children: WireSpan[];
}
interface WireContext {
  id: string;
  spanCount: number;
  truncated: boolean;
  spans: WireSpan[];
}

/** Spans of a tree, depth first. */
const flatten = (spans: WireSpan[]): string[] => spans.flatMap((span) => [span.spanId, ...flatten(span.children)]);

/** A trace of `count` spans: a root, then each span under the one `fanOut` before it (a parent sent after its child included). */
function traceOf(id: string, count: number) {
  const spans = Array.from({ length: count }, (_, i) => ({
    span_id: `s${i}`,
    ...(i === 0 ? {} : { parent_span_id: `s${i % 7 === 3 && i + 1 < count ? i + 1 : Math.floor((i - 1) / 4)}` }),
    name: `step ${i}`,
    span_type: i === 0 ? 'AGENT' : 'TOOL',
    status: 'success',
    start_time: new Date(Date.UTC(2026, 10, 1, 12, 0, 0, i)).toISOString(),
  }));
  return { trace_id: id, name: `read ${id}`, spans };
}

/**
 * GET /traces/{traceId} and get_trace_context read a trace with its spans (TraceRepository
 * .findWithSpans). On SQLite a trace of at most 2,000 spans is read on the request thread's own
 * read-only connection; a larger one goes through the SQLite thread, as on PostgreSQL.
 */
forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces/{traceId} — the trace read', () => {
    let server: TestServer;
    /** spansOf calls while a test runs: the read through the SQLite thread (or PostgreSQL's pool). */
    let threadReads = 0;
    let restore = () => {};
    before(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false' } });
      for (const trace of [traceOf('small', 40), traceOf('at-bound', 2_000), traceOf('past-bound', 2_001)]) {
        expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: [trace] }), 201);
      }
      const traces = server.runtime.store.traces;
      const original = traces.spansOf;
      traces.spansOf = (projectId: string, traceId: string): Promise<SpanRecord[]> => {
        threadReads += 1;
        return original.call(traces, projectId, traceId);
      };
      restore = () => {
        traces.spansOf = original;
      };
    });
    beforeEach(() => {
      threadReads = 0;
    });
    after(async () => {
      restore();
      await server.close();
    });
    const read = async (id: string) => expectEnvelope<WireContext>(await server.request().get(`/api/v1/public/traces/${id}`).set('x-api-key', server.tenant.apiKey), 200);

    it('answers a small trace with every span in its tree, in place on SQLite (no read through the SQLite thread)', async () => {
      const body = await read('small');
      expect(body).to.include({ id: 'small', spanCount: 40, truncated: false });
      const ids = flatten(body.spans);
      expect(ids).to.have.length(40);
      expect(new Set(ids).size).to.equal(40);
      expect(ids[0]).to.equal('s0');
      expect(threadReads).to.equal(adapter === 'sqlite' ? 0 : 1);
    });

    it('reads a trace of exactly 2,000 spans in place on SQLite, and one of 2,001 through the SQLite thread; each cut to 1,000 spans', async () => {
      const atBound = await read('at-bound');
      expect(threadReads).to.equal(adapter === 'sqlite' ? 0 : 1);
      const pastBound = await read('past-bound');
      expect(threadReads).to.equal(adapter === 'sqlite' ? 1 : 2);
      for (const [body, spanCount] of [[atBound, 2_000], [pastBound, 2_001]] as const) {
        expect(body).to.include({ spanCount, truncated: true });
        expect(flatten(body.spans)).to.have.length(1_000);
      }
    });

    if (adapter === 'sqlite') {
      it('answers the same body in place as through the SQLite thread', async () => {
        const inPlace = [await read('small'), await read('at-bound')];
        expect(threadReads).to.equal(0);
        const reader = server.runtime.database.searchReader!;
        const original = reader.readInPlace.bind(reader);
        // As when the file is busy: the read goes through the SQLite thread.
        reader.readInPlace = () => null;
        try {
          expect([await read('small'), await read('at-bound')]).to.deep.equal(inPlace);
        } finally {
          reader.readInPlace = original;
        }
        expect(threadReads).to.equal(2);
      });
    }

    it('answers 404 PUBLIC_API_NOT_FOUND for a trace the project does not have, without reading spans', async () => {
      expectProblem(await server.request().get('/api/v1/public/traces/nowhere').set('x-api-key', server.tenant.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      // Another project's trace is not found either.
      expectProblem(await server.request().get('/api/v1/public/traces/small').set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      expect(threadReads).to.equal(0);
    });

    it('sees a trace stored after an earlier read (each read its own snapshot)', async () => {
      expectProblem(await server.request().get('/api/v1/public/traces/later').set('x-api-key', server.tenant.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: [traceOf('later', 3)] }), 201);
      expect(flatten((await read('later')).spans)).to.have.length(3);
    });
  });
});
