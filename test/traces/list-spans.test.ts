import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, sampleTrace, wideTrace } from './fixtures.js';
import { otlpJson, type TestSpan } from '../otlp/otlp-bodies.js';

interface FlatSpanView {
  spanId: string;
  parentSpanId: string | null;
  [key: string]: unknown;
}
interface SpanPage {
  spans: FlatSpanView[];
  page: { hasMore: boolean; limit: number; nextCursor: string | null };
}

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces/{traceId}/spans', () => {
    let server: TestServer;
    const get = (id: string, query: Record<string, string | number> = {}, key?: string) =>
      server.request().get(`/api/v1/public/traces/${id}/spans`).query(query).set('x-api-key', key ?? server.tenant.apiKey);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(server, server.tenant, sampleTrace({ trace_id: 'flat-1' }), wideTrace('wide-1', 2500));
      await ingest(server, server.other, sampleTrace({ trace_id: 'theirs' }));
    });
    after(async () => server.close());

    it('returns every span flat, by start time, with the span fields', async () => {
      const data = expectEnvelope<SpanPage>(await get('flat-1'));
      expect(data.spans.map((s) => s.spanId)).to.deep.equal(sampleTrace().spans!.map((s) => s.span_id));
      expect(data.spans[0]).to.deep.equal({
        spanId: 'root',
        parentSpanId: null,
        name: 'agent',
        spanType: 'AGENT',
        status: 'success',
        latencyMs: 1200,
        cost: null,
        inputTokens: null,
        outputTokens: null,
        totalTokens: null,
        startTime: '2026-11-01T11:00:00.000Z',
        input: null,
        output: null,
        error: null,
        metadata: {},
      });
      expect(data.page).to.deep.equal({ hasMore: false, limit: 1000, nextCursor: null });
    });

    it('pages past the 1000 spans of the trace context until every span was listed once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const data: SpanPage = expectEnvelope<SpanPage>(await get('wide-1', cursor ? { limit: 1000, cursor } : { limit: 1000 }));
        seen.push(...data.spans.map((s) => s.spanId));
        cursor = data.page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).to.equal(3);
      expect(seen).to.have.length(2500);
      expect(new Set(seen).size).to.equal(2500);
      expect(seen.slice(0, 3)).to.deep.equal(['s0', 's1', 's2']);
      expect(seen[2499]).to.equal('s2499');
    });

    /** An OTLP trace as an exporter sends it: children first (they end first), a parent and child starting in the same millisecond. */
    const OTLP_TRACE = 'a'.repeat(32);
    const otlpSpans: TestSpan[] = [
      { traceId: OTLP_TRACE, spanId: 'c'.repeat(16), parentSpanId: 'b'.repeat(16), name: 'tool', startMs: 40 },
      { traceId: OTLP_TRACE, spanId: 'b'.repeat(16), parentSpanId: '1'.repeat(16), name: 'llm', startMs: 0 },
      { traceId: OTLP_TRACE, spanId: 'd'.repeat(16), parentSpanId: '1'.repeat(16), name: 'second llm', startMs: 20 },
      { traceId: OTLP_TRACE, spanId: 'e'.repeat(16), parentSpanId: 'b'.repeat(16), name: 'retrieve', startMs: 0 },
      { traceId: OTLP_TRACE, spanId: '1'.repeat(16), name: 'agent', startMs: 0, durationMs: 100 },
    ];
    const sendOtlp = async (spans: TestSpan[]) => {
      const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send(otlpJson(spans));
      expect(res.status).to.equal(200);
    };

    it('lists OTLP spans by start time, a parent before its children on a tied start, whatever order they were sent in', async () => {
      await sendOtlp(otlpSpans);
      const data = expectEnvelope<SpanPage>(await get(OTLP_TRACE));
      // agent, llm and retrieve all start at 0 ms: by depth (0, 1, 2); then second llm (20 ms), tool (40 ms).
      expect(data.spans.map((s) => s.name)).to.deep.equal(['agent', 'llm', 'retrieve', 'second llm', 'tool']);
      expect(data.page).to.deep.equal({ hasMore: false, limit: 1000, nextCursor: null });
    });

    it('pages an OTLP trace one span at a time in the same order, each span once', async () => {
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const data: SpanPage = expectEnvelope<SpanPage>(await get(OTLP_TRACE, cursor ? { limit: 1, cursor } : { limit: 1 }));
        expect(data.spans).to.have.length(1);
        names.push(data.spans[0].name as string);
        cursor = data.page.nextCursor;
      } while (cursor);
      expect(names).to.deep.equal(['agent', 'llm', 'retrieve', 'second llm', 'tool']);
    });

    it('a native span without a start time starts with its parent; a root without one is listed first', async () => {
      await ingest(server, server.tenant, {
        trace_id: 'untimed',
        name: 'untimed',
        spans: [
          { span_id: 'late', parent_span_id: 'timed', name: 'late', span_type: 'TOOL', status: 'success', start_time: '2026-11-01T11:00:05.000Z' },
          { span_id: 'timed', name: 'timed', span_type: 'AGENT', status: 'success', start_time: '2026-11-01T11:00:01.000Z' },
          { span_id: 'inherits', parent_span_id: 'timed', name: 'inherits', span_type: 'TOOL', status: 'success' },
          { span_id: 'bare-root', name: 'bare root', span_type: 'AGENT', status: 'success' },
        ],
      });
      const data = expectEnvelope<SpanPage>(await get('untimed'));
      expect(data.spans.map((s) => s.spanId)).to.deep.equal(['bare-root', 'timed', 'inherits', 'late']);
    });

    it('refuses an altered cursor', async () => {
      const first = expectEnvelope<SpanPage>(await get(OTLP_TRACE, { limit: 1 }));
      const cursor = first.page.nextCursor!;
      const altered = cursor.slice(0, -2) + (cursor.endsWith('A') ? 'BB' : 'AA');
      expectProblem(await get(OTLP_TRACE, { limit: 1, cursor: altered }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('refuses a cursor of one trace on another trace', async () => {
      const first = expectEnvelope<SpanPage>(await get('wide-1', { limit: 10 }));
      expectProblem(await get('flat-1', { limit: 10, cursor: first.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 404 for an unknown trace and for a trace of another project', async () => {
      expectProblem(await get('missing'), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await get('theirs'), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('rejects a limit above 5000 with a field path', async () => {
      const body = expectProblem(await get('flat-1', { limit: 5001 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(JSON.stringify(body.errors)).to.contain('limit');
    });
  });
});
