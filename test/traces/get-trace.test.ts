import { expect } from 'chai';
import type { ResolvedCredential } from '../../src/auth/authenticator.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, sampleTrace, wideTrace } from './fixtures.js';

interface SpanView {
  spanId: string;
  children: SpanView[];
  [key: string]: unknown;
}
interface ContextView {
  id: string;
  spanCount: number;
  truncated: boolean;
  spans: SpanView[];
  [key: string]: unknown;
}

const countSpans = (spans: SpanView[]): number => spans.reduce((n, s) => n + 1 + countSpans(s.children), 0);

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces/{traceId}', () => {
    let server: TestServer;
    const get = (id: string, key?: string) => server.request().get(`/api/v1/public/traces/${id}`).set('x-api-key', key ?? server.tenant.apiKey);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(server, server.tenant, sampleTrace({ trace_id: 'ctx-1' }), wideTrace('wide-1', 1205));
      await ingest(server, server.other, sampleTrace({ trace_id: 'theirs' }));
      // Guest review tokens come from the identity area; this stand-in resolver issues two grants.
      server.runtime.authenticator.register('guestReview', async (token): Promise<ResolvedCredential | null> => {
        const grants: Record<string, { resourceType: string; resourceId: string } | null> = {
          tw_gt_trace_ctx_1: { resourceType: 'trace', resourceId: 'ctx-1' },
          tw_gt_nothing: null,
        };
        if (!(token in grants)) return null;
        return {
          kind: 'guest',
          credentialId: `guest-${token}`,
          organizationId: server.tenant.organization.id,
          userId: null,
          scopes: null,
          fixedProjectId: server.tenant.project.id,
          grant: grants[token],
        };
      });
    });
    after(async () => server.close());

    it('returns the trace context with the nested span tree in camelCase', async () => {
      const data = expectEnvelope<ContextView>(await get('ctx-1'));
      expect(data).to.deep.include({
        id: 'ctx-1',
        name: 'support agent run',
        status: 'success',
        createdAt: '2026-11-01T11:00:00.000Z',
        latencyMs: 1200,
        spanCount: 3,
        framework: 'langchain',
        agentName: 'support-bot',
        errorMessage: null,
        metadata: { framework: 'langchain', agent_name: 'support-bot', customer: 'acme' },
        truncated: false,
      });
      expect(data.spans).to.have.length(1);
      const [root] = data.spans;
      expect(root.spanId).to.equal('root');
      expect(root.children.map((c) => c.spanId)).to.deep.equal(['llm-1', 'tool-1']);
      expect(root.children[0]).to.deep.equal({
        spanId: 'llm-1',
        parentSpanId: 'root',
        name: 'plan step',
        spanType: 'LLM',
        status: 'success',
        latencyMs: 800,
        cost: 0.002,
        inputTokens: null,
        outputTokens: null,
        totalTokens: 150,
        startTime: '2026-11-01T11:00:00.100Z',
        input: { prompt: 'hello' },
        output: { text: 'hi' },
        error: null,
        metadata: { model: 'gpt-4o', tokens_used: 150, cost: 0.002 },
        children: [],
      });
    });

    it('sums tokens (input, output, total) and cost over the spans; each span carries its own', async () => {
      const data = expectEnvelope<ContextView>(await get('ctx-1'));
      // sampleTrace (test/traces/fixtures.ts): llm-1 says tokens_used 150 and cost 0.002; tool-1 says
      // input 10, output 5 (no tokens_used: total 15) and cost 0.001; the root says nothing.
      expect({ inputTokens: data.inputTokens, outputTokens: data.outputTokens, totalTokens: data.totalTokens }).to.deep.equal({ inputTokens: 10, outputTokens: 5, totalTokens: 165 });
      expect(data.cost as number).to.be.closeTo(0.003, 1e-15);
      const [root] = data.spans;
      const fields = (s: Record<string, unknown>) => ({ cost: s.cost, inputTokens: s.inputTokens, outputTokens: s.outputTokens, totalTokens: s.totalTokens });
      expect(fields(root)).to.deep.equal({ cost: null, inputTokens: null, outputTokens: null, totalTokens: null });
      expect(root.children.map(fields)).to.deep.equal([
        { cost: 0.002, inputTokens: null, outputTokens: null, totalTokens: 150 },
        { cost: 0.001, inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      ]);
    });

    it('truncates a trace of more than 1000 spans to 1000, parents before children, and says so', async () => {
      const data = expectEnvelope<ContextView>(await get('wide-1'));
      expect(data.truncated).to.equal(true);
      expect(data.spanCount).to.equal(1205);
      expect(countSpans(data.spans)).to.equal(1000);
    });

    it('answers without an ETag: each envelope has its own requestId, so If-None-Match never makes a 304', async () => {
      const first = await get('ctx-1');
      expect(first.status).to.equal(200);
      expect(first.headers).not.to.have.property('etag');
      const again = await get('ctx-1').set('If-None-Match', 'W/"anything"');
      expect(again.status).to.equal(200);
      expect(again.body.data.id).to.equal('ctx-1');
      expect(again.body.requestId).not.to.equal(first.body.requestId);
    });

    it('answers 400 for a trace id of a bad format', async () => {
      expectProblem(await get('-bad'), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 404 for an unknown trace', async () => {
      expectProblem(await get('nope'), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('answers 404 for a trace of another project, exactly as for an unknown one', async () => {
      const body = expectProblem(await get('theirs'), 404, 'PUBLIC_API_NOT_FOUND');
      expect(body.detail).to.equal('The trace was not found.');
    });

    it('lets a guest read the trace it was granted', async () => {
      const res = await server.request().get('/api/v1/public/traces/ctx-1').set('authorization', 'ServiceGuest tw_gt_trace_ctx_1');
      expect(expectEnvelope<ContextView>(res).id).to.equal('ctx-1');
    });

    it('answers 404 to a guest for any other trace, and to a guest without a grant', async () => {
      expectProblem(await server.request().get('/api/v1/public/traces/wide-1').set('authorization', 'ServiceGuest tw_gt_trace_ctx_1'), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await server.request().get('/api/v1/public/traces/ctx-1').set('authorization', 'ServiceGuest tw_gt_nothing'), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('refuses guest tokens on the list', async () => {
      const res = await server.request().get('/api/v1/public/traces').set('authorization', 'ServiceGuest tw_gt_trace_ctx_1');
      expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
    });
  });
});
