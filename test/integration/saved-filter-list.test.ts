import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, keyOf, span } from './support.js';

const TRACES = '/api/v1/public/traces';

interface TracePage {
  traces: { id: string }[];
  page: { hasMore: boolean; limit: number; nextCursor: string | null };
}

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces?savedFilterId (a saved filter applied to the trace list)', () => {
    let server: TestServer;
    let slowErrors: string;
    let acme: string;

    const createFilter = async (body: Record<string, unknown>, headers = keyOf(server)) =>
      expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/saved-filters').set(headers).send(body), 201).id;
    const list = (query: Record<string, string | number>, headers = keyOf(server)) => server.request().get(TRACES).query(query).set(headers);

    before(async () => {
      server = await startTestServer(adapter);
      // Five traces a second apart; the newest first is e, d, c, b, a.
      const traces: [string, 'success' | 'error', number, string][] = [
        ['a', 'error', 900, 'acme'],
        ['b', 'error', 50, 'acme'],
        ['c', 'success', 2000, 'globex'],
        ['d', 'error', 300, 'globex'],
        ['e', 'error', 101, 'acme'],
      ];
      for (const [id, status, latency, customer] of traces) {
        server.clock.advance(1000);
        await ingest(server, {
          trace_id: id,
          name: `run ${id}`,
          metadata: { customer },
          spans: [span('root', { status, latency_ms: latency, ...(status === 'error' ? { error: 'boom' } : {}) })],
        });
      }
      slowErrors = await createFilter({
        name: 'Slow errors',
        filters: [
          { id: 's', field: 'status', operator: 'is', value: 'error' },
          { id: 'l', field: 'latencyMs', operator: 'greater_than', value: 100 },
        ],
      });
      acme = await createFilter({ name: 'Acme', filters: [{ id: 'c', field: 'metadata.customer', operator: 'is_exactly', value: 'acme' }] });
    });
    after(async () => server.close());

    it('returns exactly the traces the saved filter matches, newest first', async () => {
      const data = expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors }));
      expect(data.traces.map((t) => t.id)).to.deep.equal(['e', 'd', 'a']);
      expect(data.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
      const byMetadata = expectEnvelope<TracePage>(await list({ savedFilterId: acme }));
      expect(byMetadata.traces.map((t) => t.id)).to.deep.equal(['e', 'b', 'a']);
    });

    it('pages the filtered list by keyset, and combines it with the query filters', async () => {
      const first = expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors, limit: 2 }));
      expect(first.traces.map((t) => t.id)).to.deep.equal(['e', 'd']);
      expect(first.page.hasMore).to.equal(true);
      const second = expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors, limit: 2, cursor: first.page.nextCursor! }));
      expect(second.traces.map((t) => t.id)).to.deep.equal(['a']);
      expect(second.page).to.deep.equal({ hasMore: false, limit: 2, nextCursor: null });
      const narrowed = expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors, maxLatencyMs: 500 }));
      expect(narrowed.traces.map((t) => t.id)).to.deep.equal(['e', 'd']);
    });

    it('answers 404 for a saved filter of another project, and for an unknown one', async () => {
      const theirs = await createFilter({ name: 'Theirs', filters: [] }, { 'x-api-key': server.other.apiKey });
      expectProblem(await list({ savedFilterId: theirs }), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await list({ savedFilterId: '00000000-0000-4000-8000-000000000000' }), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('binds the cursor to savedFilterId: another filter, or none, mid-chain is 400 PUBLIC_API_INVALID_CURSOR', async () => {
      const first = expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors, limit: 1 }));
      const cursor = first.page.nextCursor!;
      expectProblem(await list({ savedFilterId: acme, limit: 1, cursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expectProblem(await list({ limit: 1, cursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expect(expectEnvelope<TracePage>(await list({ savedFilterId: slowErrors, limit: 1, cursor })).traces.map((t) => t.id)).to.deep.equal(['d']);
    });
  });
});
