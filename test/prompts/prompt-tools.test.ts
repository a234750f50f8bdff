import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';

interface RpcBody {
  result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/** The prompt tools over the real tool server (/mcp), each mapped onto its contract operation. */
forEachAdapter((adapter) => {
  describe('prompt tools', function () {
    this.timeout(60_000);
    let server: TestServer;
    let session: string;
    let names = 0;
    const fresh = () => `tools/p-${++names}`;

    const rpc = (method: string, params: Record<string, unknown>, withSession = true) =>
      server
        .request()
        .post('/mcp')
        .set({ 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(withSession ? { 'mcp-session-id': session } : {}) })
        .send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    /** The tool's result: its structured content, or its Problem when isError. */
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await rpc('tools/call', { name, arguments: args });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const body = res.body as RpcBody;
      return { isError: body.result!.isError === true, payload: JSON.parse(body.result!.content![0].text) as Record<string, unknown> };
    };

    before(async () => {
      server = await startTestServer(adapter);
      const res = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'prompts', version: '1' } }, false);
      session = res.headers['mcp-session-id'] as string;
    });
    after(async () => server.close());

    describe('get_prompt_usage (getPromptUsage)', () => {
      it('answers the usage of each version in snake_case, as REST does', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'text', template: 'a' });
        await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
          { trace_id: 'usage-1', name: 'u', spans: [{ span_id: 'r', name: 'llm', span_type: 'LLM', status: 'error', latency_ms: 40, metadata: { cost: 0.5, prompt_name: name, prompt_version: 1 }, start_time: '2026-11-01T11:00:00.000Z' }] },
        ]);
        const { isError, payload } = await call('get_prompt_usage', { name, from: '2026-11-01T00:00:00Z', to: '2026-11-01T12:00:00Z' });
        expect(isError).to.equal(false);
        expect(payload).to.deep.equal({
          name,
          from: '2026-11-01T00:00:00.000Z',
          to: '2026-11-01T12:00:00.000Z',
          versions: [{ version: 1, trace_count: 1, latency_ms: { p50: 40, p95: 40 }, cost: { total: 0.5, average: 0.5 }, error_rate: 1, scores: [] }],
        });
      });

      it('answers a reversed window with an isError 400 at /query/to', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'text', template: 'a' });
        const { isError, payload } = await call('get_prompt_usage', { name, from: '2026-11-01T12:00:00Z', to: '2026-11-01T00:00:00Z' });
        expect([isError, payload.status, (payload.errors as { path: string }[]).map((e) => e.path)]).to.deep.equal([true, 400, ['/query/to']]);
      });
    });

    describe('create_prompt_version (createPromptVersion)', () => {
      it('saves a version that REST then serves, with the labels given', async () => {
        const name = fresh();
        const { isError, payload } = await call('create_prompt_version', { name, type: 'text', template: 'Hi {{who}}', labels: ['production'], commit_message: 'from an agent' });
        expect(isError).to.equal(false);
        expect(payload).to.deep.include({ name, type: 'text', version: 1, template: 'Hi {{who}}', labels: ['latest', 'production'], variables: ['who'], commit_message: 'from an agent' });
        const served = expectEnvelope<{ id: string }>(await server.request().get(`/api/v1/public/prompts/${encodeURIComponent(name)}`).set('x-api-key', server.tenant.apiKey));
        expect(served.id).to.equal(payload.version_id);
      });

      it('answers a stale base_version with an isError result carrying 409 PUBLIC_API_PROMPT_VERSION_CONFLICT', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'text', template: 'a' });
        await call('create_prompt_version', { name, type: 'text', template: 'b' });
        const { isError, payload } = await call('create_prompt_version', { name, type: 'text', template: 'c', base_version: 1 });
        expect([isError, payload.status, payload.code]).to.deep.equal([true, 409, 'PUBLIC_API_PROMPT_VERSION_CONFLICT']);
      });

      it('refuses a name of 1,000 characters before the operation runs: isError 400 at /arguments/name', async () => {
        const { isError, payload } = await call('create_prompt_version', { name: 'a'.repeat(1000), type: 'text', template: 'x' });
        expect([isError, payload.status, payload.code]).to.deep.equal([true, 400, 'PUBLIC_API_VALIDATION_FAILED']);
        expect(payload.errors).to.deep.equal([{ code: 'max_length', message: 'must NOT have more than 255 characters', path: '/arguments/name' }]);
      });
    });

    describe('set_prompt_label (setPromptVersionLabels)', () => {
      it('moves a label to the version named', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'text', template: 'a', labels: ['production'] });
        await call('create_prompt_version', { name, type: 'text', template: 'b' });
        const { payload } = await call('set_prompt_label', { name, version: 2, labels: ['production'] });
        expect(payload.labels).to.deep.equal(['latest', 'production']);
        expect((await call('get_prompt', { name, version: 1 })).payload.labels).to.deep.equal([]);
      });
    });

    describe('get_prompt (getPrompt)', () => {
      it('reads production by default, a label or a version; an unknown label is an isError 404', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'chat', template: [{ type: 'message', role: 'system', content: 'Be {{tone}}' }, { type: 'placeholder', name: 'history' }], labels: ['production'] });
        const { payload } = await call('get_prompt', { name });
        expect(payload).to.deep.include({ version: 1, type: 'chat', variables: ['tone'], placeholders: ['history'] });
        expect((await call('get_prompt', { name, label: 'latest' })).payload.version).to.equal(1);
        const missing = await call('get_prompt', { name, label: 'nope' });
        expect([missing.isError, missing.payload.status, missing.payload.code]).to.deep.equal([true, 404, 'PUBLIC_API_NOT_FOUND']);
      });
    });

    describe('list_prompts (listPrompts)', () => {
      it('lists prompts under a name prefix with their labels', async () => {
        const name = fresh();
        await call('create_prompt_version', { name, type: 'text', template: 'a', labels: ['staging'] });
        const { payload } = await call('list_prompts', { name_prefix: name });
        expect(payload.prompts).to.have.length(1);
        expect((payload.prompts as Record<string, unknown>[])[0]).to.deep.include({ name, latest_version: 1, labels: { latest: 1, staging: 1 } });
        expect(payload.has_more).to.equal(false);
      });
    });
  });
});
