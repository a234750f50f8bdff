import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PromptCompileError, Tracewell, TracewellApiError, compileTemplate } from '@tracewell/sdk';
import { forEachAdapter } from '../support/adapters.js';
import { expectEnvelope } from '../support/problem.js';
import { flatten, startOtlpServer, type OtlpServer } from '../otlp/support.js';

const PROMPTS = '/api/v1/public/prompts';
const DATASETS = '/api/v1/public/datasets';

describe('SDK compileTemplate (the server’s compile rule, docs/prompts.md "Compiling")', () => {
  it('fills {{ name }} once, leaves non-identifiers and inserted braces as written, ignores extra variables', () => {
    expect(compileTemplate('Hi {{ name }}, {{a-b}} {{ }} {{x}}', { name: '{{x}}', x: 'X', extra: 'e' })).to.equal('Hi {{x}}, {{a-b}} {{ }} X');
  });

  it('fills chat messages and inserts placeholders', () => {
    const template = [
      { type: 'message' as const, role: 'system', content: 'You help {{team}}.' },
      { type: 'placeholder' as const, name: 'history' },
    ];
    expect(compileTemplate(template, { team: 'billing' }, { history: [{ role: 'user', content: 'hi' }] })).to.deep.equal([
      { role: 'system', content: 'You help billing.' },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('a missing variable or placeholder is a PromptCompileError naming it', () => {
    expect(() => compileTemplate([{ type: 'message', role: 'user', content: '{{a}}' }, { type: 'placeholder', name: 'h' }], {})).to.throw(PromptCompileError, 'missing variable a, placeholder h');
  });
});

forEachAdapter((adapter) => {
  let otlp: OtlpServer;
  let tw: Tracewell;
  /** Every request the SDK made: method, path and status. */
  let calls: { method: string; path: string; status: number; ifNoneMatch: string | null }[];
  const key = () => otlp.server.tenant.apiKey;
  const post = (path: string, body: object) => otlp.server.request().post(path).set('x-api-key', key()).send(body);

  before(async function () {
    this.timeout(120_000);
    otlp = await startOtlpServer(adapter);
    calls = [];
    tw = new Tracewell({
      baseUrl: otlp.baseUrl,
      apiKey: key(),
      flushOnExit: false,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const url = new URL(String(input));
        calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, status: response.status, ifNoneMatch: new Headers(init?.headers).get('if-none-match') });
        return response;
      },
    });
  });
  after(async () => {
    await tw.shutdown();
    await otlp.close();
  });

  describe('getPrompt', () => {
    const name = `support/greeting-${randomUUID().slice(0, 8)}`;
    before(async () => {
      expectEnvelope(await post(PROMPTS, { name, type: 'text', template: 'Hello {{user}}!', labels: ['production'] }), 201);
      expectEnvelope(await post(PROMPTS, { name, type: 'text', template: 'Hi {{user}}, v2', labels: ['staging'] }), 201);
    });

    it('reads the production version by default, a label, or a version', async () => {
      expect((await tw.getPrompt(name, { cacheTtlMs: 0 })).version).to.equal(1);
      expect((await tw.getPrompt(name, { label: 'staging' })).compile({ user: 'Ada' })).to.equal('Hi Ada, v2');
      expect((await tw.getPrompt(name, { version: 1 })).template).to.equal('Hello {{user}}!');
    });

    it('serves a fresh cached version without a request', async () => {
      tw.prompts.clear();
      const before = calls.length;
      await tw.getPrompt(name, { cacheTtlMs: 60_000 });
      await tw.getPrompt(name, { cacheTtlMs: 60_000 });
      expect(calls.length - before).to.equal(1);
    });

    it('after the TTL, returns the cached version at once and revalidates with If-None-Match (304)', async () => {
      tw.prompts.clear();
      await tw.getPrompt(name, { label: 'production', cacheTtlMs: 0 });
      const before = calls.length;
      const stale = await tw.getPrompt(name, { label: 'production', cacheTtlMs: 0, staleWhileRevalidateMs: 60_000 });
      expect(stale.version).to.equal(1);
      await new Promise((r) => setTimeout(r, 200));
      const revalidation = calls.slice(before);
      expect(revalidation).to.have.length(1);
      expect(revalidation[0].status).to.equal(304);
      expect(revalidation[0].ifNoneMatch).to.match(/^"/);
    });

    it('a moved label is picked up by the revalidation (200 with the new version)', async () => {
      tw.prompts.clear();
      await tw.getPrompt(name, { cacheTtlMs: 0 });
      expectEnvelope(await otlp.server.request().patch(`${PROMPTS}/${encodeURIComponent(name)}/versions/2`).set('x-api-key', key()).send({ labels: ['production', 'staging'] }));
      // Past the stale window: the call waits for the server.
      const moved = await tw.getPrompt(name, { cacheTtlMs: 0, staleWhileRevalidateMs: 0 });
      expect(moved.version).to.equal(2);
      expect(calls.at(-1)?.status).to.equal(200);
    });

    it("uses the caller's fallback when the server cannot be reached and nothing is cached", async () => {
      const offline = new Tracewell({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', flushOnExit: false, enabled: false, logger: { warn: () => undefined } });
      const prompt = await offline.getPrompt('anything', { fallback: { template: 'Hello {{user}} (offline)' } });
      expect(prompt).to.deep.include({ isFallback: true, version: 0, type: 'text' });
      expect(prompt.compile({ user: 'Ada' })).to.equal('Hello Ada (offline)');
      let caught: unknown;
      await offline.getPrompt('anything').catch((e: unknown) => (caught = e));
      expect(caught).to.be.instanceOf(TracewellApiError).with.property('status', 0);
    });

    it('keeps using the cached version when the server becomes unreachable', async () => {
      let down = false;
      const flaky = new Tracewell({ baseUrl: otlp.baseUrl, apiKey: key(), flushOnExit: false, enabled: false, logger: { warn: () => undefined }, fetch: (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init)) });
      await flaky.getPrompt(name, { version: 1 });
      down = true;
      expect((await flaky.getPrompt(name, { version: 1, cacheTtlMs: 0, staleWhileRevalidateMs: 0 })).version).to.equal(1);
    });

    it('an unknown prompt is the server’s 404, fallback or not', async () => {
      let caught: unknown;
      await tw.getPrompt('no/such-prompt', { fallback: { template: 'x' } }).catch((e: unknown) => (caught = e));
      expect(caught).to.be.instanceOf(TracewellApiError).with.property('code', 'PUBLIC_API_NOT_FOUND');
    });

    it('links the prompt to the active span; the server records it and lists the trace under the prompt', async () => {
      tw.prompts.clear();
      const traceId = await tw.span('answer', async (span) => {
        const prompt = await tw.getPrompt(name, { version: 1 });
        prompt.compile({ user: 'Ada' });
        return span!.traceId;
      });
      await tw.flush();
      const [span] = flatten((await otlp.getTrace(traceId)).spans);
      expect(span.metadata).to.deep.include({ prompt_name: name, prompt_version: 1 });
      const listed = await otlp.server.request().get('/api/v1/public/traces').query({ promptName: name, promptVersion: 1 }).set('x-api-key', key());
      expect((listed.body.data.traces as { id: string }[]).map((t) => t.id)).to.include(traceId);
    });
  });

  describe('score', () => {
    it('scores a trace, a span of it, and a session through POST /scores', async () => {
      const { traceId, spanId } = await tw.span('scored', async (span) => {
        tw.setSession('sess-score');
        return { traceId: span!.traceId, spanId: span!.spanId };
      });
      await tw.flush();
      const onTrace = await tw.score({ traceId, name: 'helpfulness', value: 0.8, comment: 'good' });
      const onSpan = await tw.score({ traceId, spanId, name: 'correct', value: true });
      const onSession = await tw.score({ sessionId: 'sess-score', name: 'tone', value: 'friendly' });
      expect(onTrace).to.deep.include({ target: 'trace', traceId, name: 'helpfulness', value: 0.8, dataType: 'numeric', comment: 'good' });
      expect(onSpan).to.deep.include({ target: 'span', spanId, dataType: 'boolean', value: true });
      expect(onSession).to.deep.include({ target: 'session', sessionId: 'sess-score', dataType: 'categorical' });
      const listed = await otlp.server.request().get('/api/v1/public/scores').query({ traceId }).set('x-api-key', key());
      expect((listed.body.data.scores as { name: string }[]).map((s) => s.name).sort()).to.deep.equal(['correct', 'helpfulness']);
    });

    it('a refused score is a TracewellApiError with the field path', async () => {
      let caught: unknown;
      await tw.score({ traceId: 'f'.repeat(32), name: 'bad name!', value: 1 }).catch((e: unknown) => (caught = e));
      expect(caught).to.be.instanceOf(TracewellApiError).with.property('status', 400);
      expect((caught as Error).message).to.contain('/body/name');
    });
  });

  describe('runExperiment', () => {
    it('runs the task over the dataset, reports as it goes, links each result to its trace, and compares with the baseline', async function () {
      this.timeout(60_000);
      const datasetId = expectEnvelope<{ id: string }>(await post(DATASETS, { name: `sdk-${randomUUID()}` }), 201).id;
      const content = Array.from({ length: 30 }, (_, i) => JSON.stringify({ input: { n: i }, expectedOutput: i * 2 })).join('\n');
      expectEnvelope(await post(`${DATASETS}/${datasetId}/items/import`, { format: 'jsonl', content }));
      const exact = ({ output, expectedOutput }: { output: unknown; expectedOutput: unknown }) => ({ name: 'exact', value: output === expectedOutput });
      const closeness = ({ output, expectedOutput }: { output: unknown; expectedOutput: unknown }) => ({ name: 'closeness', value: -Math.abs(Number(output) - Number(expectedOutput)) });

      // The baseline: a task that is wrong on every third item.
      const baseline = await tw.runExperiment({ dataset: datasetId, name: 'baseline', task: (input) => ((input as { n: number }).n % 3 === 0 ? -1 : (input as { n: number }).n * 2), evaluators: [exact, closeness] });
      expect(baseline.comparison).to.equal(null);
      expectEnvelope(await otlp.server.request().patch(`${DATASETS}/${datasetId}/runs/${baseline.run.id}`).set('x-api-key', key()).send({ baseline: true }));

      const progress: number[] = [];
      let running = 0;
      let maxRunning = 0;
      const outcome = await tw.runExperiment({
        dataset: datasetId,
        name: 'candidate',
        concurrency: 3,
        task: async (input) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          if ((input as { n: number }).n === 29) throw new Error('model timeout');
          return { output: (input as { n: number }).n * 2, scores: [{ name: 'self', value: 1 }] };
        },
        evaluators: [exact, closeness],
        onProgress: ({ reported }) => progress.push(reported),
      });
      expect(maxRunning).to.equal(3);
      expect(progress).to.deep.equal([25, 30]);
      expect(outcome.failedItems).to.equal(1);
      expect(outcome.run).to.deep.include({ status: 'completed', resultCount: 30, itemCount: 30 });
      const comparison = outcome.comparison!;
      expect(comparison.baselineRunId).to.equal(baseline.run.id);
      const exactRow = comparison.comparisons.find((c) => c.score === 'exact')!;
      // 29 pairs (item 29 failed); the baseline misses n = 0, 3, …, 27 (10 items), the candidate none.
      expect(exactRow).to.deep.include({ pairs: 29, baselineOnly: 1, candidateOnly: 0, direction: 'improved', significant: true });
      expect(exactRow.baselineMean).to.be.closeTo(19 / 29, 1e-12);
      expect(exactRow.candidateMean).to.equal(1);

      const results = await otlp.server.request().get(`${DATASETS}/${datasetId}/runs/${outcome.run.id}/results`).query({ limit: 100 }).set('x-api-key', key());
      const rows = results.body.data.results as { traceId: string | null; error: string | null; output: unknown }[];
      expect(rows.filter((r) => r.error === 'Error: model timeout')).to.have.length(1);
      const linked = rows.find((r) => r.error === null)!;
      const trace = await otlp.getTrace(linked.traceId!);
      expect(trace.spans[0].name).to.match(/^experiment item /);
    });

    it('concurrency outside 1–32 is refused before anything is created', async () => {
      let caught: unknown;
      await tw.runExperiment({ dataset: randomUUID(), task: () => 1, concurrency: 0 }).catch((e: unknown) => (caught = e));
      expect(caught).to.be.instanceOf(RangeError);
    });
  });
});
