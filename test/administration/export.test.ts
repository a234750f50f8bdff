import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

const text = (res: { on: (event: string, listener: (chunk?: Buffer) => void) => void }, done: (error: Error | null, body: string) => void) => {
  let body = '';
  res.on('data', (chunk) => (body += chunk!.toString()));
  res.on('end', () => done(null, body));
};

const trace = (id: string, startMs: number, status: 'success' | 'error' = 'success') => ({
  trace_id: id,
  name: `export ${id}`,
  metadata: { framework: id.startsWith('a') ? 'alpha' : 'beta', agent_name: 'exporter', tenant: { tier: 'gold' } },
  spans: [
    { span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: 12.5, start_time: new Date(startMs).toISOString(), input: { q: 'hello' }, output: { a: 'world' }, metadata: { cost: 0.002 } },
    { span_id: 'child', parent_span_id: 'root', name: 'tool', span_type: 'TOOL', status, error: status === 'error' ? 'boom' : null, start_time: new Date(startMs + 3).toISOString(), metadata: { tool_name: 'search', tokens_used: 7 } },
    { span_id: 'bare', name: 'no timing', span_type: 'LLM', status: 'success' },
  ],
});

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces/export', function () {
    this.timeout(60_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('streams JSON Lines of the matching traces with their spans; re-importing them through the batch endpoint reproduces the traces', async () => {
      const base = server.clock.now().getTime() - 60_000;
      const payload = Array.from({ length: 450 }, (_, i) => trace(`${i % 2 ? 'a' : 'b'}${i}`, base + i * 10, i % 7 === 0 ? 'error' : 'success'));
      await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: payload }).expect(201);

      const res = await server.request().get('/api/v1/public/traces/export').set('x-api-key', server.tenant.apiKey).buffer(true).parse(text);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/x-ndjson; charset=utf-8');
      expect(res.headers['x-request-id']).to.match(/^req_/);
      const lines = (res.body as string).trimEnd().split('\n').map((line) => JSON.parse(line));
      expect(lines).to.have.length(450);
      expect(lines[0].trace_id).to.equal('b449'.replace('b449', payload[449].trace_id)); // newest first
      const original = payload.find((t) => t.trace_id === 'a7')!;
      expect(lines.find((l) => l.trace_id === 'a7')).to.deep.equal({
        ...original,
        spans: original.spans.map((s) => ({ parent_span_id: null, input: null, output: null, error: null, metadata: {}, ...s })),
      });

      const filtered = await server.request().get('/api/v1/public/traces/export').query({ framework: 'alpha', status: 'error' }).set('x-api-key', server.tenant.apiKey).buffer(true).parse(text);
      const ids = (filtered.body as string).trimEnd().split('\n').map((line) => JSON.parse(line).trace_id as string);
      expect(ids.sort()).to.deep.equal(payload.filter((t, i) => t.trace_id.startsWith('a') && i % 7 === 0).map((t) => t.trace_id).sort());

      // Re-import into another project, in batches as the CLI would, and compare every trace context.
      const target = server.other;
      for (let i = 0; i < lines.length; i += 200) {
        await server.request().post('/api/v1/public/traces/batch').set('x-api-key', target.apiKey).send({ traces: lines.slice(i, i + 200) }).expect(201);
      }
      for (const id of ['a7', 'b0', payload[449].trace_id]) {
        const a = expectEnvelope(await server.request().get(`/api/v1/public/traces/${id}`).set('x-api-key', server.tenant.apiKey));
        const b = expectEnvelope(await server.request().get(`/api/v1/public/traces/${id}`).set('x-api-key', target.apiKey));
        expect(b).to.deep.equal(a);
      }
      const again = await server.request().get('/api/v1/public/traces/export').set('x-api-key', target.apiKey).buffer(true).parse(text);
      expect(again.body).to.equal(res.body);
    });

    it('applies a saved filter; an unknown one is 404 before anything is streamed; bad filters are 400', async () => {
      const saved = expectEnvelope<{ id: string }>(
        await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: 'errors', filters: [{ id: 'r', field: 'status', operator: 'is', value: 'error' }] }),
        201,
      );
      const res = await server.request().get('/api/v1/public/traces/export').query({ savedFilterId: saved.id }).set('x-api-key', server.tenant.apiKey).buffer(true).parse(text);
      const statuses = new Set((res.body as string).trimEnd().split('\n').map((line) => JSON.parse(line).spans[1].status));
      expect([...statuses]).to.deep.equal(['error']);
      expectProblem(await server.request().get('/api/v1/public/traces/export').query({ savedFilterId: '0b5e7c1a-4f6d-4e8b-9a3c-2d1f0e9b8a7c' }).set('x-api-key', server.tenant.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      const bad = expectProblem(await server.request().get('/api/v1/public/traces/export').query({ minCost: -1 }).set('x-api-key', server.tenant.apiKey), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((bad.errors as { path: string }[])[0].path).to.equal('/query/minCost');
    });
  });
});
