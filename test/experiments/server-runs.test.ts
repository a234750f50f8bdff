import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { ServerRunOutcome } from '../../src/domain/experiments/server-run-pipeline.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { JudgeStandIn } from '../evaluations/judge-stand-in.js';

type Json = Record<string, unknown>;
type Run = { id: string; name: string; status: string; statusReason: string | null; task: Json | null; itemCount: number; resultCount: number; completedAt: string | null };
type Score = { name: string; value: number | boolean; source: string; target: string; author: string; evaluatorId: string | null; experimentResultId: string; comment: string | null };
type Result = { itemId: string; output: unknown; latencyMs: number | null; costUsd: number | null; promptTokens: number | null; completionTokens: number | null; error: string | null; scores: Score[] };

const DATASETS = '/api/v1/public/datasets';
const LEASE_MS = 60_000;

// The stand-in reports 100 prompt and 20 completion tokens per answer. gpt-4o-mini is priced at
// $0.15 per million input tokens and $0.60 per million output tokens (OpenAI's published price, the
// price table's entry): 100 × 0.15e-6 + 20 × 0.60e-6 = $0.000027 per call.
const CALL_USD = 0.000027;
const CALL_TOKENS = 120;

const WORDS = ['apple', 'pear', 'plum', 'fig', 'kiwi'];

