import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, type SpanInput, type TraceInput } from './fixtures.js';

interface Listed {
  traces: { id: string }[];
  page: { nextCursor: string | null };
}

/** A trace at `minute` past 10:00: an AGENT root and the given child spans. */
function at(id: string, minute: number, children: Omit<SpanInput, 'span_id' | 'name' | 'status'>[], status: 'success' | 'error' = 'success'): TraceInput {
  const start = new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();
  return {
    trace_id: id,
    name: `trace ${id}`,
    metadata: { framework: 'langchain' },
    spans: [
      { span_id: 'root', name: 'root', span_type: 'AGENT', status, latency_ms: 100, start_time: start },
      ...children.map((child, k) => ({ span_id: `c${k}`, parent_span_id: 'root', name: `child ${k}`, status: 'success' as const, latency_ms: 10, start_time: start, ...child })),
    ],
  };
}

forEachAdapter((adapter) => {
  // The parameters a dashboard's drill-down needs for the span dimensions model, provider and spanType (docs/analytics.md#dashboards).
  describe('GET /api/v1/public/traces?model&provider&spanType', () => {
    let server: TestServer;
    const list = (query: Record<string, string | number>) => server.request().get('/api/v1/public/traces').query(query).set('x-api-key', server.tenant.apiKey);
    const ids = async (query: Record<string, string | number>) => expectEnvelope<Listed>(await list(query)).traces.map((t) => t.id);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(
        server,
        server.tenant,
        at('t1', 1, [{ span_type: 'LLM', metadata: { model: 'gpt-4o', provider: 'openai' } }]),
        at('t2', 2, [{ span_type: 'LLM', metadata: { model: 'claude-3', provider: 'anthropic' } }, { span_type: 'TOOL', metadata: { provider: 'openai' } }], 'error'),
        at('t3', 3, [{ span_type: 'LLM', metadata: { model: 'gpt-4o', provider: 'azure' } }], 'error'),
        at('t4', 4, [{ span_type: 'TOOL', metadata: { provider: 42 } }]),
        at('t5', 5, [{ span_type: 'LLM', metadata: { model: 'GPT-4o' } }]),
        at('t6', 6, []),
      );
      await ingest(server, server.other, at('o1', 7, [{ span_type: 'LLM', metadata: { model: 'gpt-4o', provider: 'openai' } }]));
    });
    after(async () => server.close());

    it('model lists the traces some span of which records that model exactly: case-sensitive, not a prefix', async () => {
      expect(await ids({ model: 'gpt-4o' })).to.deep.equal(['t3', 't1']);
      expect(await ids({ model: 'GPT-4o' })).to.deep.equal(['t5']);
      expect(await ids({ model: 'gpt' })).to.deep.equal([]);
    });

    it('provider and spanType list the traces with such a span, exactly; a number is no provider', async () => {
      expect(await ids({ provider: 'openai' })).to.deep.equal(['t2', 't1']);
      expect(await ids({ provider: '42' })).to.deep.equal([]);
      expect(await ids({ spanType: 'TOOL' })).to.deep.equal(['t4', 't2']);
      expect(await ids({ spanType: 'AGENT' })).to.deep.equal(['t6', 't5', 't4', 't3', 't2', 't1']);
      expect(await ids({ spanType: 'llm' })).to.deep.equal([]);
    });

    it('several span values must hold on one span', async () => {
      expect(await ids({ model: 'gpt-4o', provider: 'openai' })).to.deep.equal(['t1']);
      // t2 has an openai span and a claude-3 span, but no span with both.
      expect(await ids({ model: 'claude-3', provider: 'openai' })).to.deep.equal([]);
      expect(await ids({ provider: 'openai', spanType: 'TOOL' })).to.deep.equal(['t2']);
    });

    it('the parameters narrow the other filters and a saved filter', async () => {
      expect(await ids({ model: 'gpt-4o', status: 'error' })).to.deep.equal(['t3']);
      expect(await ids({ spanType: 'LLM', status: 'success' })).to.deep.equal(['t5', 't1']);
      const saved = await server
        .request()
        .post('/api/v1/public/saved-filters')
        .set('x-api-key', server.tenant.apiKey)
        .send({ name: 'errors', filters: [{ id: 'r1', field: 'status', operator: 'is', value: 'error' }] });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
      expect(await ids({ savedFilterId: saved.body.data.id, provider: 'openai' })).to.deep.equal(['t2']);
    });

    it('is bound into the cursor: the next page keeps the filter, another model is PUBLIC_API_INVALID_CURSOR', async () => {
      const first = expectEnvelope<Listed>(await list({ model: 'gpt-4o', limit: 1 }));
      expect(first.traces.map((t) => t.id)).to.deep.equal(['t3']);
      const second = expectEnvelope<Listed>(await list({ model: 'gpt-4o', limit: 1, cursor: first.page.nextCursor! }));
      expect(second.traces.map((t) => t.id)).to.deep.equal(['t1']);
      expect(second.page.nextCursor).to.equal(null);
      expectProblem(await list({ model: 'claude-3', limit: 1, cursor: first.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expectProblem(await list({ limit: 1, cursor: first.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('refuses an empty or too long value with 400 naming the parameter', async () => {
      for (const [name, value] of [['model', ''], ['model', 'm'.repeat(256)], ['provider', 'p'.repeat(256)], ['spanType', ''], ['spanType', 'T'.repeat(33)]] as const) {
        const problem = expectProblem(await list({ [name]: value }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as { path: string }[]).map((e) => e.path)).to.deep.equal([`/query/${name}`]);
      }
    });
  });
});
