import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, sampleTrace, wideTrace } from './fixtures.js';

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

    it('returns every span flat, in the order sent, with the span fields', async () => {
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
