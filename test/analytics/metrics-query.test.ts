import { expect } from 'chai';
import type { Dialect } from '../../src/ports/store.js';
import { ADAPTERS, forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest } from '../traces/fixtures.js';
import { otlpJson } from '../otlp/otlp-bodies.js';
import { createdAt, reference, type RawTrace, type ReferenceQuery } from './metrics-reference.js';
import { FROM, TO, generate, nativeInput } from './metrics-fixtures.js';

const QUERY = '/api/v1/public/metrics/query';
/** Europe/Berlin local midnights of 24–27 Oct 2026 (the 25th is 25 hours), from Python's zoneinfo. */
const BERLIN_DAYS = ['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z'].map(Date.parse);
const ALL_MEASURES = ['traceCount', 'spanCount', 'errorRate', 'latencyP50', 'latencyP90', 'latencyP95', 'latencyP99', 'costSum', 'costAvg', 'inputTokens', 'outputTokens', 'totalTokens'];

const TRACES = generate(5601, 160);
/** Each adapter's answers by case name, to check both adapters answer alike. */
const answers = new Map<string, Map<Dialect, unknown>>();

forEachAdapter((adapter) => {
  describe('POST /api/v1/public/metrics/query (queryMetrics)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let key: string;
    let rows: RawTrace[];
    const post = (body: Record<string, unknown>, apiKey = key) => server.request().post(QUERY).set('x-api-key', apiKey).send(body);
    const query = async (name: string, body: Record<string, unknown>) => {
      const data = expectEnvelope<{ rows: unknown[]; unit: string }>(await post(body));
      if (!answers.has(name)) answers.set(name, new Map());
      answers.get(name)!.set(adapter, data);
      return data;
    };
    const range = { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() };
    const pathsOf = (problem: Record<string, unknown>) => (problem.errors as { path: string; code: string }[]).map((e) => `${e.path} ${e.code}`);

    before(async () => {
      server = await startTestServer(adapter);
      key = server.tenant.apiKey;
      rows = structuredClone(TRACES);
      await ingest(server, server.tenant, ...rows.map(nativeInput));
      // The other organization's traces fall in the same range and must never be counted.
      await ingest(server, server.other, ...generate(99, 20).map(nativeInput));
      for (const trace of rows) {
        for (const value of trace.quality) {
          expectEnvelope(await server.request().post('/api/v1/public/scores').set('x-api-key', key).send({ name: 'quality', dataType: 'numeric', value, traceId: trace.id }), 201);
        }
      }
    });
    after(async () => server.close());

    const check = async (name: string, body: Record<string, unknown>, ref: Omit<ReferenceQuery, 'from' | 'to'> & Partial<ReferenceQuery>) => {
      const data = await query(name, { ...range, ...body });
      const expected = reference(rows, { from: FROM, to: TO, ...ref });
      expect(expected.length).to.be.greaterThan(0);
      expect(data.rows).to.deep.equal(expected);
      return data;
    };

    it('a daily series in Europe/Berlin: every measure equals the recomputation from the seeded rows, days local (25 hours across the DST change)', async () => {
      const data = await check('daily', { measures: ALL_MEASURES, time: { bucket: 'day', timeZone: 'Europe/Berlin' } }, { bucketStarts: BERLIN_DAYS, dimensions: [], rankBy: 'traceCount', measures: ALL_MEASURES });
      expect(data).to.include({ unit: 'trace' });
      expect((data.rows as { bucketStart: string }[]).map((r) => r.bucketStart)).to.deep.equal(BERLIN_DAYS.map((ms) => new Date(ms).toISOString()));
    });

    it('by model (a span dimension: each span a unit), top 3 by cost with the rest as other and spans without a model as null', async () => {
      const data = await check(
        'model',
        { measures: [...ALL_MEASURES], dimensions: [{ name: 'model', top: 3 }], rankBy: 'costSum' },
        { dimensions: [{ name: 'model', top: 3 }], rankBy: 'costSum', measures: ALL_MEASURES },
      );
      expect(data.unit).to.equal('span');
      const groups = (data.rows as { groups: { value: string | null; other: boolean }[] }[]).map((r) => r.groups[0]);
      expect(groups.filter((g) => g.other)).to.have.length(1);
      expect(groups.at(-1)).to.deep.equal({ dimension: 'model', value: null, other: false });
    });

    it('hourly p95 latency by model over one day', async () => {
      const day = { from: '2026-10-25T00:00:00.000Z', to: '2026-10-26T00:00:00.000Z' };
      const starts = Array.from({ length: 24 }, (_, h) => Date.parse(day.from) + h * 3_600_000);
      const data = await query('hourly', { ...day, measures: ['latencyP95', 'spanCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'model', top: 2 }] });
      expect(data.rows).to.deep.equal(
        reference(rows, { from: Date.parse(day.from), to: Date.parse(day.to), bucketStarts: starts, dimensions: [{ name: 'model', top: 2 }], rankBy: 'traceCount', measures: ['latencyP95', 'spanCount'] }),
      );
    });

    it('error rate by agent × user (top 3 users by total tokens), ties broken by byte order', async () => {
      const dimensions = [{ name: 'agent', top: 10 }, { name: 'user', top: 3 }] as const;
      await check('agent-user', { measures: ['errorRate', 'traceCount', 'totalTokens'], dimensions, rankBy: 'totalTokens' }, { dimensions: [...dimensions], rankBy: 'totalTokens', measures: ['errorRate', 'traceCount', 'totalTokens'] });
    });

    it('the average of a named score over each group\'s traces (numeric trace-level scores)', async () => {
      await check('score', { measures: ['scoreAvg', 'traceCount'], scoreName: 'quality', dimensions: [{ name: 'agent' }] }, { dimensions: [{ name: 'agent', top: 10 }], rankBy: 'traceCount', measures: ['scoreAvg', 'traceCount'] });
    });

    it('filters in the saved-filter rule language narrow the traces before grouping', async () => {
      const filters = [
        { id: 'r1', field: 'metadata.customer', operator: 'is', value: 'acme' },
        { id: 'r2', field: 'latencyMs', operator: 'greater_than', value: 1000 },
      ];
      await check(
        'filtered',
        { measures: ['traceCount', 'costSum', 'latencyP50'], filters, dimensions: [{ name: 'provider', top: 4 }] },
        { dimensions: [{ name: 'provider', top: 4 }], rankBy: 'traceCount', measures: ['traceCount', 'costSum', 'latencyP50'], keep: (t) => t.customer === 'acme' && t.spans[0].latencyMs > 1000 },
      );
    });

    it('by tag (a trace unit): a trace with two tags counts in both groups, top 3 by cost, the rest as other, untagged traces as null', async () => {
      const twoTags = rows.filter((t) => new Set(t.tags).size >= 2);
      expect(twoTags.length).to.be.greaterThan(10);
      const data = await check(
        'tag',
        { measures: ALL_MEASURES, dimensions: [{ name: 'tag', top: 3 }], rankBy: 'costSum' },
        { dimensions: [{ name: 'tag', top: 3 }], rankBy: 'costSum', measures: ALL_MEASURES },
      );
      expect(data.unit).to.equal('trace');
      const groups = (data.rows as { groups: { value: string | null; other: boolean }[]; values: { traceCount: number } }[]);
      // The groups' traces add up to more than the traces: the tagged ones count once per tag.
      const counted = groups.reduce((sum, row) => sum + row.values.traceCount, 0);
      expect(counted).to.be.greaterThan(rows.filter((t) => createdAt(t) >= FROM && createdAt(t) < TO).length);
      expect(groups.map((r) => r.groups[0]).filter((g) => g.other)).to.have.length(1);
      expect(groups.at(-1)!.groups[0]).to.deep.equal({ dimension: 'tag', value: null, other: false });
    });

    it('by tag × model (span units of each tag) and by day × tag in Europe/Berlin', async () => {
      const dimensions = [{ name: 'tag', top: 4 }, { name: 'model', top: 2 }] as const;
      await check('tag-model', { measures: ALL_MEASURES, dimensions }, { dimensions: [...dimensions], rankBy: 'traceCount', measures: ALL_MEASURES });
      await check(
        'tag-daily',
        { measures: ['traceCount', 'costSum', 'latencyP95'], time: { bucket: 'day', timeZone: 'Europe/Berlin' }, dimensions: [{ name: 'tag', top: 50 }], rankBy: 'totalTokens' },
        { bucketStarts: BERLIN_DAYS, dimensions: [{ name: 'tag', top: 50 }], rankBy: 'totalTokens', measures: ['traceCount', 'costSum', 'latencyP95'] },
      );
    });

    it('filters by tag: `is` (ASCII case folded) when some tag is it, `is_not` when none is, `is_empty` when the trace has none', async () => {
      const has = (t: RawTrace, tag: string) => (t.tags ?? []).some((x) => x.toLowerCase() === tag);
      const measures = ['traceCount', 'costSum'];
      const dimensions = [{ name: 'agent' as const, top: 10 }];
      await check('tag-is', { measures, dimensions, filters: [{ id: 't', field: 'tag', operator: 'is', value: 'vip' }] }, { dimensions, rankBy: 'traceCount', measures, keep: (t) => has(t, 'vip') });
      await check('tag-exact', { measures, dimensions, filters: [{ id: 't', field: 'tag', operator: 'is_exactly', value: 'Vip' }] }, { dimensions, rankBy: 'traceCount', measures, keep: (t) => (t.tags ?? []).includes('Vip') });
      await check('tag-not', { measures, dimensions, filters: [{ id: 't', field: 'tag', operator: 'is_not', value: 'beta' }] }, { dimensions, rankBy: 'traceCount', measures, keep: (t) => !has(t, 'beta') });
      await check('tag-empty', { measures, dimensions, filters: [{ id: 't', field: 'tag', operator: 'is_empty', value: null }] }, { dimensions, rankBy: 'traceCount', measures, keep: (t) => (t.tags ?? []).length === 0 });
      await check(
        'tag-starts',
        { measures, dimensions, filters: [{ id: 't', field: 'tag', operator: 'starts_with', value: 'exp-' }] },
        { dimensions, rankBy: 'traceCount', measures, keep: (t) => (t.tags ?? []).some((x) => x.startsWith('exp-')) },
      );
    });

    describe('query_metrics (the tool mapped onto queryMetrics)', () => {
      const rpc = (method: string, params: Record<string, unknown>, session?: string) =>
        server
          .request()
          .post('/mcp')
          .set({ 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(session ? { 'mcp-session-id': session } : {}) })
          .send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
      const call = async (args: Record<string, unknown>) => {
        const opened = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'metrics', version: '1' } });
        const res = await rpc('tools/call', { name: 'query_metrics', arguments: args }, opened.headers['mcp-session-id'] as string);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const result = (res.body as { result: { isError?: boolean; content: { text: string }[] } }).result;
        return { isError: result.isError === true, payload: JSON.parse(result.content[0].text) as Record<string, unknown> };
      };

      it('answers the rows REST answers, in snake_case (bucket_start, time_zone)', async () => {
        const { isError, payload } = await call({ ...range, measures: ['costSum', 'latencyP95'], time: { bucket: 'day', time_zone: 'Europe/Berlin' }, dimensions: [{ name: 'model', top: 2 }] });
        expect(isError).to.equal(false);
        const expected = reference(rows, { from: FROM, to: TO, bucketStarts: BERLIN_DAYS, dimensions: [{ name: 'model', top: 2 }], rankBy: 'traceCount', measures: ['costSum', 'latencyP95'] });
        expect(payload).to.deep.equal({
          from: range.from,
          to: range.to,
          unit: 'span',
          time: { bucket: 'day', time_zone: 'Europe/Berlin' },
          measures: ['costSum', 'latencyP95'],
          dimensions: ['model'],
          rows: expected.map((row) => ({ bucket_start: row.bucketStart, groups: row.groups, values: row.values })),
        });
      });

      it('answers a bound exceeded with an isError 400 at the field path', async () => {
        const { isError, payload } = await call({ ...range, measures: ['traceCount'], time: { bucket: 'minute' } });
        expect(isError).to.equal(true);
        expect(payload).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
        expect((payload.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/body/time/bucket']);
      });
    });

    it('groups and filters by environment and release: native metadata and OTLP resource attributes', async () => {
      const window = { from: '2026-10-31T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' };
      const native = (id: string, metadata: Record<string, unknown>) => ({
        trace_id: id,
        name: id,
        metadata,
        spans: [{ span_id: 's', name: 'root', span_type: 'AGENT', status: 'success' as const, latency_ms: 10, start_time: '2026-10-31T10:00:00.000Z', metadata: { cost: 0.25 } }],
      });
      await ingest(server, server.tenant, native('env-1', { environment: 'production', release: 'v1.2' }), native('env-2', { environment: 'production', release: 'v1.3' }), native('env-3', {}));
      const otlp = (resource: Record<string, string>, id: string) =>
        server.request().post('/v1/traces').set('x-api-key', key).set('content-type', 'application/json')
          .send(JSON.stringify(otlpJson([{ traceId: id, spanId: '0a'.repeat(8), name: 'root', startMs: -20 * 3_600_000, durationMs: 10, attributes: { 'gen_ai.request.model': 'gpt-4o', 'gen_ai.usage.cost': 0.5 } }], resource)));
      expect((await otlp({ 'service.name': 'svc', 'deployment.environment.name': 'staging', 'service.version': '2.0.0' }, 'bb'.repeat(16))).status).to.equal(200);
      expect((await otlp({ 'service.name': 'svc', 'deployment.environment': 'production' }, 'cc'.repeat(16))).status).to.equal(200);
      const data = await query('environment', { ...window, measures: ['traceCount', 'costSum'], dimensions: [{ name: 'environment' }, { name: 'release' }] });
      const row = (environment: string | null, release: string | null, traceCount: number, costSum: number) => ({
        groups: [{ dimension: 'environment', value: environment, other: false }, { dimension: 'release', value: release, other: false }],
        values: { traceCount, costSum },
      });
      // production: 3 traces (v1.2, v1.3 and an OTLP one without a version); releases ranked by traces, ties by byte order.
      expect(data.rows).to.deep.equal([
        row('production', '2.0.0', 0, 0),
        row('production', 'v1.2', 1, 0.25),
        row('production', 'v1.3', 1, 0.25),
        row('production', null, 1, 0.5),
        row('staging', '2.0.0', 1, 0.5),
        row(null, null, 1, 0.25),
      ].filter((r) => r.values.traceCount > 0));
      const filtered = await query('environment-filter', { ...window, measures: ['traceCount'], filters: [{ id: 'e', field: 'environment', operator: 'is', value: 'production' }] });
      expect(filtered.rows).to.deep.equal([{ groups: [], values: { traceCount: 3 } }]);
      for (const id of ['env-1', 'env-2', 'env-3', 'bb'.repeat(16), 'cc'.repeat(16)]) expectEnvelope(await server.request().delete(`/api/v1/public/traces/${id}`).set('x-api-key', key));
    });

    it('follows deletes: a deleted trace is no longer counted', async () => {
      const victims = rows.slice(0, 12);
      for (const victim of victims) expectEnvelope(await server.request().delete(`/api/v1/public/traces/${victim.id}`).set('x-api-key', key));
      rows = rows.slice(12);
      await check('after-delete', { measures: ALL_MEASURES, dimensions: [{ name: 'model', top: 3 }] }, { dimensions: [{ name: 'model', top: 3 }], rankBy: 'traceCount', measures: ALL_MEASURES });
      await check('after-delete-tag', { measures: ALL_MEASURES, dimensions: [{ name: 'tag', top: 5 }] }, { dimensions: [{ name: 'tag', top: 5 }], rankBy: 'traceCount', measures: ALL_MEASURES });
      // Their tag rows went with them (migration 049's delete trigger).
      const left = await server.runtime.database.knex('trace_tags').where({ project_id: server.tenant.project.id }).whereIn('trace_id', victims.map((v) => v.id)).count({ n: '*' });
      expect(Number(left[0].n)).to.equal(0);
    });

    it('follows an OTLP append: spans arriving later for a stored trace change its trace, cost, tokens and model groups', async () => {
      const traceId = 'aa'.repeat(16);
      const day = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-01T12:00:00.000Z' };
      const base = Date.parse('2026-11-01T11:00:00.000Z');
      const otlp: RawTrace = {
        id: traceId,
        spans: [{ spanId: '01'.repeat(8), parentSpanId: null, type: 'x', status: 'success', latencyMs: 100, startMs: base, cost: 0.5, model: 'gpt-4o', inputTokens: 10, outputTokens: 20 }],
        quality: [],
        tags: ['a', 'b'],
      };
      const send = async (span: RawTrace['spans'][number], tags: Record<string, string | string[]>) => {
        const body = otlpJson([
          {
            traceId,
            spanId: span.spanId,
            ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: 'chat',
            startMs: span.startMs - base,
            durationMs: span.latencyMs,
            attributes: { 'gen_ai.request.model': span.model as string, 'gen_ai.usage.input_tokens': span.inputTokens as number, 'gen_ai.usage.output_tokens': span.outputTokens as number, 'gen_ai.usage.cost': span.cost, ...tags },
            ...(span.status === 'error' ? { status: { code: 2, message: 'boom' } } : {}),
          },
        ]);
        const response = await server.request().post('/v1/traces').set('x-api-key', key).set('content-type', 'application/json').send(JSON.stringify(body));
        expect(response.status).to.equal(200);
      };
      const measures = ['traceCount', 'spanCount', 'errorRate', 'latencyP50', 'costSum', 'inputTokens', 'outputTokens', 'totalTokens'];
      const compare = async (name: string) => {
        for (const dimensions of [[], [{ name: 'model' as const, top: 5 }], [{ name: 'tag' as const, top: 5 }]]) {
          const data = await query(`${name}-${dimensions.length}`, { ...day, measures, dimensions });
          expect(data.rows).to.deep.equal(reference([otlp], { from: Date.parse(day.from), to: Date.parse(day.to), dimensions, rankBy: 'traceCount', measures }));
        }
      };
      await send(otlp.spans[0], { 'tracewell.trace.tags': ['a', 'b'] });
      await compare('otlp-first');
      otlp.spans.push({ spanId: '02'.repeat(8), parentSpanId: '01'.repeat(8), type: 'x', status: 'error', latencyMs: 40, startMs: base + 5, cost: 0.25, model: 'claude-sonnet', inputTokens: 7, outputTokens: 3 });
      // Langfuse's attribute as a JSON-encoded string: the trace's tags become the union a, b, c.
      await send(otlp.spans[1], { 'langfuse.trace.tags': '["b", "c"]' });
      otlp.tags = ['a', 'b', 'c'];
      await compare('otlp-appended');
      const read = expectEnvelope<{ tags: string[] }>(await server.request().get(`/api/v1/public/traces/${traceId}`).set('x-api-key', key));
      expect(read.tags).to.deep.equal(['a', 'b', 'c']);
    });

    it('follows the project retention: traces older than it are not counted, before and after the lifecycle deletes them', async () => {
      // The clock is 2026-11-01T12:00Z; 7 days keeps what was created from 2026-10-25T12:00Z on.
      expectEnvelope(await server.request().patch('/api/v1/public/project').set('x-api-key', key).send({ retentionDays: 7 }));
      const floor = Date.parse('2026-10-25T12:00:00.000Z');
      const ref = { bucketStarts: BERLIN_DAYS, dimensions: [], rankBy: 'traceCount' as const, measures: ALL_MEASURES, keep: (t: RawTrace) => createdAt(t) >= floor };
      await check('retained', { measures: ALL_MEASURES, time: { bucket: 'day', timeZone: 'Europe/Berlin' } }, ref);
      const byTag = { dimensions: [{ name: 'tag' as const, top: 5 }], rankBy: 'traceCount' as const, measures: ALL_MEASURES };
      await check('retained-tag', { measures: ALL_MEASURES, dimensions: byTag.dimensions }, { ...byTag, keep: ref.keep });
      while ((await server.runtime.services.dataLifecycle.runOnce('metrics-test')).more);
      rows = rows.filter((t) => createdAt(t) >= floor);
      await check('retained-deleted', { measures: ALL_MEASURES, time: { bucket: 'day', timeZone: 'Europe/Berlin' } }, { ...ref, keep: undefined });
      await check('retained-deleted-tag', { measures: ALL_MEASURES, dimensions: byTag.dimensions }, byTag);
      // The lifecycle's deletes took the expired traces' tag rows with them (migration 049's delete trigger): none is left without its trace.
      const knex = server.runtime.database.knex;
      const orphans = await knex('trace_tags as g').leftJoin('traces as t', (on) => on.on('t.project_id', 'g.project_id').andOn('t.id', 'g.trace_id')).whereNull('t.id').count({ n: '*' });
      expect(Number(orphans[0].n)).to.equal(0);
      const kept = await knex('trace_tags').where({ project_id: server.tenant.project.id }).whereIn('trace_id', rows.map((t) => t.id)).count({ n: '*' });
      expect(Number(kept[0].n)).to.equal(rows.reduce((sum, t) => sum + new Set(t.tags).size, 0));
      expectEnvelope(await server.request().patch('/api/v1/public/project').set('x-api-key', key).send({ retentionDays: null }));
    });

    // Asked in the last adapter's run, once every adapter has answered each case.
    if (adapter === ADAPTERS.at(-1) && ADAPTERS.length > 1) {
      it('answers the same rows on every adapter', () => {
        for (const [name, byAdapter] of answers) {
          expect([...byAdapter.keys()], name).to.deep.equal([...ADAPTERS]);
          for (const other of ADAPTERS) expect(byAdapter.get(other), `${name} on ${other}`).to.deep.equal(byAdapter.get(adapter));
        }
      });
    }

    describe('bounds and bad input (400 with the field path)', () => {
      const problemPaths = async (body: Record<string, unknown>) => pathsOf(expectProblem(await post(body), 400, 'PUBLIC_API_VALIDATION_FAILED'));

      it('refuses a reversed range at /body/to and one longer than 400 days at /body/from', async () => {
        expect(await problemPaths({ measures: ['traceCount'], from: range.to, to: range.from })).to.deep.equal(['/body/to range_reversed']);
        expect(await problemPaths({ measures: ['traceCount'], from: '2025-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z' })).to.deep.equal(['/body/from range_too_long']);
      });

      it('refuses more than 1000 buckets at /body/time/bucket, an unknown time zone at /body/time/timeZone', async () => {
        expect(await problemPaths({ ...range, measures: ['traceCount'], time: { bucket: 'minute' } })).to.deep.equal(['/body/time/bucket too_many_buckets']);
        expect(await problemPaths({ ...range, measures: ['traceCount'], time: { bucket: 'day', timeZone: 'Mars/Olympus' } })).to.deep.equal(['/body/time/timeZone unknown_time_zone']);
      });

      it('refuses more than 10000 groups at /body/dimensions, a repeated dimension, three dimensions and top 51', async () => {
        expect(await problemPaths({ ...range, measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'model', top: 50 }, { name: 'user', top: 50 }] })).to.deep.equal([
          '/body/dimensions too_many_groups',
        ]);
        expect(await problemPaths({ ...range, measures: ['traceCount'], dimensions: [{ name: 'model' }, { name: 'model' }] })).to.deep.equal(['/body/dimensions/1/name duplicate']);
        const three = pathsOf(expectProblem(await post({ ...range, measures: ['traceCount'], dimensions: [{ name: 'model' }, { name: 'user' }, { name: 'agent' }] }), 400, 'PUBLIC_API_VALIDATION_FAILED'));
        expect(three.map((p) => p.split(' ')[0])).to.deep.equal(['/body/dimensions']);
        const top = pathsOf(expectProblem(await post({ ...range, measures: ['traceCount'], dimensions: [{ name: 'model', top: 51 }] }), 400, 'PUBLIC_API_VALIDATION_FAILED'));
        expect(top.map((p) => p.split(' ')[0])).to.deep.equal(['/body/dimensions/0/top']);
      });

      it('needs scoreName with scoreAvg and refuses it without', async () => {
        expect(await problemPaths({ ...range, measures: ['scoreAvg'] })).to.deep.equal(['/body/scoreName required']);
        expect(await problemPaths({ ...range, measures: ['traceCount'], scoreName: 'quality' })).to.deep.equal(['/body/scoreName unused']);
      });

      it('refuses an unknown measure and a bad filter rule at their paths', async () => {
        const measure = pathsOf(expectProblem(await post({ ...range, measures: ['median'] }), 400, 'PUBLIC_API_VALIDATION_FAILED'));
        expect(measure.map((p) => p.split(' ')[0])).to.deep.equal(['/body/measures/0']);
        const filter = await problemPaths({ ...range, measures: ['traceCount'], filters: [{ id: 'r', field: 'nope', operator: 'is', value: 'x' }] });
        expect(filter.map((p) => p.split(' ')[0])).to.deep.equal(['/body/filters/0/field']);
      });
    });
  });
});