forEachAdapter((adapter) => {
  describe('server-side experiment runs', function () {
    this.timeout(60_000);
    let server: TestServer;
    let model: JudgeStandIn;
    let n = 0;

    before(async () => {
      model = await new JudgeStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', EVALUATOR_MAX_ATTEMPTS: '3', EVALUATOR_RETRY_BASE_MS: '1000', EVALUATOR_TIMEOUT_MS: '5000', EVALUATOR_JOB_LEASE_MS: String(LEASE_MS) } });
    });
    after(async () => {
      await server.close();
      await model.stop();
    });
    beforeEach(() => {
      model.delayMs = 0;
      model.calls.length = 0;
      model.resetInFlight();
    });

    const api = (tenant: TenantSeed) => ({
      post: (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).send(body),
      put: (path: string, body: object) => server.request().put(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).send(body),
      patch: (path: string, body: object) => server.request().patch(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).send(body),
      get: (path: string, query: Record<string, string | number> = {}) => server.request().get(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).query(query),
    });

    /** A fresh project (its own budget) with a connection to the stand-in and a 5-item dataset whose expected outputs the echo matches on 3 items. */
    async function project(): Promise<{ tenant: TenantSeed; connectionId: string; datasetId: string; items: string[] }> {
      const tenant = await server.seedTenant(`Server runs ${++n}`);
      const connectionId = expectEnvelope<{ id: string }>(await api(tenant).post('/model-connections', { name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test-secret' }), 201).id;
      const datasetId = expectEnvelope<{ id: string }>(await api(tenant).post('/datasets', { name: `ds-${randomUUID()}` }), 201).id;
      const items: string[] = [];
      for (const [i, word] of WORDS.entries()) {
        server.clock.advance(1);
        const expectedOutput = i < 3 ? `Echo: Say ${word}` : 'something else';
        items.push((await server.runtime.services.datasets.createItem(tenant.project.id, datasetId, { input: { word }, expectedOutput })).id);
      }
      return { tenant, connectionId, datasetId, items };
    }

    const template = (connectionId: string, extra: Json = {}) => ({ messages: [{ role: 'system', content: 'Repeat the word.' }, { role: 'user', content: 'Say {{word}}' }], modelConnectionId: connectionId, ...extra });

    async function start(tenant: TenantSeed, datasetId: string, task: Json, body: Json = {}): Promise<Run> {
      return expectEnvelope<Run>(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: `server-${randomUUID()}`, task, ...body }), 201);
    }

    /** Runs the worker's rounds until nothing is left to do now. */
    async function drain(owner = 'test-worker'): Promise<ServerRunOutcome[]> {
      const all: ServerRunOutcome[] = [];
      for (let round = 0; round < 50; round++) {
        const outcomes = await server.runtime.services.serverRunPipeline.runOnce(owner);
        if (outcomes.length === 0) break;
        all.push(...outcomes);
      }
      return all;
    }

    const runOf = async (tenant: TenantSeed, datasetId: string, runId: string) => expectEnvelope<Run>(await api(tenant).get(`/datasets/${datasetId}/runs/${runId}`));
    const resultsOf = async (tenant: TenantSeed, datasetId: string, runId: string) =>
      expectEnvelope<{ results: Result[] }>(await api(tenant).get(`/datasets/${datasetId}/runs/${runId}/results`, { limit: 100 })).results;
    const pathOf = (body: Json): string => (body.errors as { path: string }[])[0]!.path;

    describe(`POST ${DATASETS}/{id}/runs with a task (createExperimentRun)`, () => {
      it('runs a 5-item dataset to completion: outputs, latency, tokens, costs and the finish scorers', async () => {
        const { tenant, connectionId, datasetId, items } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { scorers: [{ name: 'exact', kind: 'exact_match' }], parameters: { temperature: 0.2, max_tokens: 50 } }));
        expect(run).to.include({ status: 'running', itemCount: 5, resultCount: 0, statusReason: null });
        expect(run.task).to.deep.include({ kind: 'template', promptName: null, promptVersion: null, modelConnectionId: connectionId, model: 'gpt-4o-mini', concurrency: 4, evaluatorIds: [] });
        expect(model.calls).to.have.length(0); // nothing runs on the request

        const outcomes = await drain();
        expect(outcomes.filter((o) => o === 'answered')).to.have.length(5);
        expect(outcomes).to.include('completed');
        const done = await runOf(tenant, datasetId, run.id);
        expect(done).to.include({ status: 'completed', resultCount: 5, itemCount: 5, statusReason: null });
        expect(done.completedAt).to.be.a('string');

        // Each request in the OpenAI chat completions shape, the variables filled from the item's input.
        expect(model.calls).to.have.length(5);
        for (const call of model.calls) {
          expect(call.path).to.equal('/v1/chat/completions');
          expect(call.headers.authorization).to.equal('Bearer sk-test-secret');
          expect(call.body).to.include({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 50 });
          expect(call.body).to.not.have.property('response_format');
          expect(call.body.messages[0]).to.deep.equal({ role: 'system', content: 'Repeat the word.' });
        }
        expect(model.calls.map((c) => c.body.messages[1]!.content).sort()).to.deep.equal(WORDS.map((w) => `Say ${w}`).sort());

        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results.map((r) => r.itemId).sort()).to.deep.equal([...items].sort());
        for (const r of results) {
          const word = WORDS[items.indexOf(r.itemId)]!;
          expect(r).to.include({ output: `Echo: Say ${word}`, promptTokens: 100, completionTokens: 20, error: null });
          expect(r.costUsd).to.be.closeTo(CALL_USD, 1e-12);
          expect(r.latencyMs).to.be.a('number').and.at.least(0);
          expect(r.scores.map((s) => ({ name: s.name, value: s.value, source: s.source, target: s.target, author: s.author }))).to.deep.equal([
            { name: 'exact', value: items.indexOf(r.itemId) < 3, source: 'evaluator', target: 'experiment_result', author: 'scorer:exact_match' },
          ]);
        }
        // The calls spent the project's evaluation budget.
        const budget = expectEnvelope<{ spentTodayTokens: number; spentTodayUsd: number }>(await api(tenant).get('/evaluation-budget'));
        expect(budget.spentTodayTokens).to.equal(5 * CALL_TOKENS);
        expect(budget.spentTodayUsd).to.be.closeTo(5 * CALL_USD, 1e-12);
      });

      it('runs a prompt version of the registry, resolved by label when the run is created', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const editor = { author: 'user:test', isAdmin: true };
        const prompts = server.runtime.services.prompts;
        await prompts.createVersion(tenant.project.id, editor, { name: 'echo', type: 'text', template: 'v1 {{word}}', labels: ['production'] });
        await prompts.createVersion(tenant.project.id, editor, { name: 'echo', type: 'text', template: 'v2 {{word}}', labels: ['staging'] });
        const run = await start(tenant, datasetId, { prompt: { name: 'echo', label: 'staging' }, modelConnectionId: connectionId, concurrency: 2 });
        expect(run.task).to.deep.include({ kind: 'prompt', promptName: 'echo', promptVersion: 2, messages: [{ role: 'user', content: 'v2 {{word}}' }], concurrency: 2 });
        // Moving the label afterwards does not change what the run sends.
        await prompts.setLabels(tenant.project.id, editor, 'echo', 1, ['staging']);
        await drain();
        expect(model.calls.map((c) => c.body.messages[0]!.content).sort()).to.deep.equal(WORDS.map((w) => `v2 ${w}`).sort());
        expect((await runOf(tenant, datasetId, run.id)).status).to.equal('completed');
      });

      it('records an item whose input lacks a variable as an error without calling the model', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, { messages: [{ role: 'user', content: '{{word}} and {{colour}}' }], modelConnectionId: connectionId });
        await drain();
        expect(model.calls).to.have.length(0);
        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results).to.have.length(5);
        expect(results.every((r) => r.error === "the item's input has no variable colour" && r.output === null && r.costUsd === null)).to.equal(true);
        expect((await runOf(tenant, datasetId, run.id)).status).to.equal('completed');
      });

      it('refuses an unknown prompt with 400 at /body/task/prompt/name', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const body = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: { prompt: { name: 'missing' }, modelConnectionId: connectionId } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(body)).to.equal('/body/task/prompt/name');
        expect(expectEnvelope<{ runs: unknown[] }>(await api(tenant).get(`/datasets/${datasetId}/runs`)).runs).to.have.length(0); // nothing half-written
      });

      it('refuses an unknown version of a prompt with 400 at /body/task/prompt/version', async () => {
        const { tenant, connectionId, datasetId } = await project();
        await server.runtime.services.prompts.createVersion(tenant.project.id, { author: 'user:test', isAdmin: true }, { name: 'p', type: 'text', template: 'x' });
        const body = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: { prompt: { name: 'p', version: 9 }, modelConnectionId: connectionId } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(body)).to.equal('/body/task/prompt/version');
      });

      it("refuses an unknown model connection, or another project's, with 400 at /body/task/modelConnectionId", async () => {
        const { tenant, datasetId } = await project();
        const other = await project();
        for (const id of [randomUUID(), other.connectionId]) {
          const body = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: template(id) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect(pathOf(body)).to.equal('/body/task/modelConnectionId');
        }
      });

      it('refuses both task forms with 400 at /body/task/messages, and neither at /body/task', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const both = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: { ...template(connectionId), prompt: { name: 'p' } } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(both)).to.equal('/body/task/messages');
        const neither = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: { modelConnectionId: connectionId } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(neither)).to.equal('/body/task');
      });

      it('refuses a concurrency above 16 at /body/task/concurrency, an unknown evaluator at /body/task/evaluatorIds/0 and a bad scorer at its path', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const many = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: template(connectionId, { concurrency: 17 }) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(many)).to.equal('/body/task/concurrency');
        const judge = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: template(connectionId, { evaluatorIds: [randomUUID()] }) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(judge)).to.equal('/body/task/evaluatorIds/0');
        const scorer = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs`, { name: 'r', task: template(connectionId, { scorers: [{ name: 'r', kind: 'regex' }] }) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathOf(scorer)).to.equal('/body/task/scorers/0/pattern');
      });
    });

    describe('the experiment run worker', () => {
      it('never has more of a run in flight than its concurrency, even with two workers claiming', async () => {
        const { tenant, connectionId, datasetId } = await project();
        model.delayMs = 150;
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 2 }));
        const outcomes = [] as ServerRunOutcome[];
        for (let round = 0; round < 10 && (await runOf(tenant, datasetId, run.id)).status === 'running'; round++) {
          const both = await Promise.all([server.runtime.services.serverRunPipeline.runOnce('worker-a'), server.runtime.services.serverRunPipeline.runOnce('worker-b')]);
          outcomes.push(...both.flat());
        }
        expect(outcomes.filter((o) => o === 'answered')).to.have.length(5);
        expect(model.calls).to.have.length(5);
        expect(model.maxInFlight).to.equal(2);
        expect((await runOf(tenant, datasetId, run.id)).status).to.equal('completed');
      });

      it('retries a 429 after its Retry-After and records the answer once', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        model.failNext({ status: 429, retryAfter: 3 });
        expect(await server.runtime.services.serverRunPipeline.runOnce('w')).to.deep.equal(['retry']);
        await drain(); // the other four items
        expect((await runOf(tenant, datasetId, run.id))).to.include({ status: 'running', resultCount: 4 });
        server.clock.advance(2_999);
        expect(await drain()).to.deep.equal([]);
        server.clock.advance(1);
        expect(await drain()).to.deep.equal(['answered', 'completed']);
        expect(model.calls).to.have.length(6);
        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results).to.have.length(5);
        expect(results.every((r) => r.error === null)).to.equal(true);
      });

      it('gives up after the attempts on 5xx and records the item with the error', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        model.failNext({ status: 500 }, { status: 503 }, { status: 502 });
        expect(await server.runtime.services.serverRunPipeline.runOnce('w')).to.deep.equal(['retry']);
        server.clock.advance(1_000);
        expect(await server.runtime.services.serverRunPipeline.runOnce('w')).to.deep.equal(['retry']);
        server.clock.advance(2_000);
        expect(await server.runtime.services.serverRunPipeline.runOnce('w')).to.deep.equal(['error']);
        await drain();
        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results.filter((r) => r.error !== null).map((r) => r.error)).to.deep.equal(['gave up after 3 attempts: the model endpoint answered HTTP 502']);
        expect((await runOf(tenant, datasetId, run.id))).to.include({ status: 'completed', resultCount: 5 });
      });

      it('stops the run as failed with the reason when the project budget is spent', async () => {
        const { tenant, connectionId, datasetId } = await project();
        expectEnvelope(await api(tenant).put('/evaluation-budget', { dailyBudgetTokens: 2 * CALL_TOKENS }));
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        expect(await drain()).to.deep.equal(['answered', 'answered', 'stopped']);
        const stopped = await runOf(tenant, datasetId, run.id);
        expect(stopped).to.include({ status: 'failed', resultCount: 2 });
        expect(stopped.statusReason).to.match(/^the project's evaluation budget is spent: paused: the project's daily budget of 240 tokens spent \(240\); resumes at /);
        expect(model.calls).to.have.length(2);
        expect(await drain()).to.deep.equal([]); // nothing left queued
      });

      it('resumes the items of a worker whose lease lapsed, and drops that worker\'s late answer', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 5 }));
        const store = server.runtime.services.serverRunPipeline;
        // A worker claims two items and dies before answering.
        const dead = await server.runtime.store.transaction((tx) => tx.experimentJobs.claim('dead-worker', server.clock.now(), LEASE_MS, 2, 4));
        expect(dead).to.have.length(2);
        expect((await drain()).filter((o) => o === 'answered')).to.have.length(3); // the leased two wait
        expect((await runOf(tenant, datasetId, run.id))).to.include({ status: 'running', resultCount: 3 });
        server.clock.advance(LEASE_MS);
        expect(await drain()).to.deep.equal(['answered', 'answered', 'completed']);
        // The dead worker wakes up and answers: its lease is gone, so nothing is recorded.
        expect(await store.process(dead[0]!, 'dead-worker')).to.equal('lost');
        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results).to.have.length(5);
        expect(new Set(results.map((r) => r.itemId)).size).to.equal(5);
        expect((await runOf(tenant, datasetId, run.id))).to.include({ status: 'completed', resultCount: 5 });
      });
    });

    describe(`PATCH ${DATASETS}/{id}/runs/{runId} (updateExperimentRun) with status cancelled`, () => {
      it('cancels a server-side run: its unstarted items are dropped and it never completes', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        expect(await server.runtime.services.serverRunPipeline.runOnce('w')).to.deep.equal(['answered']);
        const cancelled = expectEnvelope<Run>(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'cancelled' }));
        expect(cancelled).to.include({ status: 'cancelled', resultCount: 1 });
        expect(await drain()).to.deep.equal([]);
        expect(model.calls).to.have.length(1);
        expectProblem(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'cancelled' }), 409, 'PUBLIC_API_EXPERIMENT_RUN_FINISHED');
      });

      it('refuses results and a completed or failed finish from a client with 409 PUBLIC_API_EXPERIMENT_RUN_SERVER_SIDE, writing nothing', async () => {
        const { tenant, connectionId, datasetId, items } = await project();
        const run = await start(tenant, datasetId, template(connectionId));
        const posted = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/results`, { results: [{ itemId: items[0], output: 'mine' }] }), 409, 'PUBLIC_API_EXPERIMENT_RUN_SERVER_SIDE');
        expect(posted.detail).to.match(/server executes this run's task/);
        expectProblem(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'completed' }), 409, 'PUBLIC_API_EXPERIMENT_RUN_SERVER_SIDE');
        expectProblem(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'failed', name: 'renamed' }), 409, 'PUBLIC_API_EXPERIMENT_RUN_SERVER_SIDE');
        expect(await runOf(tenant, datasetId, run.id)).to.include({ status: 'running', resultCount: 0, name: run.name });
        expect(await resultsOf(tenant, datasetId, run.id)).to.have.length(0);
        // Cancelling is the client's way to end it (and leaves no jobs for the next test's worker).
        expect(expectEnvelope<Run>(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'cancelled' }))).to.include({ status: 'cancelled' });
      });

      it('does not record the answer of a call in flight when the run is cancelled', async () => {
        const { tenant, connectionId, datasetId, items } = await project();
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        const [job] = await server.runtime.store.transaction((tx) => tx.experimentJobs.claim('w', server.clock.now(), LEASE_MS, 1, 4));
        expectEnvelope(await api(tenant).patch(`/datasets/${datasetId}/runs/${run.id}`, { status: 'cancelled' }));
        expect(await server.runtime.services.serverRunPipeline.process(job!, 'w')).to.equal('lost');
        expect(items).to.include(job!.itemId);
        expect(await resultsOf(tenant, datasetId, run.id)).to.have.length(0);
      });
    });

    describe(`POST ${DATASETS}/{id}/runs/{runId}/evaluate (evaluateExperimentRun)`, () => {
      async function evaluator(tenant: TenantSeed, connectionId: string): Promise<string> {
        return expectEnvelope<{ id: string }>(await api(tenant).post('/evaluators', { name: `judge-${++n}`, template: 'answer_relevance', modelConnectionId: connectionId, samplingRate: 0 }), 201).id;
      }

      it('queues judgements for the worker and writes their scores with source evaluator, target experiment_result, and their spend', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const run = await start(tenant, datasetId, template(connectionId));
        await drain();
        model.calls.length = 0;
        const judge = await evaluator(tenant, connectionId);
        const before = expectEnvelope<{ spentTodayTokens: number }>(await api(tenant).get('/evaluation-budget')).spentTodayTokens;

        expect(expectEnvelope(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/evaluate`, { evaluatorIds: [judge] }))).to.deep.equal({ results: 5, queued: 5 });
        expect(model.calls).to.have.length(0); // never judged on the request
        expect((await drain()).filter((o) => o === 'scored')).to.have.length(5);

        // Judge requests: the evaluator's prompt with the item's input and the result's output, answered as JSON.
        expect(model.calls).to.have.length(5);
        for (const call of model.calls) {
          expect(call.body).to.include({ model: 'gpt-4o-mini', temperature: 0 });
          expect(call.body.response_format).to.deep.equal({ type: 'json_object' });
          expect(call.body.messages[1]!.content).to.match(/Question:\n\{"word":"\w+"\}\n\nAnswer:\nEcho: Say \w+/);
        }
        for (const r of await resultsOf(tenant, datasetId, run.id)) {
          expect(r.scores.map((s) => ({ name: s.name, value: s.value, source: s.source, target: s.target, author: s.author, evaluatorId: s.evaluatorId }))).to.deep.equal([
            { name: 'answer_relevance', value: 0.1, source: 'evaluator', target: 'experiment_result', author: `evaluator:${judge}`, evaluatorId: judge },
          ]);
        }
        const scores = expectEnvelope<{ scores: Score[] }>(await api(tenant).get('/scores', { limit: 100 })).scores.filter((s) => s.evaluatorId === judge);
        expect(scores).to.have.length(5);
        const after = expectEnvelope<{ spentTodayTokens: number }>(await api(tenant).get('/evaluation-budget')).spentTodayTokens;
        expect(after - before).to.equal(5 * CALL_TOKENS);

        // Asked again, the judgements replace the earlier scores.
        expectEnvelope(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/evaluate`, { evaluatorIds: [judge] }));
        await drain();
        for (const r of await resultsOf(tenant, datasetId, run.id)) expect(r.scores.filter((s) => s.name === 'answer_relevance')).to.have.length(1);
      });

      it('judges with the task evaluators before the run completes', async () => {
        const { tenant, connectionId, datasetId } = await project();
        const judge = await evaluator(tenant, connectionId);
        const run = await start(tenant, datasetId, template(connectionId, { evaluatorIds: [judge] }));
        const outcomes = await drain();
        expect(outcomes.filter((o) => o === 'answered')).to.have.length(5);
        expect(outcomes.filter((o) => o === 'scored')).to.have.length(5);
        expect(outcomes.indexOf('judging')).to.be.lessThan(outcomes.indexOf('scored'));
        expect(outcomes[outcomes.length - 1]).to.equal('completed');
        const results = await resultsOf(tenant, datasetId, run.id);
        expect(results.every((r) => r.scores.some((s) => s.name === 'answer_relevance' && s.evaluatorId === judge))).to.equal(true);
        expect((await runOf(tenant, datasetId, run.id)).status).to.equal('completed');
      });

      it('skips judgements while the evaluator budget is spent', async () => {
        const { tenant, connectionId, datasetId } = await project();
        // One call at a time, so each judgement checks the budget after the previous one's spend.
        const run = await start(tenant, datasetId, template(connectionId, { concurrency: 1 }));
        await drain();
        const judge = expectEnvelope<{ id: string }>(await api(tenant).post('/evaluators', { name: `judge-${++n}`, template: 'answer_relevance', modelConnectionId: connectionId, samplingRate: 0, dailyBudgetTokens: CALL_TOKENS }), 201).id;
        expectEnvelope(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/evaluate`, { evaluatorIds: [judge] }));
        model.calls.length = 0;
        expect(await drain()).to.deep.equal(['scored', 'skipped', 'skipped', 'skipped', 'skipped']);
        expect(model.calls).to.have.length(1);
        const judged = (await resultsOf(tenant, datasetId, run.id)).filter((r) => r.scores.some((s) => s.evaluatorId === judge));
        expect(judged).to.have.length(1);
      });

      it("refuses an unknown evaluator, or another project's, with 400 at /body/evaluatorIds/0", async () => {
        const { tenant, connectionId, datasetId } = await project();
        const other = await project();
        const foreign = await evaluator(other.tenant, other.connectionId);
        const run = await start(tenant, datasetId, template(connectionId));
        for (const id of [randomUUID(), foreign]) {
          const body = expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/evaluate`, { evaluatorIds: [id] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect(pathOf(body)).to.equal('/body/evaluatorIds/0');
        }
      });

      it("answers 404 for another project's run", async () => {
        const { tenant, connectionId, datasetId } = await project();
        const other = await project();
        const run = await start(other.tenant, other.datasetId, template(other.connectionId));
        const judge = await evaluator(tenant, connectionId);
        expectProblem(await api(tenant).post(`/datasets/${datasetId}/runs/${run.id}/evaluate`, { evaluatorIds: [judge] }), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });
  });
});
