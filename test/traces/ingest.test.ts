import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';
import { sampleTrace, type TraceInput } from './fixtures.js';
import { eventually } from '../support/eventually.js';

forEachAdapter((adapter) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(adapter);
  });
  after(async () => server.close());

  const post = (body: unknown) => server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send(body as object);
  const stored = (id: string) => server.runtime.store.traces.findById(server.tenant.project.id, id);
  const spansOf = (id: string) => server.runtime.store.traces.spansOf(server.tenant.project.id, id);

  describe('POST /api/v1/public/traces', () => {
    it('stores a trace and answers 201 with id, span count, status and url, in the ingest rate class', async () => {
      const res = await post(sampleTrace({ trace_id: 'ingest-1' }));
      expect(expectEnvelope(res, 201)).to.deep.equal({ id: 'ingest-1', spanCount: 3, status: 'success', url: '/traces/ingest-1' });
      expectRateLimitHeaders(res);
      expect(res.headers['x-service-ratelimit-policy']).to.equal('ingest;w=60;q=600');
    });

    it('derives status, latency (root spans), cost, tokens, span count, first error and creation time from the spans', async () => {
      const trace = sampleTrace({ trace_id: 'derived-1' });
      trace.spans![2] = { ...trace.spans![2], status: 'error', error: 'orders_api timed out' };
      trace.spans!.push({ span_id: 'llm-2', parent_span_id: 'root', name: 'retry', span_type: 'LLM', status: 'error', error: 'second failure' });
      trace.spans!.push({ span_id: 'side', name: 'side root', span_type: 'WORKFLOW', status: 'success', latency_ms: 50 });
      expect(expectEnvelope(await post(trace), 201)).to.include({ status: 'error', spanCount: 5 });
      const record = await stored('derived-1');
      expect(record).to.deep.include({
        status: 'error',
        latencyMs: 1250,
        spanCount: 5,
        totalTokens: 165,
        framework: 'langchain',
        agentName: 'support-bot',
        errorMessage: 'orders_api timed out',
      });
      expect(record!.cost).to.be.closeTo(0.003, 1e-12);
      expect(record!.createdAt.toISOString()).to.equal('2026-11-01T11:00:00.000Z');
    });

    it('generates a uuid trace id when none is sent and uses the receive time when no span has a start time', async () => {
      const data = expectEnvelope<{ id: string }>(await post({ name: 'no id', spans: [] }), 201);
      expect(data.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const record = await stored(data.id);
      expect(record).to.deep.include({ status: 'success', spanCount: 0, latencyMs: 0, cost: 0, errorMessage: null });
      expect(record!.createdAt.toISOString()).to.equal(server.clock.now().toISOString());
    });

    it('answers 409 PUBLIC_API_TRACE_EXISTS when the trace_id already exists, and keeps the first trace', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'resend-1' })), 201);
      const res = await post(sampleTrace({ trace_id: 'resend-1', name: 'changed' }));
      const body = expectProblem(res, 409, 'PUBLIC_API_TRACE_EXISTS');
      expect(body.detail).to.contain('resend-1');
      expect((await stored('resend-1'))!.name).to.equal('support agent run');
    });

    it('allows the same trace_id in another project', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'shared-id' })), 201);
      const res = await server.request().post('/api/v1/public/traces').set('x-api-key', server.other.apiKey).send(sampleTrace({ trace_id: 'shared-id' }));
      expectEnvelope(res, 201);
    });

    const invalid: [string, (t: TraceInput) => void, { code: string; path: string }][] = [
      ['a duplicate span id', (t) => (t.spans![2].span_id = 'llm-1'), { code: 'duplicate_span_id', path: '/spans/2/span_id' }],
      ['a parent outside the trace', (t) => (t.spans![1].parent_span_id = 'ghost'), { code: 'unknown_parent', path: '/spans/1/parent_span_id' }],
      ['a start time that is not ISO 8601 (the contract)', (t) => (t.spans![2].start_time = 'yesterday'), { code: 'format', path: '/body/spans/2/start_time' }],
      ['a start time two days ahead', (t) => (t.spans![0].start_time = '2026-11-03T12:00:00Z'), { code: 'invalid_time', path: '/spans/0/start_time' }],
    ];
    for (const [what, spoil, error] of invalid) {
      it(`answers 400 naming the span for ${what}, and stores nothing`, async () => {
        const trace = sampleTrace({ trace_id: `bad-${error.code}-${error.path.length}` });
        spoil(trace);
        const body = expectProblem(await post(trace), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.include.members([{ code: error.code, path: error.path, message: (body.errors as { message: string }[])[0].message }]);
        expect(await stored(trace.trace_id!)).to.equal(null);
        expect(await spansOf(trace.trace_id!)).to.deep.equal([]);
      });
    }

    it('answers 400 naming every span of a cycle, and stores nothing', async () => {
      const trace = sampleTrace({ trace_id: 'cycle-1' });
      trace.spans!.push(
        { span_id: 'a', parent_span_id: 'b', name: 'a', span_type: 'TOOL', status: 'success' },
        { span_id: 'b', parent_span_id: 'a', name: 'b', span_type: 'TOOL', status: 'success' },
      );
      const body = expectProblem(await post(trace), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { code: string; path: string }[]).map(({ code, path }) => ({ code, path }))).to.deep.equal([
        { code: 'cycle', path: '/spans/3/parent_span_id' },
        { code: 'cycle', path: '/spans/4/parent_span_id' },
      ]);
      expect(await stored('cycle-1')).to.equal(null);
    });

    it('answers 400 from the contract for a bad span status, naming the span', async () => {
      const trace = sampleTrace({ trace_id: 'bad-status' });
      (trace.spans![1] as { status: string }).status = 'done';
      const body = expectProblem(await post(trace), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[]).some((e) => e.path.startsWith('/body/spans/1/status'))).to.equal(true);
      expect(await stored('bad-status')).to.equal(null);
    });

    it('answers 413 for a body above 1 MB', async () => {
      const trace = sampleTrace({ trace_id: 'huge' });
      trace.spans![1].input = { prompt: 'x'.repeat(1024 * 1024) };
      expectProblem(await post(trace), 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
      expect(await stored('huge')).to.equal(null);
    });

    it('answers 403 insufficient_scope for an OAuth token with only observability:read', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['observability:read']);
      const res = await server.request().post('/api/v1/public/traces').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send(sampleTrace());
      expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
    });

    it('accepts an OAuth token with observability:write', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['observability:write']);
      const res = await server
        .request()
        .post('/api/v1/public/traces')
        .set('authorization', `Bearer ${token}`)
        .set('x-project-id', server.tenant.project.id)
        .send(sampleTrace({ trace_id: 'oauth-1' }));
      expectEnvelope(res, 201);
      expect(await stored('oauth-1')).to.not.equal(null);
    });
  });

  describe('POST /api/v1/public/traces with tags', () => {
    const get = (path: string, query: Record<string, string> = {}) => server.request().get(path).query(query).set('x-api-key', server.tenant.apiKey);
    const tagRows = async (id: string) =>
      (await server.runtime.database.knex('trace_tags').where({ project_id: server.tenant.project.id, trace_id: id }).orderBy('tag').select('tag')).map((r: { tag: string }) => r.tag);

    it('stores the tags once each, in byte order, and returns them on the trace read and the trace list', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'tagged-1', tags: ['vip', 'beta', 'Vip', 'vip', 'größe'] })), 201);
      const expected = ['Vip', 'beta', 'größe', 'vip'];
      expect((await stored('tagged-1'))!.tags).to.deep.equal(expected);
      expect(expectEnvelope<{ tags: string[] }>(await get('/api/v1/public/traces/tagged-1')).tags).to.deep.equal(expected);
      const listed = expectEnvelope<{ traces: { id: string; tags: string[] }[] }>(await get('/api/v1/public/traces', { limit: '50' })).traces;
      expect(listed.find((t) => t.id === 'tagged-1')!.tags).to.deep.equal(expected);
      // The rows the filters and the tag dimension read: the same set.
      expect(await tagRows('tagged-1')).to.have.members(expected);
    });

    it('answers tags: [] for a trace sent without them', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'untagged-1' })), 201);
      expect(expectEnvelope<{ tags: string[] }>(await get('/api/v1/public/traces/untagged-1')).tags).to.deep.equal([]);
      expect(await tagRows('untagged-1')).to.deep.equal([]);
    });

    it('lists the traces of a saved filter on tag (is: ASCII case folded; is_not; is_empty)', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'tagged-2', tags: ['beta'] })), 201);
      const idsOf = async (rule: Record<string, unknown>) => {
        const saved = expectEnvelope<{ id: string }>(
          await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: `tag ${JSON.stringify(rule)}`, filters: [{ id: 'r', field: 'tag', ...rule }] }),
          201,
        );
        const listed = expectEnvelope<{ traces: { id: string }[] }>(await get('/api/v1/public/traces', { savedFilterId: saved.id, limit: '50' })).traces;
        return listed.map((t) => t.id).filter((id) => ['tagged-1', 'tagged-2', 'untagged-1'].includes(id)).sort();
      };
      expect(await idsOf({ operator: 'is', value: 'VIP' })).to.deep.equal(['tagged-1']);
      expect(await idsOf({ operator: 'is', value: 'beta' })).to.deep.equal(['tagged-1', 'tagged-2']);
      expect(await idsOf({ operator: 'is_not', value: 'beta' })).to.deep.equal(['untagged-1']);
      expect(await idsOf({ operator: 'is_empty', value: null })).to.deep.equal(['untagged-1']);
      expect(await idsOf({ operator: 'is_any_of', value: ['größe', 'nope'] })).to.deep.equal(['tagged-1']);
    });

    const refusals: [string, unknown, string][] = [
      ['more than 50 tags', Array.from({ length: 51 }, (_, i) => `t${i}`), '/body/tags'],
      ['a tag of 201 characters', ['ok', 'x'.repeat(201)], '/body/tags/1'],
      ['an empty tag', ['ok', ''], '/body/tags/1'],
    ];
    for (const [what, tags, path] of refusals) {
      it(`answers 400 at ${path} for ${what}, and stores nothing`, async () => {
        const body = expectProblem(await post({ ...sampleTrace({ trace_id: 'tag-refused' }), tags }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[]).map((e) => e.path)).to.include(path);
        expect(await stored('tag-refused')).to.equal(null);
      });
    }

    it('answers 400 at /body/traces/1/tags/0 in a batch, and stores none of it', async () => {
      const res = await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey)
        .send({ traces: [sampleTrace({ trace_id: 'tag-batch-1', tags: ['a'] }), sampleTrace({ trace_id: 'tag-batch-2', tags: ['y'.repeat(201)] })] });
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[]).map((e) => e.path)).to.include('/body/traces/1/tags/0');
      expect(await stored('tag-batch-1')).to.equal(null);
    });

    // What the contract's validator does not refuse (it cannot say "no NUL"), or what reaches the service
    // without it (the MCP tools): the service's own check, at the same paths.
    const serviceRefusals: [string, unknown, string[]][] = [
      ['a NUL in a tag', ['a\u0000b'], ['/tags/0']],
      ['a tag that is not a string', ['ok', 7], ['/tags/1']],
      ['tags that are not an array', 'vip', ['/tags']],
    ];
    for (const [what, tags, paths] of serviceRefusals) {
      it(`refuses ${what} through the service at ${paths.join(', ')}, storing nothing`, async () => {
        const errors = await server.runtime.services.traceIngestion.ingest(server.tenant.project.id, { ...sampleTrace({ trace_id: 'tag-nul' }), tags }).then(
          () => null,
          (error: { errors?: { path: string }[] }) => error.errors?.map((e) => e.path),
        );
        expect(errors).to.deep.equal(paths);
        expect(await stored('tag-nul')).to.equal(null);
      });
    }
  });

  describe('POST /api/v1/public/traces/batch', () => {
    const postBatch = (traces: unknown[]) =>
      server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces });

    it('stores every trace and answers 201 with ids, span counts and totals', async () => {
      const res = await postBatch([sampleTrace({ trace_id: 'batch-1' }), sampleTrace({ trace_id: 'batch-2', spans: [] })]);
      expect(expectEnvelope(res, 201)).to.deep.equal({
        traces: [
          { id: 'batch-1', spanCount: 3, status: 'success', url: '/traces/batch-1' },
          { id: 'batch-2', spanCount: 0, status: 'success', url: '/traces/batch-2' },
        ],
        traceCount: 2,
        spanCount: 3,
      });
      expect(await spansOf('batch-1')).to.have.length(3);
    });

    it('stores nothing when one trace is invalid, naming it with its batch index', async () => {
      const bad = sampleTrace({ trace_id: 'batch-bad-2' });
      bad.spans![1].parent_span_id = 'ghost';
      const body = expectProblem(await postBatch([sampleTrace({ trace_id: 'batch-bad-1' }), bad]), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[])[0].path).to.equal('/traces/1/spans/1/parent_span_id');
      expect(await stored('batch-bad-1')).to.equal(null);
    });

    it('stores nothing when one trace id already exists (409)', async () => {
      expectEnvelope(await post(sampleTrace({ trace_id: 'batch-exists' })), 201);
      const res = await postBatch([sampleTrace({ trace_id: 'batch-new' }), sampleTrace({ trace_id: 'batch-exists' })]);
      expectProblem(res, 409, 'PUBLIC_API_TRACE_EXISTS');
      expect(await stored('batch-new')).to.equal(null);
    });

    it('answers 400 for a trace_id sent twice in one batch', async () => {
      const body = expectProblem(await postBatch([sampleTrace({ trace_id: 'twice' }), sampleTrace({ trace_id: 'twice' })]), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'duplicate_trace_id', path: '/traces/1/trace_id', message: 'trace_id twice appears twice in the batch' }]);
      expect(await stored('twice')).to.equal(null);
    });

    it('answers 400 for more than 1000 traces', async () => {
      const traces = Array.from({ length: 1001 }, (_, i) => ({ trace_id: `many-${i}`, name: 'n' }));
      expectProblem(await postBatch(traces), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(await stored('many-0')).to.equal(null);
    });

    it('stores a batch of 1000 traces (the documented maximum) with a search document and a detection job each', async () => {
      // SQLite caps a compound SELECT at 500 terms: every multi-row write of a batch must stay under it.
      const traces = Array.from({ length: 1000 }, (_, i) => ({
        trace_id: `max-${i}`,
        name: `maxbatch run ${i}`,
        spans: [
          { span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success' },
          { span_id: 'tool', parent_span_id: 'root', name: 'http_fetch', span_type: 'TOOL', status: 'error', error: 'TimeoutError: deadline' },
        ],
      }));
      const data = expectEnvelope<{ traceCount: number; spanCount: number }>(await postBatch(traces), 201);
      expect([data.traceCount, data.spanCount]).to.deep.equal([1000, 2000]);
      const found = await server.runtime.services.traceSearch.search(server.tenant.project.id, { query: 'maxbatch', limit: 1 });
      expect([found.totalCount, found.totalCountExact]).to.deep.equal([1000, true]);
      const jobs = await server.runtime.database.knex('detection_jobs').where({ project_id: server.tenant.project.id }).whereLike('trace_id', 'max-%').count<{ n: number }[]>({ n: '*' });
      expect(Number(jobs[0].n)).to.equal(1000);
    });

    it('writes spans of many traces in chunks larger than one statement holds', async () => {
      const traces = Array.from({ length: 40 }, (_, i) => ({
        trace_id: `chunk-${i}`,
        name: 'chunked',
        spans: Array.from({ length: 150 }, (_, s) => ({ span_id: `s${s}`, parent_span_id: s ? 's0' : null, name: 'x', span_type: 'TOOL', status: 'success' })),
      }));
      const data = expectEnvelope<{ spanCount: number }>(await postBatch(traces), 201);
      expect(data.spanCount).to.equal(6000);
      expect(await spansOf('chunk-39')).to.have.length(150);
    });

    describe('with MAX_BODY_BYTES above 1 MB', () => {
      let roomy: TestServer;
      before(async () => {
        roomy = await startTestServer(adapter, { env: { MAX_BODY_BYTES: String(4 * 1024 * 1024) } });
      });
      after(async () => roomy.close());
      const postRoomy = (traces: unknown[]) => roomy.request().post('/api/v1/public/traces/batch').set('x-api-key', roomy.tenant.apiKey).send({ traces });
      const withOutput = (id: string, chars: number) => {
        const trace = sampleTrace({ trace_id: id });
        trace.spans![0].output = { text: 'y'.repeat(chars) };
        return trace;
      };

      it('stores a body above 1 MB whose traces are each below it', async () => {
        const res = await postRoomy([withOutput('roomy-1', 700_000), withOutput('roomy-2', 700_000)]);
        expect(expectEnvelope<{ traceCount: number }>(res, 201).traceCount).to.equal(2);
      });

      it('answers 413 PUBLIC_API_PAYLOAD_TOO_LARGE when one trace of the body is above 1 MB, storing none', async () => {
        expectProblem(await postRoomy([withOutput('roomy-small', 10), withOutput('roomy-huge', 1024 * 1024)]), 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
        expect(await roomy.runtime.store.traces.findById(roomy.tenant.project.id, 'roomy-small')).to.equal(null);
      });
    });
  });

  describe('TraceIngestionService', () => {
    it('runs an after-store hook in two steps: its reads before the transaction (the traces not stored yet), its write inside it', async () => {
      const { TraceIngestionService } = await import('../../src/domain/traces/trace-ingestion-service.js');
      const project = server.tenant.project.id;
      const steps: string[] = [];
      const service = new TraceIngestionService(server.runtime.store, server.clock, {
        afterStore: [
          async (store) => {
            steps.push(`prepare: stored ${(await store.traces.findById(project, 'two-step-1')) !== null}`);
            return async (tx) => {
              steps.push(`write: stored ${(await tx.traces.findById(project, 'two-step-1')) !== null}`);
            };
          },
        ],
      });
      await service.ingest(project, sampleTrace({ trace_id: 'two-step-1' }));
      expect(steps).to.deep.equal(['prepare: stored false', 'write: stored true']);
      expect(await stored('two-step-1')).to.not.equal(null);
    });

    it('runs after-store hooks inside the transaction: a failing hook leaves nothing stored', async () => {
      const { TraceIngestionService } = await import('../../src/domain/traces/trace-ingestion-service.js');
      const seen: string[][] = [];
      const service = new TraceIngestionService(server.runtime.store, server.clock, {
        afterStore: [
          async (_store, traces) => async (tx) => {
            seen.push(traces.map((t) => t.id));
            expect(await tx.traces.findById(server.tenant.project.id, 'hooked-1')).to.not.equal(null);
            throw new Error('hook failed');
          },
        ],
      });
      let failure: unknown;
      await service.ingest(server.tenant.project.id, sampleTrace({ trace_id: 'hooked-1' })).catch((error) => (failure = error));
      expect((failure as Error).message).to.equal('hook failed');
      expect(seen).to.deep.equal([['hooked-1']]);
      expect(await stored('hooked-1')).to.equal(null);
    });

    // PostgreSQL only: SQLite's single connection already runs one ingest transaction at a time.
    if (adapter === 'postgres') it('runs at most maxConcurrentWrites writes at once; the others wait and then all are stored', async () => {
      const { TraceIngestionService } = await import('../../src/domain/traces/trace-ingestion-service.js');
      const ids = ['gated-1', 'gated-2', 'gated-3', 'gated-4', 'gated-5'];
      let inside = 0;
      let left = 0;
      let most = 0;
      const service: InstanceType<typeof TraceIngestionService> = new TraceIngestionService(server.runtime.store, server.clock, {
        maxConcurrentWrites: 2,
        afterStore: [
          async () => async () => {
            inside += 1;
            most = Math.max(most, inside);
            // Hold the write until every other ingest is accounted for — writing, queued at the gate,
            // or through — so none could still slip in beside this one: a gate that let a third
            // through would show here as `most` above 2.
            await eventually(() => inside + service.queuedWrites + left === ids.length, { what: 'every ingest writing, queued or through' });
            inside -= 1;
            left += 1;
          },
        ],
      });
      await Promise.all(ids.map((id) => service.ingest(server.tenant.project.id, sampleTrace({ trace_id: id }))));
      expect(most).to.equal(2);
      for (const id of ids) expect(await stored(id), id).to.not.equal(null);
    });

    it('answers 413 PUBLIC_API_PAYLOAD_TOO_LARGE for a trace above 1 MB sent to the service directly', async () => {
      const trace = sampleTrace({ trace_id: 'huge-direct' });
      trace.spans![0].output = { text: 'y'.repeat(1024 * 1024) };
      let failure: { status?: number; code?: string } = {};
      await server.runtime.services.traceIngestion.ingest(server.tenant.project.id, trace).catch((error) => (failure = error));
      expect(failure).to.include({ status: 413, code: 'PUBLIC_API_PAYLOAD_TOO_LARGE' });
    });
  });
});
