import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/clock.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createRequest, Receiver, writerOf } from '../webhooks/support.js';

type Json = Record<string, unknown>;
type Run = { id: string; status: string; baseline: boolean; datasetVersion: number; itemCount: number; resultCount: number; completedAt: string | null };
type Comparison = Json & { score: string; candidateRunId: string; pValue: number; adjustedPValue: number; significant: boolean; direction: string };

const DATASETS = '/api/v1/public/datasets';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

// Darwin's paired plant heights, differences in eighths of an inch (Fisher, The Design of
// Experiments, 1935) — the example of SciPy's `scipy.stats.wilcoxon` documentation, whose exact
// two-sided result is statistic 24, p = 0.041259765625. Laid out as a baseline scoring 100 on 15
// items and a candidate scoring 100 + d.
const DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
const DARWIN_P = 0.041259765625;

/** The documented seed: the first 4 bytes (big-endian) of SHA-256 over the run ids joined by newlines. */
const documentedSeed = (ids: string[]): number => createHash('sha256').update(ids.join('\n')).digest().readUInt32BE(0);

forEachAdapter((adapter) => {
  describe('experiment runs', function () {
    this.timeout(60_000);
    let server: TestServer;
    const key = () => server.tenant.apiKey;
    const post = (path: string, body: object, apiKey = key()) => server.request().post(`${DATASETS}${path}`).set('x-api-key', apiKey).send(body);
    const patch = (path: string, body: object, apiKey = key()) => server.request().patch(`${DATASETS}${path}`).set('x-api-key', apiKey).send(body);
    const get = (path: string, query: Record<string, string | number | string[]> = {}, apiKey = key()) => server.request().get(`${DATASETS}${path}`).set('x-api-key', apiKey).query(query);

    /** A dataset of `n` items; returns its id and the item ids in order. */
    async function datasetOf(n: number): Promise<{ id: string; items: string[] }> {
      const id = expectEnvelope<{ id: string }>(await post('', { name: `ds-${randomUUID()}` }), 201).id;
      const items: string[] = [];
      // Items through the service: they are the setting here, and one request each would meet the write rate limit.
      for (let i = 0; i < n; i += 1) {
        server.clock.advance(1);
        items.push((await server.runtime.services.datasets.createItem(server.tenant.project.id, id, { input: { n: i } })).id);
      }
      return { id, items };
    }
    const startRun = async (datasetId: string, body: object = {}): Promise<Run> => expectEnvelope<Run>(await post(`/${datasetId}/runs`, { name: `run-${randomUUID()}`, ...body }), 201);
    /** Records one numeric `quality` score per item. */
    async function score(datasetId: string, runId: string, items: string[], values: number[]): Promise<void> {
      const results = items.map((itemId, i) => ({ itemId, output: `answer ${i}`, scores: [{ name: 'quality', value: values[i]! }] }));
      expectEnvelope(await post(`/${datasetId}/runs/${runId}/results`, { results }));
    }

    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    describe('POST /api/v1/public/datasets/{id}/runs (createExperimentRun)', () => {
      it('pins the current dataset version, or an earlier one, and counts the items active there', async () => {
        const { id, items } = await datasetOf(3);
        expectEnvelope(await patch(`/${id}/items/${items[0]}`, { status: 'archived' }));
        const current = await startRun(id, { metadata: { promptName: 'support', promptVersion: 3, model: 'gpt-x' } });
        expect(current).to.include({ status: 'running', baseline: false, datasetVersion: 4, itemCount: 2, resultCount: 0, completedAt: null });
        const earlier = await startRun(id, { datasetVersion: 3 });
        expect(earlier).to.include({ datasetVersion: 3, itemCount: 3 });
      });

      it('refuses a version above the current one at /body/datasetVersion', async () => {
        const { id } = await datasetOf(1);
        const body = expectProblem(await post(`/${id}/runs`, { name: 'r', datasetVersion: 2 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0]!.path).to.equal('/body/datasetVersion');
      });

      it('keeps one baseline per dataset', async () => {
        const { id } = await datasetOf(1);
        const first = await startRun(id, { baseline: true });
        const second = await startRun(id, { baseline: true });
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${first.id}`)).baseline).to.equal(false);
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${second.id}`)).baseline).to.equal(true);
      });
    });

    describe('GET /api/v1/public/datasets/{id}/runs (listExperimentRuns)', () => {
      it('lists newest first', async () => {
        const { id } = await datasetOf(1);
        const a = await startRun(id);
        server.clock.advance(1);
        const b = await startRun(id);
        expect(expectEnvelope<{ runs: Run[] }>(await get(`/${id}/runs`)).runs.map((r) => r.id)).to.deep.equal([b.id, a.id]);
      });
    });

    describe('GET /api/v1/public/datasets/{id}/runs/{runId} (getExperimentRun)', () => {
      it('answers 404 for a run of another dataset and for another project', async () => {
        const one = await datasetOf(1);
        const two = await datasetOf(1);
        const run = await startRun(one.id);
        expectProblem(await get(`/${two.id}/runs/${run.id}`), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(`/${one.id}/runs/${run.id}`, {}, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('POST /api/v1/public/datasets/{id}/runs/{runId}/results (recordExperimentResults)', () => {
      it('stores results with their scores in the score store and shows progress on the run', async () => {
        const { id, items } = await datasetOf(2);
        const run = await startRun(id);
        const stored = expectEnvelope<{ results: Json[] }>(
          await post(`/${id}/runs/${run.id}/results`, {
            results: [{ itemId: items[0], output: { text: 'hi' }, traceId: 'trace-9', latencyMs: 120, costUsd: 0.002, scores: [{ name: 'exact', value: true }, { name: 'quality', value: 0.5, comment: 'ok' }] }],
          }),
        );
        expect(stored.results[0]).to.include({ itemId: items[0], traceId: 'trace-9', latencyMs: 120, costUsd: 0.002, error: null });
        const scores = stored.results[0]!.scores as Json[];
        expect(scores.map((s) => [s.name, s.value, s.target, s.source, s.experimentResultId])).to.deep.equal([
          ['exact', true, 'experiment_result', 'api', stored.results[0]!.id],
          ['quality', 0.5, 'experiment_result', 'api', stored.results[0]!.id],
        ]);
        const listed = expectEnvelope<{ scores: Json[] }>(await server.request().get('/api/v1/public/scores').set('x-api-key', key()).query({ name: 'exact' }));
        expect(listed.scores.map((s) => s.experimentResultId)).to.include(stored.results[0]!.id);
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${run.id}`))).to.include({ itemCount: 2, resultCount: 1 });
      });

      it('replaces an item’s earlier result and its scores', async () => {
        const { id, items } = await datasetOf(1);
        const run = await startRun(id);
        await score(id, run.id, items, [0.1]);
        await score(id, run.id, items, [0.9]);
        const listed = expectEnvelope<{ results: { scores: { value: number }[] }[] }>(await get(`/${id}/runs/${run.id}/results`));
        expect(listed.results.map((r) => r.scores.map((s) => s.value))).to.deep.equal([[0.9]]);
      });

      it('rejects the whole batch for one item not active at the pinned version, naming it', async () => {
        const { id, items } = await datasetOf(2);
        const run = await startRun(id, { datasetVersion: 1 });
        const body = expectProblem(
          await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0], output: 'a' }, { itemId: items[1], output: 'b' }] }),
          400,
          'PUBLIC_API_VALIDATION_FAILED',
        );
        expect((body.errors as { path: string }[])[0]!.path).to.equal('/body/results/1/itemId');
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${run.id}`)).resultCount).to.equal(0);
      });

      it('refuses a score value of the wrong type, a repeated item and a repeated score name at their paths', async () => {
        const { id, items } = await datasetOf(1);
        const run = await startRun(id);
        const wrong = expectProblem(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0], scores: [{ name: 'q', dataType: 'numeric', value: 'high' }] }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((wrong.errors as { path: string }[])[0]!.path).to.equal('/body/results/0/scores/0/value');
        const twice = expectProblem(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0] }, { itemId: items[0] }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((twice.errors as { path: string }[])[0]!.path).to.equal('/body/results/1/itemId');
        const names = expectProblem(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0], scores: [{ name: 'q', value: 1 }, { name: 'q', value: 2 }] }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((names.errors as { path: string }[])[0]!.path).to.equal('/body/results/0/scores/1/name');
      });

      it('answers 409 once the run is finished', async () => {
        const { id, items } = await datasetOf(1);
        const run = await startRun(id);
        expectEnvelope(await patch(`/${id}/runs/${run.id}`, { status: 'failed' }));
        expectProblem(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0] }] }), 409, 'PUBLIC_API_EXPERIMENT_RUN_FINISHED');
      });
    });

    describe('PATCH /api/v1/public/datasets/{id}/runs/{runId} (updateExperimentRun)', () => {
      it('finishes a running run once', async () => {
        const { id } = await datasetOf(1);
        const run = await startRun(id);
        const done = expectEnvelope<Run>(await patch(`/${id}/runs/${run.id}`, { status: 'completed' }));
        expect(done.status).to.equal('completed');
        expect(done.completedAt).to.equal(server.clock.now().toISOString());
        expectProblem(await patch(`/${id}/runs/${run.id}`, { status: 'failed' }), 409, 'PUBLIC_API_EXPERIMENT_RUN_FINISHED');
      });

      it('runs built-in scorers on finish, in the finishing transaction', async () => {
        const { id, items } = await datasetOf(1);
        await server.runtime.services.datasets.updateItem(server.tenant.project.id, id, items[0]!, { expectedOutput: 'Paris' });
        const run = await startRun(id);
        expectEnvelope(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: items[0], output: 'Paris' }] }));
        expectEnvelope(await patch(`/${id}/runs/${run.id}`, { status: 'completed', scorers: [{ name: 'exact', kind: 'exact_match' }] }));
        const listed = expectEnvelope<{ results: { scores: { name: string; value: unknown; source: string }[] }[] }>(await get(`/${id}/runs/${run.id}/results`));
        expect(listed.results[0]!.scores.map((s) => [s.name, s.value, s.source])).to.deep.equal([['exact', true, 'evaluator']]);
      });

      it('refuses scorers without status completed at /body/scorers, changing nothing', async () => {
        const { id } = await datasetOf(1);
        const run = await startRun(id);
        const body = expectProblem(await patch(`/${id}/runs/${run.id}`, { status: 'failed', scorers: [{ name: 'exact', kind: 'exact_match' }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0]!.path).to.equal('/body/scorers');
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${run.id}`)).status).to.equal('running');
      });

      it('makes a run the only baseline, and unsets it', async () => {
        const { id } = await datasetOf(1);
        const a = await startRun(id, { baseline: true });
        const b = await startRun(id);
        expect(expectEnvelope<Run>(await patch(`/${id}/runs/${b.id}`, { baseline: true })).baseline).to.equal(true);
        expect(expectEnvelope<Run>(await get(`/${id}/runs/${a.id}`)).baseline).to.equal(false);
        expect(expectEnvelope<Run>(await patch(`/${id}/runs/${b.id}`, { baseline: false })).baseline).to.equal(false);
      });
    });

    describe('GET /api/v1/public/datasets/{id}/runs/compare (compareExperimentRuns)', () => {
      it("matches SciPy's documented Wilcoxon result on Darwin's data, with means, the seeded interval and the paired t alongside", async () => {
        const { id, items } = await datasetOf(DARWIN.length);
        const baseline = await startRun(id);
        const candidate = await startRun(id);
        await score(id, baseline.id, items, DARWIN.map(() => 100));
        await score(id, candidate.id, items, DARWIN.map((d) => 100 + d));
        const data = expectEnvelope<{ seed: number; alpha: number; comparisons: Comparison[]; skipped: unknown[] }>(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: candidate.id }));
        expect(data.alpha).to.equal(0.05);
        expect(data.seed).to.equal(documentedSeed([baseline.id, candidate.id]));
        expect(data.skipped).to.deep.equal([]);
        const [quality] = data.comparisons;
        expect(quality).to.include({ score: 'quality', candidateRunId: candidate.id, dataType: 'numeric', pairs: 15, baselineOnly: 0, candidateOnly: 0, baselineMean: 100, primaryTest: 'wilcoxon_signed_rank' });
        // Sum of Darwin's differences is 314: the candidate mean is 100 + 314/15.
        expect(Math.abs((quality!.candidateMean as number) - (100 + 314 / 15))).to.be.below(1e-9);
        expect(Math.abs((quality!.meanDifference as number) - 314 / 15)).to.be.below(1e-9);
        expect(quality!.wilcoxon).to.include({ n: 15, statistic: 24, method: 'exact', pValue: DARWIN_P });
        expect(quality).to.include({ pValue: DARWIN_P, adjustedPValue: DARWIN_P, significant: true, direction: 'improved' });
        const interval = quality!.confidenceInterval as { level: number; lower: number; upper: number; resamples: number; seed: number };
        expect(interval).to.include({ level: 0.95, resamples: 10_000, seed: data.seed, method: 'percentile_bootstrap' });
        expect(interval.lower).to.be.below(314 / 15);
        expect(interval.upper).to.be.above(314 / 15);
        expect((quality!.pairedT as { n: number }).n).to.equal(15);
        // The same question gets the same interval.
        const again = expectEnvelope<{ comparisons: Comparison[] }>(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: candidate.id }));
        expect(again.comparisons[0]!.confidenceInterval).to.deep.equal(interval);
      });

      it('applies Holm across the candidates asked, counts one-sided items, and skips categorical scores', async () => {
        const { id, items } = await datasetOf(DARWIN.length + 1);
        const baseline = await startRun(id);
        const b = await startRun(id);
        const c = await startRun(id);
        const darwinItems = items.slice(0, DARWIN.length);
        await score(id, baseline.id, darwinItems, DARWIN.map(() => 100));
        await score(id, b.id, darwinItems, DARWIN.map((d) => 100 + d));
        await score(id, c.id, darwinItems, DARWIN.map((d) => 100 + d));
        // One more item scored by the baseline only, with a categorical score.
        expectEnvelope(await post(`/${id}/runs/${baseline.id}/results`, { results: [{ itemId: items[DARWIN.length], scores: [{ name: 'quality', value: 3 }, { name: 'tone', value: 'warm' }] }] }));
        const data = expectEnvelope<{ comparisons: Comparison[]; skipped: Json[] }>(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: [b.id, c.id] }));
        // Two equal p-values of 0.041259765625: Holm doubles both (statsmodels multipletests 'holm').
        expect(data.comparisons.map((x) => [x.candidateRunId, x.pairs, x.baselineOnly, x.adjustedPValue, x.significant, x.direction])).to.deep.equal([
          [b.id, 15, 1, 2 * DARWIN_P, false, 'unchanged'],
          [c.id, 15, 1, 2 * DARWIN_P, false, 'unchanged'],
        ]);
        expect(data.skipped).to.deep.equal([
          { score: 'tone', candidateRunId: b.id, reason: 'categorical' },
          { score: 'tone', candidateRunId: c.id, reason: 'categorical' },
        ]);
      });

      it('rests a boolean score on the exact McNemar test', async () => {
        const { id, items } = await datasetOf(19);
        const baseline = await startRun(id);
        const candidate = await startRun(id);
        // 8 items fixed by the candidate, 1 broken, 10 passing in both: p = 2 · P(X ≤ 1 | 9, ½) = 2 · 10/512.
        const post19 = async (runId: string, passes: (i: number) => boolean) =>
          expectEnvelope(await post(`/${id}/runs/${runId}/results`, { results: items.map((itemId, i) => ({ itemId, scores: [{ name: 'correct', value: passes(i) }] })) }));
        await post19(baseline.id, (i) => i >= 8);
        await post19(candidate.id, (i) => i !== 8);
        const [correct] = expectEnvelope<{ comparisons: Comparison[] }>(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: candidate.id })).comparisons;
        expect(correct).to.include({ dataType: 'boolean', primaryTest: 'exact_mcnemar', pairs: 19, significant: true, direction: 'improved' });
        expect(Math.abs(correct!.pValue - 20 / 512)).to.be.below(1e-12);
        expect(correct!.mcnemar).to.include({ baselineOnly: 1, candidateOnly: 8 });
      });

      it('answers 404 for a candidate of another dataset or project, and 400 for more than 5 candidates', async () => {
        const { id } = await datasetOf(1);
        const other = await datasetOf(1);
        const baseline = await startRun(id);
        const foreign = await startRun(other.id);
        expectProblem(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: foreign.id }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: baseline.id }, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        const six = Array.from({ length: 6 }, () => randomUUID());
        const body = expectProblem(await get(`/${id}/runs/compare`, { baseline: baseline.id, candidate: six }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0]!.path).to.match(/^\/query\/candidate/);
      });
    });
  });

  describe('notification.experiment_significant', function () {
    this.timeout(60_000);
    let server: TestServer;
    let receiver: Receiver;

    before(async () => {
      // Standard Webhooks receivers check the signed timestamp against their own clock: run this server at real time.
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' }, clock: new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000)) });
      receiver = await new Receiver().start();
    });
    after(async () => {
      await receiver.stop();
      await server.close();
    });

    const post = (path: string, body: object) => server.request().post(`${DATASETS}${path}`).set('x-api-key', server.tenant.apiKey).send(body);
    const patch = (path: string, body: object) => server.request().patch(`${DATASETS}${path}`).set('x-api-key', server.tenant.apiKey).send(body);

    it('is delivered, signed, once per run and significant score when a run completes against the baseline', async () => {
      const caller = await writerOf(server);
      expectEnvelope(await createRequest(server, caller, { name: 'Experiments', destinationUrl: receiver.url, eventTypes: ['notification.experiment_significant'], secret: SECRET }), 201);
      const id = expectEnvelope<{ id: string }>(await post('', { name: 'darwin' }), 201).id;
      const items: string[] = [];
      for (let i = 0; i < 20; i += 1) items.push((await server.runtime.services.datasets.createItem(server.tenant.project.id, id, { input: i })).id);
      const run = async (values: number[], baseline: boolean) => {
        const created = expectEnvelope<{ id: string }>(await post(`/${id}/runs`, { name: baseline ? 'baseline' : 'candidate', baseline }), 201).id;
        const results = items.map((itemId, i) => ({ itemId, scores: [{ name: 'quality', value: values[i]! }, { name: 'steady', value: 1 }] }));
        expectEnvelope(await post(`/${id}/runs/${created}/results`, { results }));
        return created;
      };
      // The candidate is better on all 20 items by 1..20 (no ties): under the exact null only one of
      // the 2^20 equally likely sign patterns has R− = 0, so the two-sided p = 2 · 2^−20.
      const baseline = await run(items.map(() => 100), true);
      expectEnvelope(await patch(`/${id}/runs/${baseline}`, { status: 'completed' }));
      const candidate = await run(items.map((_, i) => 101 + i), false);
      expectEnvelope(await patch(`/${id}/runs/${candidate}`, { status: 'completed' }));
      await server.runtime.services.webhookDispatcher.drain();

      const verifier = new Webhook(SECRET);
      const bodies = receiver.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Json });
      // Only the candidate's `quality` is significant: `steady` is equal everywhere (p = 1), and the baseline itself is not compared.
      expect(bodies.map((b) => [b.type, b.data.score, b.data.runId])).to.deep.equal([['notification.experiment_significant', 'quality', candidate]]);
      const data = bodies[0]!.data;
      // Two comparisons (quality, steady) in one request: Holm multiplies the smaller p-value by 2.
      expect(data).to.include({ datasetId: id, baselineRunId: baseline, direction: 'improved', pairs: 20, baselineMean: 100, candidateMean: 110.5, meanDifference: 10.5, pValue: 2 ** -19, adjustedPValue: 2 ** -18, alpha: 0.05, primaryTest: 'wilcoxon_signed_rank' });
      expect((data.links as Json).comparison).to.match(new RegExp(`/api/v1/public/datasets/${id}/runs/compare\\?baseline=${baseline}&candidate=${candidate}$`));
    });
  });
});
