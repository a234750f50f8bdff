import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';
import { ingest, type TraceInput } from './fixtures.js';

interface Listed {
  traces: { id: string; status: string; framework: string | null; agentName: string | null; latencyMs: number; cost: number }[];
  page: { hasMore: boolean; limit: number; nextCursor: string | null };
}

/** A trace created at `minute` past 10:00 on the test day, with the given shape. */
function at(id: string, minute: number, options: { status?: 'success' | 'error'; framework?: string; agent?: string; latency?: number; cost?: number } = {}): TraceInput {
  return {
    trace_id: id,
    name: `trace ${id}`,
    metadata: { framework: options.framework ?? 'langchain', agent_name: options.agent ?? 'planner' },
    spans: [
      {
        span_id: 'root',
        name: 'root',
        span_type: 'AGENT',
        status: options.status ?? 'success',
        error: options.status === 'error' ? `failure in ${id}` : undefined,
        latency_ms: options.latency ?? 100,
        metadata: { cost: options.cost ?? 0.01 },
        start_time: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
      },
    ],
  };
}

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces', () => {
    let server: TestServer;
    const list = (query: Record<string, string | number> = {}, key?: string) =>
      server.request().get('/api/v1/public/traces').query(query).set('x-api-key', key ?? server.tenant.apiKey);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(
        server,
        server.tenant,
        at('t01', 1),
        at('t02', 2, { status: 'error', latency: 900 }),
        at('t03', 3, { framework: 'crewai', cost: 0.5 }),
        // Same creation time as t03: the id breaks the tie.
        at('t03b', 3, { agent: 'writer', latency: 5000 }),
        at('t04', 4, { status: 'error', framework: 'crewai', agent: 'writer', cost: 1.25 }),
        at('t05', 5),
      );
      await ingest(server, server.other, at('other-1', 6));
    });
    after(async () => server.close());

    it('lists the project traces newest first with the id as tiebreak, with every documented field', async () => {
      const res = await list();
      const data = expectEnvelope<Listed>(res);
      expectRateLimitHeaders(res);
      expect(data.traces.map((t) => t.id)).to.deep.equal(['t05', 't04', 't03b', 't03', 't02', 't01']);
      expect(data.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
      expect(data.traces[1]).to.deep.equal({
        id: 't04',
        name: 'trace t04',
        status: 'error',
        createdAt: '2026-11-01T10:04:00.000Z',
        latencyMs: 100,
        cost: 1.25,
        spanCount: 1,
        totalTokens: 0,
        framework: 'crewai',
        agentName: 'writer',
        errorMessage: 'failure in t04',
        url: '/traces/t04',
        sessionId: null,
        userId: null,
        tags: [],
      });
    });

    it('never shows traces of another project', async () => {
      const ids = expectEnvelope<Listed>(await list({}, server.other.apiKey)).traces.map((t) => t.id);
      expect(ids).to.deep.equal(['other-1']);
    });

    const filters: [string, Record<string, string | number>, string[]][] = [
      ['status', { status: 'error' }, ['t04', 't02']],
      ['framework', { framework: 'crewai' }, ['t04', 't03']],
      ['agentName', { agentName: 'writer' }, ['t04', 't03b']],
      ['from (inclusive) and to (exclusive)', { from: '2026-11-01T10:02:00Z', to: '2026-11-01T10:04:00Z' }, ['t03b', 't03', 't02']],
      ['min and max latency', { minLatencyMs: 500, maxLatencyMs: 1000 }, ['t02']],
      ['min and max cost', { minCost: 0.4, maxCost: 1 }, ['t03']],
    ];
    for (const [name, query, expected] of filters) {
      it(`filters by ${name}`, async () => {
        expect(expectEnvelope<Listed>(await list(query)).traces.map((t) => t.id)).to.deep.equal(expected);
      });
    }

    it('pages with nextCursor until hasMore is false, across the tie, without gaps or repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const data: Listed = expectEnvelope<Listed>(await list(cursor ? { limit: 2, cursor } : { limit: 2 }));
        expect(data.page.limit).to.equal(2);
        seen.push(...data.traces.map((t) => t.id));
        if (data.page.hasMore) expect(data.page.nextCursor).to.be.a('string').with.length.within(1, 1024);
        else expect(data.page.nextCursor).to.equal(null);
        cursor = data.page.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal(['t05', 't04', 't03b', 't03', 't02', 't01']);
    });

    it('allows a different limit on the next page', async () => {
      const first = expectEnvelope<Listed>(await list({ limit: 1 }));
      const second = expectEnvelope<Listed>(await list({ limit: 3, cursor: first.page.nextCursor! }));
      expect(second.traces.map((t) => t.id)).to.deep.equal(['t04', 't03b', 't03']);
      expect(second.page.limit).to.equal(3);
    });

    it('keeps filters across pages', async () => {
      const first = expectEnvelope<Listed>(await list({ limit: 1, status: 'error' }));
      const second = expectEnvelope<Listed>(await list({ limit: 1, status: 'error', cursor: first.page.nextCursor! }));
      expect([...first.traces, ...second.traces].map((t) => t.id)).to.deep.equal(['t04', 't02']);
      expect(second.page.hasMore).to.equal(false);
    });

    /** Every page of a list query with `limit` 1, each trace's id in order. */
    const allPages = async (query: Record<string, string | number>): Promise<string[]> => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const data: Listed = expectEnvelope<Listed>(await list(cursor ? { ...query, limit: 1, cursor } : { ...query, limit: 1 }));
        seen.push(...data.traces.map((t) => t.id));
        cursor = data.page.nextCursor;
      } while (cursor);
      return seen;
    };

    // The fixtures above: latency 5000 (t03b), 900 (t02), else 100; cost 1.25 (t04), 0.5 (t03), else 0.01; no tokens.
    const sorts: [string, string[]][] = [
      ['createdAt:asc', ['t01', 't02', 't03', 't03b', 't04', 't05']],
      ['latencyMs:desc', ['t03b', 't02', 't05', 't04', 't03', 't01']],
      ['latencyMs:asc', ['t01', 't03', 't04', 't05', 't02', 't03b']],
      ['cost:desc', ['t04', 't03', 't05', 't03b', 't02', 't01']],
      ['cost:asc', ['t01', 't02', 't03b', 't05', 't03', 't04']],
      // Every trace has 0 tokens: the id alone orders them, in the sort's direction.
      ['totalTokens:desc', ['t05', 't04', 't03b', 't03', 't02', 't01']],
      ['totalTokens:asc', ['t01', 't02', 't03', 't03b', 't04', 't05']],
    ];
    for (const [sort, expected] of sorts) {
      it(`sorts by ${sort}, ties by id in the same direction, on one page and page by page`, async () => {
        expect(expectEnvelope<Listed>(await list({ sort })).traces.map((t) => t.id)).to.deep.equal(expected);
        expect(await allPages({ sort })).to.deep.equal(expected);
      });
    }

    it('sorts within the filters: errors by cost, highest first', async () => {
      expect(await allPages({ sort: 'cost:desc', status: 'error' })).to.deep.equal(['t04', 't02']);
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR when the sort changes between pages', async () => {
      const cursor = expectEnvelope<Listed>(await list({ limit: 1, sort: 'cost:desc' })).page.nextCursor!;
      const body = expectProblem(await list({ limit: 1, cursor, sort: 'latencyMs:desc' }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expect(body.detail).to.contain('does not match');
      expectProblem(await list({ limit: 1, cursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 400 naming /query/sort for an unknown sort', async () => {
      const body = expectProblem(await list({ sort: 'name:desc' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(JSON.stringify(body.errors)).to.contain('sort');
    });

    it('with preview=true, each trace has its root span input and output as one line; without, no preview fields', async () => {
      // In the other project, so the tenant's fixtures above stay as they are.
      await ingest(server, server.other, {
        trace_id: 'other-pv',
        name: 'previewed',
        spans: [
          { span_id: 'child', parent_span_id: 'root', name: 'llm', span_type: 'LLM', status: 'success', input: { prompt: 'not the root' } },
          {
            span_id: 'root',
            name: 'agent',
            span_type: 'AGENT',
            status: 'success',
            input: { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Where is\norder 17?' }] },
            output: { role: 'assistant', content: 'It ships today.' },
          },
        ],
      });
      const listed = expectEnvelope<{ traces: Record<string, unknown>[] }>(await list({ preview: 'true' }, server.other.apiKey)).traces;
      const pick = (t: Record<string, unknown>) => ({ id: t.id, inputPreview: t.inputPreview, outputPreview: t.outputPreview });
      expect(listed.map(pick)).to.deep.include.members([
        { id: 'other-pv', inputPreview: 'Where is order 17?', outputPreview: 'It ships today.' },
        { id: 'other-1', inputPreview: null, outputPreview: null },
      ]);
      const plain = expectEnvelope<{ traces: Record<string, unknown>[] }>(await list({}, server.other.apiKey)).traces;
      expect(plain.every((t) => !('inputPreview' in t) && !('outputPreview' in t))).to.equal(true);
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR for an altered cursor', async () => {
      const cursor = expectEnvelope<Listed>(await list({ limit: 1 })).page.nextCursor!;
      const [body, signature] = cursor.split('.');
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
      payload.p = [payload.p[0] + 1, 'zzz'];
      const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
      expectProblem(await list({ cursor: forged }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expectProblem(await list({ cursor: `${cursor.slice(0, -2)}AA` }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expectProblem(await list({ cursor: 'not-a-cursor' }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR once the chain is 15 minutes old, and following pages do not extend it', async () => {
      const first = expectEnvelope<Listed>(await list({ limit: 1 }));
      server.clock.advance(10 * 60 * 1000);
      const second = expectEnvelope<Listed>(await list({ limit: 1, cursor: first.page.nextCursor! }));
      server.clock.advance(4 * 60 * 1000);
      expectEnvelope<Listed>(await list({ limit: 1, cursor: second.page.nextCursor! }));
      server.clock.advance(60 * 1000 + 1);
      const body = expectProblem(await list({ limit: 1, cursor: second.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
      expect(body.detail).to.contain('expired');
    });

    const mismatches: [string, Record<string, string | number>][] = [
      ['status', { status: 'error' }],
      ['framework', { framework: 'crewai' }],
      ['agentName', { agentName: 'writer' }],
      ['from', { from: '2026-11-01T10:00:00Z' }],
      ['to', { to: '2026-11-01T11:00:00Z' }],
      ['minLatencyMs', { minLatencyMs: 1 }],
      ['maxLatencyMs', { maxLatencyMs: 10000 }],
      ['minCost', { minCost: 0 }],
      ['maxCost', { maxCost: 10 }],
    ];
    for (const [field, changed] of mismatches) {
      it(`answers 400 PUBLIC_API_INVALID_CURSOR when ${field} changes between pages`, async () => {
        const cursor = expectEnvelope<Listed>(await list({ limit: 1 })).page.nextCursor!;
        const body = expectProblem(await list({ limit: 1, cursor, ...changed }), 400, 'PUBLIC_API_INVALID_CURSOR');
        expect(body.detail).to.contain('does not match');
      });
    }

    it('answers 400 PUBLIC_API_INVALID_CURSOR for a cursor of another credential of the same project', async () => {
      const cursor = expectEnvelope<Listed>(await list({ limit: 1 })).page.nextCursor!;
      const res = await server
        .request()
        .get('/api/v1/public/traces')
        .query({ limit: 1, cursor })
        .set('x-api-key', server.tenant.orgApiKey)
        .set('x-project-id', server.tenant.project.id);
      expectProblem(res, 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR for a cursor of another project', async () => {
      const otherProject = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Second');
      await ingest(server, { ...server.tenant, project: otherProject }, at('second-1', 1), at('second-2', 2));
      const own = (query: Record<string, string | number>, projectId: string) =>
        server.request().get('/api/v1/public/traces').query(query).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', projectId);
      const cursor = expectEnvelope<Listed>(await own({ limit: 1 }, otherProject.id)).page.nextCursor!;
      expectProblem(await own({ limit: 1, cursor }, server.tenant.project.id), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR for a cursor issued by another list endpoint', async () => {
      const cursor = server.runtime.services.cursors.encode(
        { credentialId: 'x', projectId: server.tenant.project.id, endpoint: 'listSavedFilters', filters: {}, sort: 'createdAt:desc,id:desc' },
        [0, 'a'],
      );
      expectProblem(await list({ cursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('rejects offset pagination with 400', async () => {
      const body = expectProblem(await list({ offset: 2 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(JSON.stringify(body.errors)).to.contain('offset');
    });

    it('answers 400 for a limit outside 1 to 50', async () => {
      expectProblem(await list({ limit: 51 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expectProblem(await list({ limit: 0 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 404 PUBLIC_API_NOT_FOUND for a saved filter that does not exist in the project', async () => {
      expectProblem(await list({ savedFilterId: '00000000-0000-4000-8000-000000000001' }), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('accepts an OAuth token with observability:read and refuses one without it', async () => {
      const reader = await server.oauthToken(server.tenant.user.id, ['observability:read']);
      const ok = await server.request().get('/api/v1/public/traces').set('authorization', `Bearer ${reader}`).set('x-project-id', server.tenant.project.id);
      expect(expectEnvelope<Listed>(ok).traces).to.have.length(6);
      const writer = await server.oauthToken(server.tenant.user.id, ['observability:write']);
      const denied = await server.request().get('/api/v1/public/traces').set('authorization', `Bearer ${writer}`).set('x-project-id', server.tenant.project.id);
      expectProblem(denied, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
    });
  });

  describe('TraceListService with a saved-filter resolver', () => {
    it('applies the condition the resolver returns', async () => {
      const server = await startTestServer(adapter);
      try {
        await ingest(server, server.tenant, at('a', 1), at('b', 2, { framework: 'crewai' }));
        const { TraceListService } = await import('../../src/domain/traces/trace-list-service.js');
        const service = new TraceListService(server.runtime.store, server.runtime.services.cursors, async (_projectId, id) =>
          id === '00000000-0000-4000-8000-000000000002' ? { kind: 'filter', rules: [{ id: 'r', field: 'framework', operator: 'is', value: 'crewai' }] } : null,
        );
        const result = await service.list({
          credentialId: 'c',
          projectId: server.tenant.project.id,
          endpoint: 'listTraces',
          limit: 10,
          filters: { savedFilterId: '00000000-0000-4000-8000-000000000002' },
        });
        expect(result.traces.map((t) => t.id)).to.deep.equal(['b']);
      } finally {
        await server.close();
      }
    });
  });
});
