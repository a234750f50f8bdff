import { expect } from 'chai';
import { evaluateFilter, type FilterNode } from '../../src/domain/filters/index.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, type SpanInput, type TraceInput } from '../traces/fixtures.js';

const NAME = 'support/triage';
const USAGE = `/api/v1/public/prompts/${encodeURIComponent(NAME)}/usage`;
const WINDOW = { from: '2026-11-01T09:30:00.000Z', to: '2026-11-01T12:00:00.000Z' };

interface Used {
  id: string;
  /** Minutes past 10:00 on the test day (negative: before). */
  minute: number;
  latency: number;
  cost: number;
  status?: 'success' | 'error';
  /** The prompt versions its spans recorded, one span each (the first is the root). */
  prompts: { name: string; version: number }[];
}

function traceOf({ id, minute, latency, cost, status, prompts }: Used): TraceInput {
  const start = new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();
  const spans: SpanInput[] = prompts.map((prompt, i) => ({
    span_id: `s${i}`,
    parent_span_id: i === 0 ? null : 's0',
    name: `call ${i}`,
    span_type: i === 0 ? 'LLM' : 'TOOL',
    status: i === 0 ? (status ?? 'success') : 'success',
    error: i === 0 && status === 'error' ? 'model refused' : undefined,
    latency_ms: i === 0 ? latency : 1,
    metadata: { cost: i === 0 ? cost : 0, prompt_name: prompt.name, prompt_version: prompt.version },
    start_time: start,
  }));
  return { trace_id: id, name: `triage run ${id}`, spans };
}

const v = (version: number, name = NAME) => ({ name, version });

/**
 * Version 1: five traces in the window (latencies 100…1600, costs summing to 1.25, one error), one
 * before it (e1). Version 2: four traces (10, 20, 30, 50). c1 used both versions, before the window.
 * d1 used another prompt; the other project's trace used the same name.
 */
const TRACES: Used[] = [
  { id: 'a3', minute: 3, latency: 400, cost: 0.25, status: 'error', prompts: [v(1)] },
  { id: 'a1', minute: 1, latency: 100, cost: 0.25, prompts: [v(1)] },
  { id: 'a5', minute: 5, latency: 1600, cost: 0.125, prompts: [v(1)] },
  { id: 'a2', minute: 2, latency: 200, cost: 0.5, prompts: [v(1)] },
  { id: 'a4', minute: 4, latency: 800, cost: 0.125, prompts: [v(1)] },
  { id: 'b1', minute: 11, latency: 30, cost: 0.5, prompts: [v(2)] },
  { id: 'b2', minute: 12, latency: 10, cost: 0.5, prompts: [v(2)] },
  { id: 'b3', minute: 13, latency: 50, cost: 0.5, prompts: [v(2)] },
  { id: 'b4', minute: 14, latency: 20, cost: 0.5, prompts: [v(2)] },
  { id: 'c1', minute: -50, latency: 7, cost: 1, prompts: [v(1), v(2)] },
  { id: 'e1', minute: -120, latency: 9, cost: 2, status: 'error', prompts: [v(1)] },
  { id: 'd1', minute: 20, latency: 5, cost: 1, prompts: [v(1, 'support/other')] },
];

