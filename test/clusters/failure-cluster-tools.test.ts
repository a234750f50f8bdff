import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { drainDetections, ingest } from '../integration/support.js';

interface RpcBody {
  result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
}

const failing = (id: string, seconds: number) => ({
  trace_id: id,
  name: 'support agent',
  spans: [{ span_id: 'cause', name: 'http_get', span_type: 'tool', status: 'error', error: `upstream timeout after ${seconds}s` }],
});

/** The failure-cluster tools over the real tool server (/mcp), each mapped onto its contract operation. */
forEachAdapter((adapter) => {
  describe('failure cluster tools', function () {
    this.timeout(60_000);
    let server: TestServer;
    let session: string;

    const rpc = (method: string, params: Record<string, unknown>, withSession = true) =>
      server
        .request()
        .post('/mcp')
        .set({ 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(withSession ? { 'mcp-session-id': session } : {}) })
        .send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await rpc('tools/call', { name, arguments: args });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const body = res.body as RpcBody;
      return { isError: body.result!.isError === true, payload: JSON.parse(body.result!.content![0]!.text) as Record<string, unknown> };
    };

    before(async () => {
      server = await startTestServer(adapter);
      const res = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'clusters', version: '1' } }, false);
      session = res.headers['mcp-session-id'] as string;
      await ingest(server, failing('t-1', 30));
      await ingest(server, failing('t-2', 5));
      await drainDetections(server);
    });
    after(async () => server.close());

    describe('list_failure_clusters (listFailureClusters)', () => {
      it('lists the clusters in snake_case with template, count, trend and examples', async () => {
        const { isError, payload } = await call('list_failure_clusters', { trend_days: 2 });
        expect(isError).to.equal(false);
        expect(payload.total_count).to.equal(1);
        expect(payload.has_more).to.equal(false);
        const [cluster] = payload.clusters as Record<string, unknown>[];
        expect(cluster).to.deep.include({
          template: 'tool http_get: upstream timeout after <NUM>',
          count: 2,
          first_seen_at: '2026-11-01T12:00:00.000Z',
          last_seen_at: '2026-11-01T12:00:00.000Z',
          trend: [{ date: '2026-10-31', count: 0 }, { date: '2026-11-01', count: 2 }],
          example_trace_ids: ['t-2', 't-1'],
          detection_ids: [],
          fix_id: null,
        });
      });

      it('answers a bad sort as a tool error, not a crash', async () => {
        const { isError, payload } = await call('list_failure_clusters', { sort: 'size' });
        expect(isError).to.equal(true);
        expect(payload.status).to.equal(400);
      });
    });

    describe('list_failure_cluster_traces (listFailureClusterTraces)', () => {
      it("lists one cluster's traces newest first; an unknown cluster is a 404 tool error", async () => {
        const clusterId = ((await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[])[0]!.cluster_id;
        const { payload } = await call('list_failure_cluster_traces', { cluster_id: clusterId });
        expect(payload).to.deep.equal({
          traces: [
            { trace_id: 't-2', name: 'support agent', seen_at: '2026-11-01T12:00:00.000Z', signature: 'tool http_get: upstream timeout after <NUM>', detection_ids: [] },
            { trace_id: 't-1', name: 'support agent', seen_at: '2026-11-01T12:00:00.000Z', signature: 'tool http_get: upstream timeout after <NUM>', detection_ids: [] },
          ],
          has_more: false,
        });
        const unknown = await call('list_failure_cluster_traces', { cluster_id: '00000000-0000-4000-8000-000000000000' });
        expect(unknown).to.deep.include({ isError: true });
        expect(unknown.payload.status).to.equal(404);
      });
    });

    describe('split_failure_cluster (splitFailureCluster)', () => {
      it('splits the named traces off into a new cluster, answered; the source keeps the rest', async () => {
        const source = ((await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[])[0]!.cluster_id;
        const { isError, payload } = await call('split_failure_cluster', { cluster_id: source, trace_ids: ['t-2'] });
        expect(isError).to.equal(false);
        expect(payload).to.deep.include({ template: 'tool http_get: upstream timeout after <NUM>', count: 1, example_trace_ids: ['t-2'] });
        expect(payload.cluster_id).to.not.equal(source);
        const listed = (await call('list_failure_clusters', {})).payload;
        expect(listed.total_count).to.equal(2);
        expect((listed.clusters as { cluster_id: string; count: number }[]).map((c) => [c.cluster_id, c.count])).to.have.deep.members([[source, 1], [payload.cluster_id, 1]]);
      });

      it('answers a trace that is not a member as a 400 tool error naming /body/traceIds/0, and changes nothing', async () => {
        const before = (await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string; count: number }[];
        const { isError, payload } = await call('split_failure_cluster', { cluster_id: before[0]!.cluster_id, trace_ids: ['t-nobody'] });
        expect(isError).to.equal(true);
        expect(payload.status).to.equal(400);
        expect(JSON.stringify(payload)).to.contain('/body/traceIds/0');
        expect((await call('list_failure_clusters', {})).payload.clusters).to.deep.equal(before);
      });

      it('answers an empty trace list as a 400 tool error', async () => {
        const source = ((await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[])[0]!.cluster_id;
        const { isError, payload } = await call('split_failure_cluster', { cluster_id: source, trace_ids: [] });
        expect(isError).to.equal(true);
        expect(payload.status).to.equal(400);
      });
    });

    describe('merge_failure_clusters (mergeFailureCluster)', () => {
      it('merges one cluster into another: the target answers with both traces, the source is no longer listed', async () => {
        const [a, b] = (await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[];
        const { isError, payload } = await call('merge_failure_clusters', { cluster_id: b!.cluster_id, into_cluster_id: a!.cluster_id });
        expect(isError).to.equal(false);
        expect(payload).to.deep.include({ cluster_id: a!.cluster_id, count: 2, example_trace_ids: ['t-2', 't-1'] });
        const listed = (await call('list_failure_clusters', {})).payload;
        expect(listed.total_count).to.equal(1);
        expect((listed.clusters as { cluster_id: string }[]).map((c) => c.cluster_id)).to.deep.equal([a!.cluster_id]);
      });

      it('answers a merge into itself as a 400 tool error naming /body/into', async () => {
        const [a] = (await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[];
        const { isError, payload } = await call('merge_failure_clusters', { cluster_id: a!.cluster_id, into_cluster_id: a!.cluster_id });
        expect(isError).to.equal(true);
        expect(payload.status).to.equal(400);
        expect(JSON.stringify(payload)).to.contain('/body/into');
      });

      it('answers a cluster id that is not a uuid as a 400 tool error', async () => {
        const [a] = (await call('list_failure_clusters', {})).payload.clusters as { cluster_id: string }[];
        const { isError, payload } = await call('merge_failure_clusters', { cluster_id: a!.cluster_id, into_cluster_id: 'not-a-uuid' });
        expect(isError).to.equal(true);
        expect(payload.status).to.equal(400);
      });
    });
  });
});
