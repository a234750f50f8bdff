import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createDetection, drainDetections, ingest } from '../integration/support.js';

type Json = Record<string, unknown>;
type Cluster = { id: string; template: string; tokens: string[]; count: number; firstSeenAt: string; lastSeenAt: string; trend: { date: string; count: number }[]; exampleTraceIds: string[]; detectionIds: string[]; mergedInto: string | null; fixId: string | null };
type ClusterList = { clusters: Cluster[]; totalCount: number; page: { hasMore: boolean; limit: number; nextCursor: string | null } };

const CLUSTERS = '/api/v1/public/clusters';
const MINUTE = 60_000;

/** A trace whose `http_get` tool failed under an agent span that failed with it. */
const failing = (id: string, spanType: string, spanName: string, error: string) => ({
  trace_id: id,
  name: 'support agent',
  spans: [
    { span_id: 'root', name: 'run', span_type: 'agent', status: 'error', error: 'agent failed' },
    { span_id: 'cause', parent_span_id: 'root', name: spanName, span_type: spanType, status: 'error', error },
  ],
});

forEachAdapter((adapter) => {
  describe('failure clusters (REST)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let detectionId: string;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const list = async (query = '') => expectEnvelope<ClusterList>(await server.request().get(`${CLUSTERS}${query}`).set(key()));
    const byTemplate = async (prefix: string) => (await list('?limit=100')).clusters.find((c) => c.template.startsWith(prefix))!;

    before(async () => {
      server = await startTestServer(adapter);
      detectionId = await createDetection(server, { slug: 'refund-promise', displayName: 'Refund promise', type: 'regex', severity: 'high', config: { pattern: 'refund\\s+guaranteed', flags: 'i' } });
      // 2026-11-01T12:00Z (the harness clock): three timeouts a minute apart, two rate limits, one
      // trace that only fired the detection a minute later, one clean trace.
      for (const [i, seconds] of [30, 5, 120].entries()) {
        await ingest(server, failing(`timeout-${i}`, 'tool', 'http_get', `upstream timeout after ${seconds}s calling https://api.example.com/v1/users/${i}`));
        server.clock.advance(MINUTE);
      }
      await ingest(server, failing('limit-0', 'llm', 'openai.chat', 'rate limit exceeded for model gpt-4o: retry after 250ms'));
      await ingest(server, failing('limit-1', 'llm', 'openai.chat', 'rate limit exceeded for model gpt-4.1: retry after 1200ms'));
      server.clock.advance(MINUTE);
      await ingest(server, { trace_id: 'fired-0', name: 'refund agent', spans: [{ span_id: 'answer', name: 'answer', span_type: 'llm', status: 'success', output: { text: 'Your refund guaranteed by Friday' } }] });
      await ingest(server, { trace_id: 'clean-0', name: 'refund agent', spans: [{ span_id: 'answer', name: 'answer', span_type: 'llm', status: 'success', output: { text: 'We will look into it' } }] });
      await drainDetections(server);
    });
    after(async () => server.close());

    describe('GET /clusters (listFailureClusters)', () => {
      it('groups the failing traces by masked signature, largest first, with counts, first/last seen, trend, examples and detections', async () => {
        const data = await list('?trendDays=3');
        expect(data.totalCount).to.equal(3);
        expect(data.clusters.map((c) => [c.template, c.count])).to.deep.equal([
          ['tool http_get: upstream timeout after <NUM> calling <URL>', 3],
          ['llm openai.chat: rate limit exceeded for model gpt-<NUM> retry after <NUM>', 2],
          ['fired refund-promise: llm answer', 1],
        ]);
        const [timeouts, limits, fired] = data.clusters as [Cluster, Cluster, Cluster];
        expect(timeouts).to.deep.include({
          firstSeenAt: '2026-11-01T12:00:00.000Z',
          lastSeenAt: '2026-11-01T12:02:00.000Z',
          trend: [{ date: '2026-10-30', count: 0 }, { date: '2026-10-31', count: 0 }, { date: '2026-11-01', count: 3 }],
          exampleTraceIds: ['timeout-2', 'timeout-1', 'timeout-0'],
          detectionIds: [],
          mergedInto: null,
          fixId: null,
        });
        expect(limits.exampleTraceIds).to.deep.equal(['limit-1', 'limit-0']);
        expect(fired.detectionIds).to.deep.equal([detectionId]);
        expect(fired.tokens).to.deep.equal(['fired', 'refund-promise', 'llm', 'answer']);
      });

      it('sorts by last seen and pages with a cursor bound to the sort', async () => {
        const first = await list('?sort=lastSeen&limit=1');
        expect(first.clusters.map((c) => c.template.split(':')[0])).to.deep.equal(['fired refund-promise']);
        expect(first.page.hasMore).to.equal(true);
        const second = await list(`?sort=lastSeen&limit=5&cursor=${encodeURIComponent(first.page.nextCursor!)}`);
        expect(second.clusters).to.have.length(2);
        expect(second.page).to.deep.equal({ hasMore: false, limit: 5, nextCursor: null });
        expectProblem(await server.request().get(`${CLUSTERS}?sort=count&cursor=${encodeURIComponent(first.page.nextCursor!)}`).set(key()), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('answers 400 with the field path for a bad sort or trend window', async () => {
        for (const [query, path] of [['?sort=size', '/query/sort'], ['?trendDays=91', '/query/trendDays'], ['?limit=0', '/query/limit']]) {
          const problem = expectProblem(await server.request().get(`${CLUSTERS}${query}`).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((problem.errors as Json[]).map((e) => e.path)).to.include(path);
        }
      });

      it("shows another project none of this one's clusters", async () => {
        const data = expectEnvelope<ClusterList>(await server.request().get(CLUSTERS).set('x-api-key', server.other.apiKey));
        expect(data).to.deep.equal({ clusters: [], totalCount: 0, page: { hasMore: false, limit: 20, nextCursor: null } });
      });
    });

    describe('GET /clusters/{id} (getFailureCluster)', () => {
      it('reads one cluster; an unknown or foreign one is 404, a malformed id 400', async () => {
        const timeouts = await byTemplate('tool http_get');
        expect(expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${timeouts.id}?trendDays=1`).set(key()))).to.deep.include({ id: timeouts.id, count: 3, trend: [{ date: '2026-11-01', count: 3 }] });
        expectProblem(await server.request().get(`${CLUSTERS}/${timeouts.id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().get(`${CLUSTERS}/00000000-0000-4000-8000-000000000000`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().get(`${CLUSTERS}/nope`).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('GET /clusters/{id}/traces (listFailureClusterTraces)', () => {
      it('lists the member traces newest first with their own signatures, paged', async () => {
        const timeouts = await byTemplate('tool http_get');
        const first = expectEnvelope<{ traces: Json[]; page: { nextCursor: string } }>(await server.request().get(`${CLUSTERS}/${timeouts.id}/traces?limit=2`).set(key()));
        expect(first.traces[0]).to.deep.equal({
          traceId: 'timeout-2',
          name: 'support agent',
          url: '/traces/timeout-2',
          seenAt: '2026-11-01T12:02:00.000Z',
          signature: 'tool http_get: upstream timeout after <NUM> calling <URL>',
          detectionIds: [],
        });
        const second = expectEnvelope<{ traces: Json[] }>(await server.request().get(`${CLUSTERS}/${timeouts.id}/traces?limit=2&cursor=${encodeURIComponent(first.page.nextCursor)}`).set(key()));
        expect([...first.traces, ...second.traces].map((t) => t.traceId)).to.deep.equal(['timeout-2', 'timeout-1', 'timeout-0']);
      });
    });

    describe('POST /clusters/{id}/fix (createFailureClusterFix)', () => {
      it('makes a draft fix with the traces linked, remembered by the cluster, audited', async () => {
        const timeouts = await byTemplate('tool http_get');
        const fix = expectEnvelope<Json & { linkedTraces: Json[] }>(await server.request().post(`${CLUSTERS}/${timeouts.id}/fix`).set(key()).send({ severity: 'high' }), 201);
        expect(fix).to.deep.include({ title: 'Failure: tool http_get: upstream timeout after <NUM> calling <URL>', status: 'draft', severity: 'high', label: 'failure-cluster', detectionId: null });
        expect(fix.linkedTraces.map((t) => t.traceId).sort()).to.deep.equal(['timeout-0', 'timeout-1', 'timeout-2']);
        expect((await byTemplate('tool http_get')).fixId).to.equal(fix.id);
        const audit = await server.runtime.database.knex('audit_events').where({ action: 'failure_cluster.fix_created' }).select('target_id', 'details');
        expect(audit.map((a) => a.target_id)).to.deep.equal([timeouts.id]);
        expect(JSON.parse(audit[0].details as string)).to.deep.equal({ severity: 'high' });
      });

      it('refuses an unknown severity with its field path', async () => {
        const timeouts = await byTemplate('tool http_get');
        const problem = expectProblem(await server.request().post(`${CLUSTERS}/${timeouts.id}/fix`).set(key()).send({ severity: 'urgent' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as Json[]).map((e) => e.path)).to.include('/body/severity');
      });
    });

    describe('POST /clusters/{id}/merge and /split', () => {
      it('merges one cluster into another: traces and counts move, the source redirects new matching traces', async () => {
        const timeouts = await byTemplate('tool http_get');
        const limits = await byTemplate('llm openai.chat');
        const merged = expectEnvelope<Cluster>(await server.request().post(`${CLUSTERS}/${limits.id}/merge`).set(key()).send({ into: timeouts.id }));
        expect(merged).to.deep.include({ id: timeouts.id, count: 5, lastSeenAt: '2026-11-01T12:03:00.000Z' });
        expect(expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${limits.id}`).set(key()))).to.deep.include({ count: 0, mergedInto: timeouts.id });
        expect((await list()).totalCount).to.equal(2);
        await ingest(server, failing('limit-2', 'llm', 'openai.chat', 'rate limit exceeded for model gpt-4o: retry after 9ms'));
        await drainDetections(server);
        expect((await byTemplate('tool http_get')).count).to.equal(6);
      });

      it('refuses a merge into itself, an unknown cluster or a merged one at /body/into', async () => {
        const timeouts = await byTemplate('tool http_get');
        const fired = await byTemplate('fired');
        const limitsId = (await server.runtime.database.knex('failure_clusters').whereNotNull('merged_into').first('id')).id as string;
        for (const into of [timeouts.id, '00000000-0000-4000-8000-000000000000', limitsId]) {
          const problem = expectProblem(await server.request().post(`${CLUSTERS}/${into === timeouts.id ? timeouts.id : fired.id}/merge`).set(key()).send({ into }), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((problem.errors as Json[]).map((e) => e.path)).to.deep.equal(['/body/into']);
        }
      });

      it('splits member traces off into a new cluster (201) and refuses strangers or every member', async () => {
        const timeouts = await byTemplate('tool http_get');
        const stranger = expectProblem(await server.request().post(`${CLUSTERS}/${timeouts.id}/split`).set(key()).send({ traceIds: ['limit-0', 'fired-0'] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((stranger.errors as Json[]).map((e) => e.path)).to.deep.equal(['/body/traceIds/1']);
        const all = ['timeout-0', 'timeout-1', 'timeout-2', 'limit-0', 'limit-1', 'limit-2'];
        expectProblem(await server.request().post(`${CLUSTERS}/${timeouts.id}/split`).set(key()).send({ traceIds: all }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const created = expectEnvelope<Cluster>(await server.request().post(`${CLUSTERS}/${timeouts.id}/split`).set(key()).send({ traceIds: ['limit-0', 'limit-1', 'limit-2'] }), 201);
        expect(created).to.deep.include({ template: 'llm openai.chat: rate limit exceeded for model gpt-<NUM> retry after <NUM>', count: 3, firstSeenAt: '2026-11-01T12:03:00.000Z' });
        expect(expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${timeouts.id}`).set(key()))).to.deep.include({ count: 3, firstSeenAt: '2026-11-01T12:00:00.000Z', lastSeenAt: '2026-11-01T12:02:00.000Z' });
      });
    });

    describe('deleting a trace', () => {
      it('removes its membership and lowers its cluster count', async () => {
        const fired = await byTemplate('fired');
        expect((await server.request().delete('/api/v1/public/traces/fired-0').set(key())).status).to.equal(200);
        expect(expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${fired.id}`).set(key()))).to.deep.include({ count: 0, exampleTraceIds: [] });
        const left = await server.runtime.database.knex('failure_cluster_members').where({ trace_id: 'fired-0' }).count({ n: '*' }).first();
        expect(Number(left?.n)).to.equal(0);
      });
    });
  });
});
