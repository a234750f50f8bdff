import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createDetection, drainDetections, ingest, span } from '../integration/support.js';

type Json = Record<string, unknown>;
const API = '/api/v1/public';

/** The REST twins of ping, search_traces, list_detections and get_detection_trend. */
forEachAdapter((adapter) => {
  describe('tool twin reads over REST', () => {
    let server: TestServer;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });

    before(async () => {
      server = await startTestServer(adapter);
      await createDetection(server, { slug: 'email-leak', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      await createDetection(server, { slug: 'lc-only', displayName: 'LangChain only', type: 'regex', frameworks: ['langchain'], isActive: false, config: { pattern: 'zzz' } });
      for (const [id, name] of [
        ['w-1', 'weather agent one'],
        ['w-2', 'weather agent two'],
        ['w-3', 'weather agent three'],
      ]) {
        await ingest(server, { trace_id: id, name, metadata: { framework: 'crewai' }, spans: [span('root', { output: { text: 'mail x@example.com' } })] });
        server.clock.advance(1000);
      }
      await ingest(server, { trace_id: 'search', name: 'a trace named search' });
      await drainDetections(server);
    });
    after(async () => server.close());

    describe('GET /ping (ping)', () => {
      it('answers status ok and the server time', async () => {
        expect(expectEnvelope(await server.request().get(`${API}/ping`).set(key()))).to.deep.equal({ status: 'ok', serverTime: '2026-11-01T12:00:03.000Z' });
      });
    });

    describe('GET /search/traces (searchTraces)', () => {
      it('finds the matching traces and pages them by cursor with the total', async () => {
        const first = expectEnvelope<{ traces: Json[]; totalCount: number; totalCountExact: boolean; page: { hasMore: boolean; nextCursor: string } }>(
          await server.request().get(`${API}/search/traces`).query({ q: 'weather', limit: 2 }).set(key()),
        );
        expect(first.traces.map((t) => t.id)).to.deep.equal(['w-3', 'w-2']);
        expect(first).to.include({ totalCount: 3, totalCountExact: true });
        expect(first.traces[0]).to.include({ name: 'weather agent three', framework: 'crewai', url: '/traces/w-3' });
        const second = expectEnvelope<{ traces: Json[]; page: Json }>(
          await server.request().get(`${API}/search/traces`).query({ q: 'weather', limit: 2, cursor: first.page.nextCursor }).set(key()),
        );
        expect(second.traces.map((t) => t.id)).to.deep.equal(['w-1']);
        expect(second.page).to.deep.equal({ hasMore: false, limit: 2, nextCursor: null });
      });

      it('applies the filters and binds them into the cursor', async () => {
        const none = expectEnvelope<{ totalCount: number }>(await server.request().get(`${API}/search/traces`).query({ q: 'weather', framework: 'langchain' }).set(key()));
        expect(none.totalCount).to.equal(0);
        const { page } = expectEnvelope<{ page: { nextCursor: string } }>(await server.request().get(`${API}/search/traces`).query({ q: 'weather', limit: 1 }).set(key()));
        expectProblem(await server.request().get(`${API}/search/traces`).query({ q: 'agent', limit: 1, cursor: page.nextCursor }).set(key()), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('answers 400 without q, with a query of no words, or with a bad date range', async () => {
        expectProblem(await server.request().get(`${API}/search/traces`).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await server.request().get(`${API}/search/traces`).query({ q: '!!!' }).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await server.request().get(`${API}/search/traces`).query({ q: 'weather', dateRange: 'last_year' }).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('is not taken for a trace id: GET /traces/search still reads the trace named search', async () => {
        expect(expectEnvelope<Json>(await server.request().get(`${API}/traces/search`).set(key()))).to.include({ id: 'search' });
      });
    });

    describe('GET /detections (listDetections)', () => {
      it('carries each detection’s firing counts, and counts every match and the active ones', async () => {
        const data = expectEnvelope<{ detections: Json[]; totalCount: number; activeCount: number }>(await server.request().get(`${API}/detections`).set(key()));
        expect(data).to.include({ totalCount: 2, activeCount: 1 });
        const email = data.detections.find((d) => d.slug === 'email-leak')!;
        expect(email).to.include({ severity: 'high', description: null, fireCount24h: 3, fireCount7d: 3, lastFiredAt: '2026-11-01T12:00:03.000Z', isActive: true });
      });

      it('filters by framework (detections for it or for every framework) and refuses an unknown one', async () => {
        const crewai = expectEnvelope<{ detections: Json[]; totalCount: number }>(await server.request().get(`${API}/detections`).query({ framework: 'crewai' }).set(key()));
        expect(crewai.detections.map((d) => d.slug)).to.deep.equal(['email-leak']);
        const langchain = expectEnvelope<{ detections: Json[]; totalCount: number }>(await server.request().get(`${API}/detections`).query({ framework: 'langchain' }).set(key()));
        expect(langchain.totalCount).to.equal(2);
        expectProblem(await server.request().get(`${API}/detections`).query({ framework: 'cobol' }).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('GET /detections/trend (getDetectionTrend)', () => {
      it('counts the firings per day with the share of traces (3 of the 4 traces fired)', async () => {
        const trend = expectEnvelope<Json & { trend: Json[] }>(
          await server.request().get(`${API}/detections/trend`).query({ name: 'email-leak', dateRange: '2026-10-31T00:00:00Z/2026-11-02T00:00:00Z' }).set(key()),
        );
        expect(trend).to.include({ detectionName: 'email-leak', granularity: 'day', totalCount: 3, avgPerDay: 1.5 });
        expect(trend.trend).to.deep.equal([
          { timestamp: '2026-10-31T00:00:00.000Z', count: 0, percentageOfAllTraces: 0 },
          { timestamp: '2026-11-01T00:00:00.000Z', count: 3, percentageOfAllTraces: 75 },
        ]);
      });

      it('answers 404 for an unknown detection and 400 for a bad granularity', async () => {
        expectProblem(await server.request().get(`${API}/detections/trend`).query({ name: 'nope' }).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().get(`${API}/detections/trend`).query({ name: 'email-leak', granularity: 'week' }).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });
  });
});