forEachAdapter((adapter) => {
  describe('prompt usage and the prompt filters', function () {
    this.timeout(60_000);
    let server: TestServer;
    let key: string;
    const get = (path: string, query: Record<string, string | number> = {}) => server.request().get(path).query(query).set('x-api-key', key);
    const ids = async (path: string, query: Record<string, string | number>) =>
      expectEnvelope<{ traces: { id: string }[] }>(await get(path, query)).traces.map((t) => t.id).sort();
    const pathsOf = (problem: Record<string, unknown>) => (problem.errors as { path: string }[]).map((error) => error.path);

    before(async () => {
      server = await startTestServer(adapter);
      key = server.tenant.apiKey;
      for (const template of ['one', 'two', 'three']) {
        expectEnvelope(await server.request().post('/api/v1/public/prompts').set('x-api-key', key).send({ name: NAME, type: 'text', template }), 201);
      }
      await ingest(server, server.tenant, ...TRACES.map(traceOf));
      await ingest(server, server.other, traceOf({ id: 'x1', minute: 1, latency: 999, cost: 9, prompts: [v(1)] }));
      const score = async (body: Record<string, unknown>) => expectEnvelope(await server.request().post('/api/v1/public/scores').set('x-api-key', key).send(body), 201);
      await score({ name: 'quality', dataType: 'numeric', value: 0.5, traceId: 'a1' });
      await score({ name: 'quality', dataType: 'numeric', value: 1, traceId: 'a2' });
      await score({ name: 'quality', dataType: 'numeric', value: 0.25, traceId: 'a2' });
      await score({ name: 'quality', dataType: 'numeric', value: 0.75, traceId: 'b1' });
      await score({ name: 'quality', dataType: 'numeric', value: 0.125, traceId: 'b1', spanId: 's0' }); // a span score is not the trace's
      await score({ name: 'helpful', dataType: 'boolean', value: true, traceId: 'a3' }); // not numeric
    });
    after(async () => server.close());

    describe('GET /api/v1/public/traces?promptName=&promptVersion= (listTraces)', () => {
      it('lists the traces some span of which recorded the prompt, of this project only', async () => {
        expect(await ids('/api/v1/public/traces', { promptName: NAME, limit: 50 })).to.deep.equal(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2', 'b3', 'b4', 'c1', 'e1']);
      });

      it('narrows to a version: a trace that used two versions is listed under each', async () => {
        expect(await ids('/api/v1/public/traces', { promptName: NAME, promptVersion: 2 })).to.deep.equal(['b1', 'b2', 'b3', 'b4', 'c1']);
        expect(await ids('/api/v1/public/traces', { promptName: NAME, promptVersion: 1, status: 'error' })).to.deep.equal(['a3', 'e1']);
      });

      it('matches name and version on the same span', async () => {
        expect(await ids('/api/v1/public/traces', { promptName: 'support/other', promptVersion: 2 })).to.deep.equal([]);
        expect(await ids('/api/v1/public/traces', { promptName: 'support/other', promptVersion: 1 })).to.deep.equal(['d1']);
      });

      it('refuses a version without a name, a version 0 and a malformed name with their paths', async () => {
        expect(pathsOf(expectProblem(await get('/api/v1/public/traces', { promptVersion: 2 }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/query/promptVersion']);
        expect(pathsOf(expectProblem(await get('/api/v1/public/traces', { promptName: NAME, promptVersion: 0 }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/query/promptVersion']);
        expect(pathsOf(expectProblem(await get('/api/v1/public/traces', { promptName: 'a//b' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/query/promptName']);
      });
    });

    describe('GET /api/v1/public/search/traces?promptName=&promptVersion= (searchTraces)', () => {
      it('searches among the traces that used the prompt version', async () => {
        expect(await ids('/api/v1/public/search/traces', { q: 'triage', promptName: NAME, promptVersion: 2 })).to.deep.equal(['b1', 'b2', 'b3', 'b4', 'c1']);
        expect(await ids('/api/v1/public/search/traces', { q: 'triage', promptName: 'support/other' })).to.deep.equal(['d1']);
      });

      it('refuses a version without a name at the search filter path /filters/prompt_version', async () => {
        const problem = expectProblem(await get('/api/v1/public/search/traces', { q: 'triage', promptVersion: 1 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathsOf(problem)).to.deep.equal(['/filters/prompt_version']);
      });
    });

    describe('GET /api/v1/public/traces?savedFilterId= (promptName, promptVersion in the rule language)', () => {
      const rule = (field: string, operator: string, value: unknown): FilterNode => ({ id: 'r', field, operator, value }) as FilterNode;
      it('holds when some span of the trace recorded a satisfying prompt name or version, as evaluateFilter says', async () => {
        const cases: [FilterNode[], string[]][] = [
          [[rule('promptName', 'is', 'SUPPORT/TRIAGE'), rule('promptVersion', 'greater_than', 1)], ['b1', 'b2', 'b3', 'b4', 'c1']],
          [[rule('promptName', 'starts_with', 'support/o')], ['d1']],
          [[rule('promptVersion', 'is_within_range', [1, 1]), rule('status', 'is', 'error')], ['a3', 'e1']],
          // Negation is the exact complement of "some span": c1 also recorded version 1, so it is not listed.
          [[rule('promptVersion', 'not_equals', 1)], ['b1', 'b2', 'b3', 'b4']],
          [[rule('promptName', 'is_empty', null)], []],
        ];
        const spans = Object.fromEntries(TRACES.map((t) => [t.id, t.prompts]));
        for (const [filters, expected] of cases) {
          const saved = expectEnvelope<{ id: string; filters: FilterNode[] }>(await server.request().post('/api/v1/public/saved-filters').set('x-api-key', key).send({ name: 'by prompt', filters }), 201);
          expect(await ids('/api/v1/public/traces', { savedFilterId: saved.id, limit: 50 }), JSON.stringify(filters)).to.deep.equal(expected);
          const inMemory = Object.entries(spans)
            .filter(([id, prompts]) => evaluateFilter(saved.filters, { status: TRACES.find((t) => t.id === id)!.status ?? 'success', promptName: prompts.map((p) => p.name), promptVersion: prompts.map((p) => p.version) }))
            .map(([id]) => id)
            .sort();
          expect(inMemory, `in memory: ${JSON.stringify(filters)}`).to.deep.equal(expected);
        }
      });

      it('refuses a number for promptName and text for promptVersion at the rule value', async () => {
        for (const filters of [[rule('promptName', 'is', 2)], [rule('promptVersion', 'greater_than', 'two')]]) {
          const res = await server.request().post('/api/v1/public/saved-filters').set('x-api-key', key).send({ name: 'bad', filters });
          expect(pathsOf(expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/filters/0/value']);
        }
      });
    });

    describe('GET /api/v1/public/prompts/{name}/usage (getPromptUsage)', () => {
      // Expected percentiles from NumPy 1.26, numpy.percentile(x, [50, 95]) (method "linear", Hyndman &
      // Fan 1996 type 7): [100, 200, 400, 800, 1600] → [400, 1440]; [10, 20, 30, 50] → [25, 47].
      // Costs: 0.25 + 0.5 + 0.25 + 0.125 + 0.125 = 1.25 (average 0.25); 4 × 0.5 = 2. Scores: version 1
      // quality (0.5 + 1 + 0.25) / 3 = 1.75 / 3; version 2 quality 0.75 (the span score left out).
      const version1 = {
        version: 1,
        traceCount: 5,
        latencyMs: { p50: 400, p95: 1440 },
        cost: { total: 1.25, average: 0.25 },
        errorRate: 0.2,
        scores: [{ name: 'quality', count: 3, average: 1.75 / 3 }],
      };
      const version2 = {
        version: 2,
        traceCount: 4,
        latencyMs: { p50: 25, p95: 47 },
        cost: { total: 2, average: 0.5 },
        errorRate: 0,
        scores: [{ name: 'quality', count: 1, average: 0.75 }],
      };

      it('answers each version used in the window, newest first, with the documented numbers', async () => {
        const data = expectEnvelope(await get(USAGE, WINDOW));
        expect(data).to.deep.equal({ name: NAME, ...WINDOW, versions: [version2, version1] });
      });

      it('answers one version when asked, and a version no trace used in the window with zeros and nulls', async () => {
        expect(expectEnvelope(await get(USAGE, { ...WINDOW, version: 1 }))).to.deep.equal({ name: NAME, ...WINDOW, versions: [version1] });
        expect(expectEnvelope(await get(USAGE, { ...WINDOW, version: 3 }))).to.deep.equal({
          name: NAME,
          ...WINDOW,
          versions: [{ version: 3, traceCount: 0, latencyMs: { p50: null, p95: null }, cost: { total: 0, average: null }, errorRate: null, scores: [] }],
        });
      });

      it('defaults to the week before now, which takes in the traces before 09:30', async () => {
        // Version 1 gains c1 (7 ms, $1) and e1 (9 ms, $2, error): latencies [7, 9, 100, 200, 400, 800, 1600],
        // numpy.percentile → [200, 1360]; cost 4.25 / 7; errors 2 / 7.
        const data = expectEnvelope<{ from: string; to: string; versions: { version: number; traceCount: number; latencyMs: unknown; cost: unknown; errorRate: number }[] }>(await get(USAGE));
        expect([data.from, data.to]).to.deep.equal(['2026-10-25T12:00:00.000Z', '2026-11-01T12:00:00.000Z']);
        const one = data.versions.find((x) => x.version === 1)!;
        expect([one.traceCount, one.latencyMs, one.cost, one.errorRate]).to.deep.equal([7, { p50: 200, p95: 1360 }, { total: 4.25, average: 4.25 / 7 }, 2 / 7]);
        expect(data.versions.find((x) => x.version === 2)!.traceCount).to.equal(5);
      });

      it('is 404 for an unknown prompt and for a version that does not exist', async () => {
        expectProblem(await get('/api/v1/public/prompts/nope/usage', WINDOW), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(USAGE, { ...WINDOW, version: 9 }), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses version 0, a reversed or empty window and one longer than 90 days with their paths', async () => {
        const cases: [Record<string, string | number>, string][] = [
          [{ version: 0 }, '/query/version'],
          [{ from: WINDOW.to, to: WINDOW.from }, '/query/to'],
          [{ from: WINDOW.to, to: WINDOW.to }, '/query/to'],
          [{ from: '2026-08-02T11:59:59.000Z', to: WINDOW.to }, '/query/from'],
          [{ from: 'yesterday' }, '/query/from'],
        ];
        for (const [query, path] of cases) {
          expect(pathsOf(expectProblem(await get(USAGE, query), 400, 'PUBLIC_API_VALIDATION_FAILED')), JSON.stringify(query)).to.deep.equal([path]);
        }
      });

      it('answers exactly 90 days', async () => {
        const data = expectEnvelope<{ versions: { version: number; traceCount: number }[] }>(await get(USAGE, { from: '2026-08-03T12:00:00.000Z', to: WINDOW.to }));
        expect(data.versions.map((x) => [x.version, x.traceCount])).to.deep.equal([[2, 5], [1, 7]]);
      });
    });
  });
});
