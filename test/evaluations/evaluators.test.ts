import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createRequest, Receiver } from '../webhooks/support.js';
import { sampled, type EvaluationJobOutcome } from '../../src/domain/evaluations/evaluator-pipeline.js';
import { JudgeStandIn } from './judge-stand-in.js';
import { ingest } from './support.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';

const DAY = 86_400_000;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Verifies a Standard Webhooks signature the way a receiver would. */
function verifies(headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/** A RAG-shaped trace: the agent's answer at the root, the retrieved context in a retriever child. */
const ragTrace = (traceId: string, answer: string, name = 'support') => ({
  trace_id: traceId,
  name,
  spans: [
    { span_id: 'root', span_type: 'AGENT', input: { question: 'What is the moon made of?' }, output: { answer } },
    { span_id: 'ret', parent_span_id: 'root', span_type: 'RETRIEVER', output: { documents: ['The moon is a rocky body orbiting the earth.'] } },
  ],
});

forEachAdapter((adapter) => {
  describe('LLM-as-judge evaluators', () => {
    let server: TestServer;
    let judge: JudgeStandIn;
    let n = 0;

    before(async () => {
      judge = await new JudgeStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', EVALUATOR_MAX_ATTEMPTS: '3', EVALUATOR_RETRY_BASE_MS: '1000', EVALUATOR_TIMEOUT_MS: '2000' } });
    });
    after(async () => {
      await server.close();
      await judge.stop();
    });

    const api = (tenant: TenantSeed) => ({
      post: (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).send(body),
      get: (path: string, query: Record<string, string | number> = {}) => server.request().get(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).query(query),
      patch: (path: string, body: object) => server.request().patch(`/api/v1/public${path}`).set('x-api-key', tenant.apiKey).send(body),
    });

    /** A fresh project with a connection to the stand-in, so evaluators of other tests do not see its traces. */
    async function project(): Promise<{ tenant: TenantSeed; connectionId: string }> {
      const tenant = await server.seedTenant(`Eval${++n}`);
      const res = await api(tenant).post('/model-connections', { name: 'stand-in', baseUrl: judge.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test-secret' });
      return { tenant, connectionId: expectEnvelope<{ id: string }>(res, 201).id };
    }

    async function evaluator(tenant: TenantSeed, connectionId: string, body: Record<string, unknown> = {}): Promise<{ id: string }> {
      return expectEnvelope<{ id: string }>(await api(tenant).post('/evaluators', { name: `judge-${++n}`, template: 'hallucination', modelConnectionId: connectionId, ...body }), 201);
    }

    /** Runs the evaluator outbox until nothing is claimable now. */
    async function drain(): Promise<EvaluationJobOutcome[]> {
      const all: EvaluationJobOutcome[] = [];
      for (let round = 0; round < 50; round++) {
        const outcomes = await server.runtime.services.evaluatorPipeline.runOnce('test-worker');
        if (outcomes.length === 0) break;
        all.push(...outcomes);
      }
      return all;
    }

    const runsOf = async (tenant: TenantSeed, evaluatorId: string) =>
      expectEnvelope<{ runs: Record<string, unknown>[] }>(await api(tenant).get(`/evaluators/${evaluatorId}/runs`, { limit: 100 })).runs;

    describe('POST /api/v1/public/model-connections (createModelConnection)', () => {
      it('stores the API key sealed and never returns it', async () => {
        const { tenant, connectionId } = await project();
        const listed = expectEnvelope<{ modelConnections: Record<string, unknown>[] }>(await api(tenant).get('/model-connections'));
        expect(listed.modelConnections).to.deep.equal([{ id: connectionId, name: 'stand-in', baseUrl: judge.baseUrl, model: 'gpt-4o-mini', createdAt: '2026-11-01T12:00:00.000Z' }]);
        const row = await server.runtime.database.knex('model_connections').where({ id: connectionId }).first();
        expect(row.api_key_ciphertext).to.match(/^v1\./).and.not.include('sk-test-secret');
        const [audit] = await server.runtime.database.knex('audit_events').where({ project_id: tenant.project.id, action: 'model_connection.created' });
        expect(audit).to.include({ target_type: 'model_connection', target_id: connectionId });
        expect(JSON.parse(audit.details)).to.deep.equal({ name: 'stand-in', baseUrl: judge.baseUrl, model: 'gpt-4o-mini' });
      });

      it('refuses a base URL that fails the SSRF policy with the field path', async () => {
        const tenant = await server.seedTenant(`Ssrf${++n}`);
        const body = expectProblem(
          await api(tenant).post('/model-connections', { name: 'meta', baseUrl: 'http://169.254.169.254/v1', model: 'm', apiKey: 'k' }),
          400,
          'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN',
        );
        expect(body.errors).to.deep.equal([{ code: 'destination_forbidden', message: 'the base URL is not a public http(s) address', path: '/body/baseUrl' }]);
        expectProblem(await api(tenant).post('/model-connections', { name: 'private', baseUrl: 'http://10.0.0.7/v1', model: 'm', apiKey: 'k' }), 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
      });

      it('refuses a second connection of the same name with 409', async () => {
        const { tenant } = await project();
        expectProblem(await api(tenant).post('/model-connections', { name: 'stand-in', baseUrl: judge.baseUrl, model: 'm', apiKey: 'k' }), 409, 'PUBLIC_API_MODEL_CONNECTION_CONFLICT');
      });
    });

    describe('POST /api/v1/public/evaluators (createEvaluator)', () => {
      it('creates a built-in evaluator with its prompt, identity variables and defaults', async () => {
        const { tenant, connectionId } = await project();
        const res = await api(tenant).post('/evaluators', { name: 'faithfulness', template: 'hallucination', modelConnectionId: connectionId });
        const data = expectEnvelope<Record<string, unknown>>(res, 201);
        expect(data).to.include({ name: 'faithfulness', template: 'hallucination', scoreName: 'hallucination', samplingRate: 1, state: 'active', pausedReason: null, spentTodayUsd: 0, spentTodayTokens: 0, dailyBudgetUsd: null });
        expect(data.variables).to.deep.equal({ input: 'input', context: 'context', output: 'output' });
        expect(data.prompt).to.include('{{context}}');
      });

      it('needs a prompt and a score name for custom evaluators, and every placeholder mapped', async () => {
        const { tenant, connectionId } = await project();
        const noPrompt = expectProblem(await api(tenant).post('/evaluators', { name: 'c', template: 'custom', modelConnectionId: connectionId }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((noPrompt.errors as { path: string }[])[0].path).to.equal('/body/prompt');
        const unmapped = expectProblem(
          await api(tenant).post('/evaluators', { name: 'c', template: 'custom', prompt: 'Is {{answer}} polite?', scoreName: 'polite', modelConnectionId: connectionId }),
          400,
          'PUBLIC_API_VALIDATION_FAILED',
        );
        expect((unmapped.errors as { path: string }[])[0].path).to.equal('/body/variables/answer');
        const ok = await api(tenant).post('/evaluators', { name: 'c', template: 'custom', prompt: 'Is {{answer}} polite?', variables: { answer: 'output' }, scoreName: 'polite', modelConnectionId: connectionId });
        expect(expectEnvelope<{ variables: unknown }>(ok, 201).variables).to.deep.equal({ answer: 'output' });
      });

      it('answers 404 for a model connection of another project and 400 for a bad filter node', async () => {
        const { connectionId } = await project();
        const { tenant, connectionId: own } = await project();
        expectProblem(await api(tenant).post('/evaluators', { name: 'x', template: 'toxicity', modelConnectionId: connectionId }), 404, 'PUBLIC_API_NOT_FOUND');
        const bad = expectProblem(
          await api(tenant).post('/evaluators', { name: 'x', template: 'toxicity', modelConnectionId: own, filters: [{ id: 'r1', field: 'no_such_field', operator: 'equals', value: 1 }] }),
          400,
          'PUBLIC_API_VALIDATION_FAILED',
        );
        expect((bad.errors as { path: string }[])[0].path).to.match(/^\/body\/filters\/0/);
      });
    });

    describe('GET /api/v1/public/model-connections (listModelConnections)', () => {
      it('pages newest first and shows nothing of another project', async () => {
        const { tenant } = await project();
        server.clock.advance(1);
        await api(tenant).post('/model-connections', { name: 'second', baseUrl: judge.baseUrl, model: 'gpt-4o', apiKey: 'k' });
        const first = expectEnvelope<{ modelConnections: { name: string }[]; page: { hasMore: boolean; nextCursor: string } }>(await api(tenant).get('/model-connections', { limit: 1 }));
        expect(first.modelConnections.map((c) => c.name)).to.deep.equal(['second']);
        const next = expectEnvelope<{ modelConnections: { name: string }[]; page: { hasMore: boolean } }>(await api(tenant).get('/model-connections', { limit: 1, cursor: first.page.nextCursor }));
        expect(next.modelConnections.map((c) => c.name)).to.deep.equal(['stand-in']);
        expect(next.page.hasMore).to.equal(false);
        const other = await server.seedTenant(`Other${++n}`);
        expect(expectEnvelope<{ modelConnections: unknown[] }>(await api(other).get('/model-connections')).modelConnections).to.deep.equal([]);
      });
    });

    describe('PATCH /api/v1/public/model-connections/{id} (updateModelConnection)', () => {
      it('changes name, model and base URL, returns the connection without a key, and audits the change', async () => {
        // The clock is shared by the file's tests (others advance it), so the creation instant is read, not assumed.
        const createdAt = server.clock.now().toISOString();
        const { tenant, connectionId } = await project();
        server.clock.advance(1);
        const res = await api(tenant).patch(`/model-connections/${connectionId}`, { name: 'judge', model: 'gpt-4o', baseUrl: `${judge.baseUrl}/` });
        expect(expectEnvelope(res)).to.deep.equal({ id: connectionId, name: 'judge', baseUrl: `${judge.baseUrl}/`, model: 'gpt-4o', createdAt });
        const [audit] = await server.runtime.database.knex('audit_events').where({ project_id: tenant.project.id, action: 'model_connection.updated' });
        expect(audit).to.include({ target_type: 'model_connection', target_id: connectionId });
        expect(JSON.parse(audit.details)).to.deep.equal({ name: 'judge', baseUrl: `${judge.baseUrl}/`, model: 'gpt-4o' });
      });

      it('seals a new API key in place of the old one, which the next judge call sends; an absent key keeps the old one', async () => {
        const { tenant, connectionId } = await project();
        await evaluator(tenant, connectionId);
        const sealed = (await server.runtime.database.knex('model_connections').where({ id: connectionId }).first()).api_key_ciphertext as string;
        expectEnvelope(await api(tenant).patch(`/model-connections/${connectionId}`, { model: 'gpt-4o' }));
        expect((await server.runtime.database.knex('model_connections').where({ id: connectionId }).first()).api_key_ciphertext).to.equal(sealed);

        const res = await api(tenant).patch(`/model-connections/${connectionId}`, { apiKey: 'sk-rotated' });
        expect(JSON.stringify(res.body)).to.not.include('sk-rotated');
        const row = await server.runtime.database.knex('model_connections').where({ id: connectionId }).first();
        expect(row.api_key_ciphertext).to.match(/^v1\./).and.not.equal(sealed).and.not.include('sk-rotated');
        const [audit] = await server.runtime.database.knex('audit_events').where({ project_id: tenant.project.id, action: 'model_connection.updated' }).orderBy('created_at', 'desc');
        expect(audit.details ?? '').to.not.include('sk-rotated');

        const before = judge.calls.length;
        await ingest(server, tenant.apiKey, ragTrace(`t-rotated-${adapter}`, 'The moon is rock.'));
        expect(await drain()).to.deep.equal(['scored']);
        expect(judge.calls[before].headers.authorization).to.equal('Bearer sk-rotated');
        expect(judge.calls[before].body).to.include({ model: 'gpt-4o' });
      });

      it('refuses a new base URL that fails the SSRF policy with the field path and keeps the connection', async () => {
        const { tenant, connectionId } = await project();
        const body = expectProblem(await api(tenant).patch(`/model-connections/${connectionId}`, { baseUrl: 'http://169.254.169.254/v1' }), 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
        expect(body.errors).to.deep.equal([{ code: 'destination_forbidden', message: 'the base URL is not a public http(s) address', path: '/body/baseUrl' }]);
        const listed = expectEnvelope<{ modelConnections: { baseUrl: string }[] }>(await api(tenant).get('/model-connections'));
        expect(listed.modelConnections.map((c) => c.baseUrl)).to.deep.equal([judge.baseUrl]);
      });

      it('refuses an empty body, an empty field and an unknown field with field errors', async () => {
        const { tenant, connectionId } = await project();
        expectProblem(await api(tenant).patch(`/model-connections/${connectionId}`, {}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const empty = expectProblem(await api(tenant).patch(`/model-connections/${connectionId}`, { apiKey: '' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((empty.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/body/apiKey']);
        const unknown = expectProblem(await api(tenant).patch(`/model-connections/${connectionId}`, { apiKeyCiphertext: 'v1.x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((unknown.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/body/apiKeyCiphertext']);
      });

      it('refuses a name another connection of the project has with 409', async () => {
        const { tenant, connectionId } = await project();
        expectEnvelope(await api(tenant).post('/model-connections', { name: 'second', baseUrl: judge.baseUrl, model: 'm', apiKey: 'k' }), 201);
        expectProblem(await api(tenant).patch(`/model-connections/${connectionId}`, { name: 'second' }), 409, 'PUBLIC_API_MODEL_CONNECTION_CONFLICT');
        expect(expectEnvelope<{ name: string }>(await api(tenant).patch(`/model-connections/${connectionId}`, { name: 'stand-in' })).name).to.equal('stand-in');
      });

      it('is 404 for another project’s connection and leaves it unchanged', async () => {
        const { tenant, connectionId } = await project();
        const other = await server.seedTenant(`Other${++n}`);
        expectProblem(await api(other).patch(`/model-connections/${connectionId}`, { name: 'stolen' }), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope<{ modelConnections: { name: string }[] }>(await api(tenant).get('/model-connections')).modelConnections.map((c) => c.name)).to.deep.equal(['stand-in']);
      });
    });

    describe('DELETE /api/v1/public/model-connections/{id} (deleteModelConnection)', () => {
      it('deletes the connection with its evaluators; another project’s is 404', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        const other = await server.seedTenant(`Other${++n}`);
        expectProblem(await server.request().delete(`/api/v1/public/model-connections/${connectionId}`).set('x-api-key', other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope(await server.request().delete(`/api/v1/public/model-connections/${connectionId}`).set('x-api-key', tenant.apiKey))).to.deep.equal({ id: connectionId, deleted: true });
        expectProblem(await api(tenant).get(`/evaluators/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /api/v1/public/evaluators (listEvaluators)', () => {
      it('lists the project’s evaluators newest first with their state', async () => {
        const { tenant, connectionId } = await project();
        await evaluator(tenant, connectionId, { name: 'older' });
        server.clock.advance(1);
        await evaluator(tenant, connectionId, { name: 'newer', template: 'toxicity' });
        const list = expectEnvelope<{ evaluators: { name: string; state: string; template: string }[] }>(await api(tenant).get('/evaluators'));
        expect(list.evaluators.map((e) => [e.name, e.template, e.state])).to.deep.equal([
          ['newer', 'toxicity', 'active'],
          ['older', 'hallucination', 'active'],
        ]);
      });
    });

    describe('GET /api/v1/public/evaluators/{id} (getEvaluator)', () => {
      it('answers 404 for another project’s evaluator', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        const other = await server.seedTenant(`Other${++n}`);
        expectProblem(await api(other).get(`/evaluators/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/evaluators/{id} (updateEvaluator)', () => {
      it('deactivates an evaluator: it says inactive and queues nothing', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        expect(expectEnvelope<{ state: string }>(await api(tenant).patch(`/evaluators/${id}`, { isActive: false })).state).to.equal('inactive');
        await ingest(server, tenant.apiKey, ragTrace('off-1', 'fine'));
        expect(await drain()).to.deep.equal([]);
        const empty = expectProblem(await api(tenant).patch(`/evaluators/${id}`, {}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((empty.errors as { path: string }[])[0].path).to.equal('/body');
      });
    });

    describe('DELETE /api/v1/public/evaluators/{id} (deleteEvaluator)', () => {
      it('deletes the evaluator and its pending jobs; its scores stay', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        await ingest(server, tenant.apiKey, ragTrace('del-1', 'fine'));
        expect(await drain()).to.deep.equal(['scored']);
        await ingest(server, tenant.apiKey, ragTrace('del-2', 'fine'));
        expect(expectEnvelope(await server.request().delete(`/api/v1/public/evaluators/${id}`).set('x-api-key', tenant.apiKey))).to.deep.equal({ id, deleted: true });
        expect(await drain()).to.deep.equal([]);
        expect(expectEnvelope<{ scores: unknown[] }>(await api(tenant).get('/scores', { traceId: 'del-1' })).scores).to.have.length(1);
        expectProblem(await server.request().delete(`/api/v1/public/evaluators/${id}`).set('x-api-key', tenant.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('evaluation of new traces', () => {
      it('judges a new trace through the outbox and writes an evaluator score with the reasoning and a scored run', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        const before = judge.calls.length;
        await ingest(server, tenant.apiKey, ragTrace('t-cheese', 'The moon is made of cheese.'));
        expect(await drain()).to.deep.equal(['scored']);

        const call = judge.calls[before];
        expect(call.path).to.equal('/v1/chat/completions');
        expect(call.headers.authorization).to.equal('Bearer sk-test-secret');
        expect(call.body).to.include({ model: 'gpt-4o-mini', temperature: 0 });
        expect(call.body.messages[1].content).to.include('The moon is made of cheese.').and.include('rocky body orbiting').and.include('What is the moon made of?');

        const scores = expectEnvelope<{ scores: Record<string, unknown>[] }>(await api(tenant).get('/scores', { traceId: 't-cheese' })).scores;
        expect(scores).to.have.length(1);
        expect(scores[0]).to.include({ name: 'hallucination', dataType: 'numeric', value: 0.9, source: 'evaluator', evaluatorId: id, author: `evaluator:${id}`, target: 'trace' });
        expect(scores[0].comment).to.include('cheese');
        const [run] = await runsOf(tenant, id);
        // gpt-4o-mini from the price table: 100 × $0.15 + 20 × $0.60 per million tokens.
        expect(run).to.include({ traceId: 't-cheese', outcome: 'scored', scoreId: scores[0].id, error: null, promptTokens: 100, completionTokens: 20, costUsd: 0.000027 });
      });

      it('samples by rate: 0 queues nothing, a fraction queues exactly the stable-hash sample', async () => {
        const { tenant, connectionId } = await project();
        const never = await evaluator(tenant, connectionId, { samplingRate: 0 });
        const half = await evaluator(tenant, connectionId, { samplingRate: 0.5 });
        const ids = Array.from({ length: 12 }, (_, i) => `s-${i}`);
        for (const traceId of ids) await ingest(server, tenant.apiKey, ragTrace(traceId, 'fine'));
        const jobs = await server.runtime.database.knex('evaluation_jobs').where({ project_id: tenant.project.id });
        expect(jobs.filter((j) => j.evaluator_id === never.id)).to.deep.equal([]);
        const expected = ids.filter((traceId) => sampled(half.id, traceId, 0.5));
        expect(expected.length).to.be.within(1, 11); // a real sample, neither all nor none
        expect(jobs.filter((j) => j.evaluator_id === half.id).map((j) => j.trace_id).sort()).to.deep.equal([...expected].sort());
        await drain();
        expect((await runsOf(tenant, half.id)).map((r) => r.traceId).sort()).to.deep.equal([...expected].sort());
      });

      it('judges only traces that match its filter', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId, { filters: [{ id: 'r1', field: 'name', operator: 'equals', value: 'checkout' }] });
        const before = judge.calls.length;
        await ingest(server, tenant.apiKey, ragTrace('f-1', 'fine', 'checkout'));
        await ingest(server, tenant.apiKey, ragTrace('f-2', 'fine', 'search'));
        expect((await drain()).sort()).to.deep.equal(['filtered', 'scored']);
        expect(judge.calls.length - before).to.equal(1);
        expect((await runsOf(tenant, id)).map((r) => r.traceId)).to.deep.equal(['f-1']);
      });

      it('retries 429 and 500 with back-off (Retry-After honoured) and scores once the judge answers', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        judge.failNext({ status: 429, retryAfter: 7 }, { status: 500 });
        await ingest(server, tenant.apiKey, ragTrace('r-1', 'fine'));
        expect(await drain()).to.deep.equal(['retry']);
        server.clock.advance(6_999);
        expect(await drain(), 'not before Retry-After').to.deep.equal([]);
        server.clock.advance(1);
        expect(await drain()).to.deep.equal(['retry']);
        server.clock.advance(2_000); // the second attempt's back-off: 1 s × 2
        expect(await drain()).to.deep.equal(['scored']);
        const [job] = await server.runtime.database.knex('evaluation_jobs').where({ project_id: tenant.project.id });
        expect(job).to.include({ status: 'done', attempts: 3, last_error: 'the model endpoint answered HTTP 500' });
        expect((await runsOf(tenant, id)).map((r) => r.outcome)).to.deep.equal(['scored']);
      });

      it('ends a call the judge never answers at EVALUATOR_TIMEOUT_MS and retries it later', async () => {
        const { tenant, connectionId } = await project();
        await evaluator(tenant, connectionId);
        await ingest(server, tenant.apiKey, ragTrace('hang-1', 'HANG'));
        expect(await drain()).to.deep.equal(['retry']);
        const [job] = await server.runtime.database.knex('evaluation_jobs').where({ project_id: tenant.project.id });
        expect(job).to.include({ status: 'pending', attempts: 1, last_error: 'the model endpoint did not answer within 2000 ms' });
        await server.runtime.database.knex('evaluation_jobs').where({ id: job.id }).delete(); // leave no job for the next tests
      });

      it('records an error run, not a score, when the retries run out', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        judge.failNext({ status: 500 }, { status: 503 }, { status: 502 });
        await ingest(server, tenant.apiKey, ragTrace('g-1', 'fine'));
        expect(await drain()).to.deep.equal(['retry']);
        server.clock.advance(1_000);
        expect(await drain()).to.deep.equal(['retry']);
        server.clock.advance(2_000);
        expect(await drain()).to.deep.equal(['error']);
        const [run] = await runsOf(tenant, id);
        expect(run).to.include({ outcome: 'error', scoreId: null, error: 'gave up after 3 attempts: the model endpoint answered HTTP 502', promptTokens: 0 });
        expect(expectEnvelope<{ scores: unknown[] }>(await api(tenant).get('/scores', { traceId: 'g-1' })).scores).to.deep.equal([]);
      });

      it('records malformed judge output as an evaluation error with its tokens, and a 400 at once', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        await ingest(server, tenant.apiKey, ragTrace('m-1', 'GARBLE'));
        await ingest(server, tenant.apiKey, ragTrace('m-2', 'OUT_OF_RANGE'));
        expect(await drain()).to.deep.equal(['error', 'error']);
        judge.failNext({ status: 400 });
        await ingest(server, tenant.apiKey, ragTrace('m-3', 'fine'));
        expect(await drain()).to.deep.equal(['error']);
        const runs = await runsOf(tenant, id);
        const byTrace = [...runs].sort((a, b) => String(a.traceId).localeCompare(String(b.traceId)));
        expect(byTrace.map((r) => [r.traceId, r.outcome, r.error])).to.deep.equal([
          ['m-1', 'error', 'invalid judge output: not a JSON object ("I think it is mostly fine.")'],
          ['m-2', 'error', 'invalid judge output: score must be a number from 0 to 1'],
          ['m-3', 'error', 'the model endpoint answered HTTP 400'],
        ]);
        expect(byTrace[1]).to.include({ promptTokens: 100, completionTokens: 20 });
        expect(expectEnvelope<{ scores: unknown[] }>(await api(tenant).get('/scores', { source: 'evaluator' })).scores).to.deep.equal([]);
      });

      it('pauses at the daily budget, says so, queues nothing more that day and resumes the next', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId, { dailyBudgetTokens: 200 });
        await ingest(server, tenant.apiKey, ragTrace('b-1', 'fine'));
        await ingest(server, tenant.apiKey, ragTrace('b-2', 'fine'));
        await ingest(server, tenant.apiKey, ragTrace('b-3', 'fine'));
        expect(await drain()).to.deep.equal(['scored', 'scored', 'skipped']);
        const paused = expectEnvelope<Record<string, unknown>>(await api(tenant).get(`/evaluators/${id}`));
        expect(paused).to.include({ state: 'paused', spentTodayTokens: 240, pausedReason: 'paused: daily budget of 200 tokens spent (240); resumes at 2026-11-02T00:00:00.000Z' });
        const skipped = (await runsOf(tenant, id)).filter((r) => r.outcome === 'skipped');
        expect(skipped.map((r) => [r.error, r.promptTokens, r.costUsd])).to.deep.equal([[paused.pausedReason, 0, 0]]);

        await ingest(server, tenant.apiKey, ragTrace('b-4', 'fine'));
        expect(await drain(), 'a paused evaluator queues nothing').to.deep.equal([]);

        server.clock.set(new Date(Date.UTC(2026, 10, 2, 0, 0, 1)));
        expect(expectEnvelope<Record<string, unknown>>(await api(tenant).get(`/evaluators/${id}`))).to.include({ state: 'active', pausedReason: null, spentTodayTokens: 0 });
        await ingest(server, tenant.apiKey, ragTrace('b-5', 'fine'));
        expect(await drain()).to.deep.equal(['scored']);
      });

      it('pauses every evaluator of the project at the project budget and says so; a new budget resumes them', async () => {
        const { tenant, connectionId } = await project();
        const a = await evaluator(tenant, connectionId);
        await evaluator(tenant, connectionId, { template: 'toxicity' });
        const set = await server.request().put('/api/v1/public/evaluation-budget').set('x-api-key', tenant.apiKey).send({ dailyBudgetTokens: 300 });
        expect(expectEnvelope(set)).to.deep.equal({ dailyBudgetUsd: null, dailyBudgetTokens: 300, spentTodayUsd: 0, spentTodayTokens: 0, state: 'active', pausedReason: null, resumesAt: null });
        await ingest(server, tenant.apiKey, ragTrace('p-1', 'fine'));
        await ingest(server, tenant.apiKey, ragTrace('p-2', 'fine'));
        expect(await drain()).to.deep.equal(['scored', 'scored', 'scored', 'skipped']);
        const midnight = new Date(Math.floor(server.clock.now().getTime() / DAY) * DAY + DAY).toISOString();
        const reason = `paused: the project's daily budget of 300 tokens spent (360); resumes at ${midnight}`;
        expect(expectEnvelope(await api(tenant).get('/evaluation-budget'))).to.deep.equal({
          dailyBudgetUsd: null,
          dailyBudgetTokens: 300,
          spentTodayUsd: 0.000081,
          spentTodayTokens: 360,
          state: 'paused',
          pausedReason: reason,
          resumesAt: midnight,
        });
        expect(expectEnvelope<Record<string, unknown>>(await api(tenant).get(`/evaluators/${a.id}`))).to.include({ state: 'paused', pausedReason: reason });
        await ingest(server, tenant.apiKey, ragTrace('p-3', 'fine'));
        expect(await drain(), 'a paused project queues nothing').to.deep.equal([]);
        const raised = await server.request().put('/api/v1/public/evaluation-budget').set('x-api-key', tenant.apiKey).send({ dailyBudgetTokens: 1000 });
        expect(expectEnvelope<Record<string, unknown>>(raised)).to.include({ state: 'active', pausedReason: null });
        await ingest(server, tenant.apiKey, ragTrace('p-4', 'fine'));
        expect(await drain()).to.deep.equal(['scored', 'scored']);
      });

      it('stops at a dollar budget priced from the price table, and a raised budget resumes it', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId, { dailyBudgetUsd: 0.00005 });
        for (const t of ['d-1', 'd-2', 'd-3']) await ingest(server, tenant.apiKey, ragTrace(t, 'fine'));
        expect(await drain()).to.deep.equal(['scored', 'scored', 'skipped']);
        const raised = expectEnvelope<Record<string, unknown>>(await api(tenant).patch(`/evaluators/${id}`, { dailyBudgetUsd: 1 }));
        expect(raised).to.include({ state: 'active', dailyBudgetUsd: 1, spentTodayUsd: 0.000054 });
      });
    });

    describe('evaluation of OpenTelemetry traces', () => {
      it('judges a growing trace once it settled, and a late span re-judges it with the latest score kept', async () => {
        const { tenant, connectionId } = await project();
        const { id } = await evaluator(tenant, connectionId);
        const traceId = hexId(0x7e, 16);
        const send = async (spanSeed: number, answer: string) => {
          const body = otlpJson([{ traceId, spanId: hexId(spanSeed, 8), name: 'agent', attributes: { 'openinference.span.kind': 'AGENT', 'input.value': 'What is the moon made of?', 'output.value': answer } }]);
          const res = await server.request().post('/v1/traces').set('x-api-key', tenant.apiKey).set('content-type', 'application/json').send(JSON.stringify(body));
          expect(res.status).to.equal(200);
        };
        await send(0x11, 'The moon is rock.');
        expect(await drain(), 'not before the settle time').to.deep.equal([]);
        server.clock.advance(server.config.otlp.settleMs);
        expect(await drain()).to.deep.equal(['scored']);
        const first = expectEnvelope<{ scores: { value: number }[] }>(await api(tenant).get('/scores', { traceId })).scores;
        expect(first.map((s) => s.value)).to.deep.equal([0.1]);

        await send(0x12, 'Also: it is made of cheese.');
        server.clock.advance(server.config.otlp.settleMs);
        expect(await drain()).to.deep.equal(['scored']);
        const latest = expectEnvelope<{ scores: { value: number }[] }>(await api(tenant).get('/scores', { traceId })).scores;
        expect(latest.map((s) => s.value), 'the latest judgement replaces the earlier score').to.deep.equal([0.9]);
        expect((await runsOf(tenant, id)).map((r) => r.outcome)).to.deep.equal(['scored', 'scored']);
      });
    });

    describe('classifier detection backed by an evaluator', () => {
      it('fires "hallucination" on a high score: a detection event, a draft fix and a signed alert.per_event_match webhook', async () => {
        const { tenant, connectionId } = await project();
        const { id: evaluatorId } = await evaluator(tenant, connectionId);
        const detection = await api(tenant).post('/detections', {
          slug: 'hallucination',
          displayName: 'Hallucination',
          type: 'classifier',
          severity: 'high',
          threshold: 0.8,
          config: { evaluatorId },
        });
        const detectionId = expectEnvelope<{ id: string }>(detection, 201).id;
        const receiver = await new Receiver().start();
        try {
          const token = await server.oauthToken(tenant.user.id, ['configuration:write'], { expiresInMs: 7 * DAY });
          const hook = await createRequest(server, { token, projectId: tenant.project.id }, { name: 'alerts', destinationUrl: receiver.url, eventTypes: ['alert.per_event_match'], secret: SECRET });
          expectEnvelope(hook, 201);

          await ingest(server, tenant.apiKey, ragTrace('h-1', 'The moon is made of cheese.'));
          await ingest(server, tenant.apiKey, ragTrace('h-2', 'The moon is rock.'));
          expect(await drain()).to.deep.equal(['scored', 'scored']);

          const fired = expectEnvelope<{ firings: { detectionId: string; score: number; evidence: Record<string, unknown> }[] }>(await api(tenant).get('/traces/h-1/detections')).firings;
          expect(fired).to.have.length(1);
          expect(fired[0]).to.include({ detectionId, score: 0.9 });
          expect(fired[0].evidence).to.include({ evaluatorId, scoreName: 'hallucination' });
          expect(expectEnvelope<{ firings: unknown[] }>(await api(tenant).get('/traces/h-2/detections')).firings).to.deep.equal([]);

          const fix = await server.runtime.store.fixes.findOpenForDetection(tenant.project.id, detectionId);
          expect(fix).to.include({ status: 'draft', title: 'Hallucination', severity: 'high' });
          expect((await server.runtime.store.fixes.linkedTraces(fix!.id)).map((l) => l.traceId)).to.deep.equal(['h-1']);

          await server.runtime.services.webhookDispatcher.drain();
          expect(receiver.received).to.have.length(1);
          const { headers, body } = receiver.received[0];
          expect(verifies(headers, body)).to.equal(true);
          const event = JSON.parse(body) as { type: string; data: Record<string, unknown> };
          expect(event.type).to.equal('alert.per_event_match');
          expect(event.data).to.include({ detectionId, detectionSlug: 'hallucination', detectionType: 'classifier', traceId: 'h-1', score: 0.9, fixId: fix!.id });
        } finally {
          await receiver.stop();
        }
      });
    });
  });
});
