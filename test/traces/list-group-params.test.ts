import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, type TraceInput } from './fixtures.js';

interface Listed {
  traces: { id: string }[];
  page: { nextCursor: string | null };
}

/** A trace at `minute` past 10:00 with tags and, in its metadata, an environment and a release. */
function at(id: string, minute: number, tags: string[], environment?: string, release?: string, framework = 'langchain'): TraceInput {
  return {
    trace_id: id,
    name: `trace ${id}`,
    tags,
    metadata: { framework, ...(environment ? { environment } : {}), ...(release ? { release } : {}) },
    spans: [{ span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: 100, start_time: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString() }],
  };
}

forEachAdapter((adapter) => {
  // The parameters a dashboard's drill-down needs for the tag, environment and release dimensions (docs/analytics.md#dashboards).
  describe('GET /api/v1/public/traces?tag&environment&release', () => {
    let server: TestServer;
    const list = (query: Record<string, string | number>) => server.request().get('/api/v1/public/traces').query(query).set('x-api-key', server.tenant.apiKey);
    const ids = async (query: Record<string, string | number>) => expectEnvelope<Listed>(await list(query)).traces.map((t) => t.id);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(
        server,
        server.tenant,
        at('t1', 1, ['vip', 'beta'], 'production', 'v1'),
        at('t2', 2, ['Vip'], 'production', 'v2', 'crewai'),
        at('t3', 3, ['vip'], 'staging', 'v2'),
        at('t4', 4, [], 'Production'),
        at('t5', 5, ['vip-extra']),
      );
      await ingest(server, server.other, at('o1', 6, ['vip'], 'production', 'v1'));
    });
    after(async () => server.close());

    it('tag lists the traces carrying that tag exactly: case-sensitive, not a prefix, any of several tags', async () => {
      expect(await ids({ tag: 'vip' })).to.deep.equal(['t3', 't1']);
      expect(await ids({ tag: 'Vip' })).to.deep.equal(['t2']);
      expect(await ids({ tag: 'beta' })).to.deep.equal(['t1']);
      expect(await ids({ tag: 'vi' })).to.deep.equal([]);
    });

    it('environment and release list the traces of that value exactly, case-sensitive', async () => {
      expect(await ids({ environment: 'production' })).to.deep.equal(['t2', 't1']);
      expect(await ids({ environment: 'Production' })).to.deep.equal(['t4']);
      expect(await ids({ release: 'v2' })).to.deep.equal(['t3', 't2']);
    });

    it('the parameters narrow each other, the other filters and a saved filter', async () => {
      expect(await ids({ tag: 'vip', environment: 'production', release: 'v1' })).to.deep.equal(['t1']);
      expect(await ids({ release: 'v2', framework: 'crewai' })).to.deep.equal(['t2']);
      const saved = await server
        .request()
        .post('/api/v1/public/saved-filters')
        .set('x-api-key', server.tenant.apiKey)
        .send({ name: 'production', filters: [{ id: 'r1', field: 'environment', operator: 'is_exactly', value: 'production' }] });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
      expect(await ids({ savedFilterId: saved.body.data.id, release: 'v2' })).to.deep.equal(['t2']);
    });

    it('is bound into the cursor: another tag on the next page is PUBLIC_API_INVALID_CURSOR', async () => {
      const first = expectEnvelope<Listed>(await list({ tag: 'vip', limit: 1 }));
      expect(first.traces.map((t) => t.id)).to.deep.equal(['t3']);
      expect(await ids({ tag: 'vip', limit: 1, cursor: first.page.nextCursor! })).to.deep.equal(['t1']);
      expectProblem(await list({ tag: 'beta', limit: 1, cursor: first.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('refuses an empty or too long value with 400 naming the parameter', async () => {
      for (const [name, value] of [['tag', ''], ['tag', 'x'.repeat(201)], ['environment', ''], ['release', 'r'.repeat(256)]] as const) {
        const problem = expectProblem(await list({ [name]: value }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as { path: string }[]).map((e) => e.path)).to.deep.equal([`/query/${name}`]);
      }
    });
  });
});
