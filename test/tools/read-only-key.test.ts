import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';

/** The tools whose contract operation is a GET or marked x-tracewell-read-only: what a read-only key may call. */
const READING_TOOLS = [
  'ping',
  'whoami',
  'search_traces',
  'get_trace_context',
  'list_detections',
  'get_detection_trend',
  'triage_list',
  'triage_get',
  'triage_get_investigation',
  'triage_list_steps',
  'list_monitors',
  'list_incidents',
  'triage_get_dispatch',
  'get_prompt',
  'list_prompts',
  'list_datasets',
  'get_dataset_items',
  'list_experiment_runs',
  'compare_experiment_runs',
  'get_prompt_usage',
  'list_detection_models',
  'list_failure_clusters',
  'list_failure_cluster_traces',
  'list_sessions',
  'get_session',
  'list_users',
  'get_user',
  'list_channels',
  'list_channel_deliveries',
  'query_metrics',
  'list_dashboards',
  'get_dashboard',
  'agent_list_fixes',
];

interface RpcBody {
  result?: { tools?: { name: string }[]; isError?: boolean; content?: { type: string; text: string }[] };
  error?: { code: number; data?: Record<string, unknown> };
}

forEachAdapter((adapter) => {
  describe('tool server with a read-only API key', function () {
    this.timeout(60_000);
    let server: TestServer;
    let readOnlyKey: string;

    before(async () => {
      server = await startTestServer(adapter);
      const created = await server
        .request()
        .post('/api/v1/public/api-keys')
        .set('x-api-key', server.tenant.orgApiKey)
        .set('x-project-id', server.tenant.project.id)
        .send({ name: 'reader', readOnly: true });
      readOnlyKey = expectEnvelope<{ key: string }>(created, 201).key;
      const trace = await server
        .request()
        .post('/api/v1/public/traces')
        .set('x-api-key', server.tenant.apiKey)
        .send({ trace_id: 'read-me', name: 'readable', spans: [{ span_id: 's1', name: 'root', span_type: 'AGENT', status: 'success' }] });
      expect(trace.status).to.equal(201);
    });
    after(async () => server.close());

    const rpc = async (key: string, method: string, params: Record<string, unknown>, session?: string) =>
      server
        .request()
        .post('/mcp')
        .set({ 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(session ? { 'mcp-session-id': session } : {}) })
        .send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));

    const openSession = async (key: string): Promise<string> => {
      const res = await rpc(key, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'reader', version: '1' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.headers['mcp-session-id'] as string;
    };

    const toolResult = (body: RpcBody): { isError: boolean; payload: Record<string, unknown> } => ({
      isError: body.result?.isError === true,
      payload: JSON.parse(body.result!.content![0].text) as Record<string, unknown>,
    });

    it('opens a session (initialize 200 with Mcp-Session-Id)', async () => {
      expect(await openSession(readOnlyKey)).to.match(/^[A-Za-z0-9_-]{32}$/);
    });

    it('tools/list names exactly the tools whose operation is a GET or read-only; a writing key sees every tool', async () => {
      const listed = async (key: string) => ((await rpc(key, 'tools/list', {}, await openSession(key))).body as RpcBody).result!.tools!.map((tool) => tool.name);
      expect(await listed(readOnlyKey)).to.have.members(READING_TOOLS).and.have.length(READING_TOOLS.length);
      expect(await listed(server.tenant.apiKey)).to.include.members([...READING_TOOLS, 'log_trace', 'triage_update', 'score_trace']);
    });

    it('calls a reading tool: get_trace_context answers the trace', async () => {
      const res = await rpc(readOnlyKey, 'tools/call', { name: 'get_trace_context', arguments: { trace_id: 'read-me' } }, await openSession(readOnlyKey));
      expect(res.status).to.equal(200);
      const { isError, payload } = toolResult(res.body as RpcBody);
      expect(isError).to.equal(false);
      expect(payload).to.deep.include({ trace_id: 'read-me', name: 'readable', span_count: 1 });
    });

    it('calls query_metrics, a read-only POST: it answers the trace count', async () => {
      const res = await rpc(readOnlyKey, 'tools/call', { name: 'query_metrics', arguments: { measures: ['traceCount'], from: '2026-10-01T00:00:00Z', to: '2026-11-02T00:00:00Z' } }, await openSession(readOnlyKey));
      const { isError, payload } = toolResult(res.body as RpcBody);
      expect(isError, JSON.stringify(payload)).to.equal(false);
      expect(payload.rows).to.deep.equal([{ groups: [], values: { traceCount: 1 } }]);
    });

    it('calls a writing tool: log_trace is an isError result with 403 PUBLIC_API_READ_ONLY_CREDENTIAL, and nothing is written', async () => {
      const res = await rpc(readOnlyKey, 'tools/call', { name: 'log_trace', arguments: { name: 'sneaky', spans: [{ span_id: 's1', name: 'root', span_type: 'AGENT', status: 'success' }] } }, await openSession(readOnlyKey));
      expect(res.status).to.equal(200);
      const { isError, payload } = toolResult(res.body as RpcBody);
      expect(isError).to.equal(true);
      expect(payload).to.include({ status: 403, code: 'PUBLIC_API_READ_ONLY_CREDENTIAL' });
      const stored = await server.request().get('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey);
      expect((stored.body as { data: { traces: { name: string }[] } }).data.traces.map((t) => t.name)).to.not.include('sneaky');
    });
  });
});
