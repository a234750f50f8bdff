import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, REQUEST_ID } from '../support/problem.js';
import { SseParser, type SseEvent } from '../../src/domain/playground/sse-parser.js';
import { OpenAiStreamStandIn, STAND_IN_PIECES } from './openai-stream-stand-in.js';

const DAY = 86_400_000;
/**
 * gpt-4o-mini at $0.15 per 1M input and $0.60 per 1M output tokens (OpenAI's pricing page, the
 * price table's entry), for the stand-in's 12 prompt and 5 completion tokens:
 * 12 × 0.15e-6 + 5 × 0.60e-6 = 1.8e-6 + 3.0e-6 = 4.8e-6.
 */
const RUN_COST_USD = 0.0000048;

/** The events of a Server-Sent Events body, parsed as any SSE client would. */
function eventsOf(text: string): { event: string; data: Record<string, unknown> }[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  parser.push(text);
  return events.map((e) => ({ event: e.event, data: JSON.parse(e.data) as Record<string, unknown> }));
}

forEachAdapter((adapter) => {
  describe('Playground runs', function () {
    // Starts servers (one more in the model_timeout case): slow on a shared machine.
    this.timeout(60_000);
    let server: TestServer;
    let model: OpenAiStreamStandIn;
    let n = 0;

    before(async () => {
      model = await new OpenAiStreamStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', EVALUATOR_TIMEOUT_MS: '5000' } });
    });
    after(async () => {
      await server.close();
      await model.stop();
    });

    /** A fresh project with a connection to the stand-in. */
    async function project(): Promise<{ tenant: TenantSeed; connectionId: string }> {
      const tenant = await server.seedTenant(`Play${++n}`);
      const res = await server.request().post('/api/v1/public/model-connections').set('x-api-key', tenant.apiKey).send({ name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-play-secret' });
      return { tenant, connectionId: expectEnvelope<{ id: string }>(res, 201).id };
    }

    const run = (tenant: TenantSeed, body: Record<string, unknown>): Promise<Response> =>
      server
        .request()
        .post('/api/v1/public/playground/runs')
        .set('x-api-key', tenant.apiKey)
        .set('accept', 'text/event-stream')
        .send(body)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          // Problems (refusals before the stream) are JSON; the stream is text.
          res.on('end', () => done(null, /json/.test(String(res.headers['content-type'])) ? JSON.parse(text) : text));
        });

    const greeting = (connectionId: string, last = 'Say hello to {{name}}.') => ({
      modelConnectionId: connectionId,
      messages: [
        { role: 'system', content: 'You greet people in {{ language }}.' },
        { role: 'user', content: last },
      ],
      variables: { name: 'Ada', language: 'French' },
    });


    describe('POST /api/v1/public/playground/runs (runPlayground)', () => {
      it('streams run, one delta per piece of text and done, with the tokens and the cost from the price table', async () => {
        const { tenant, connectionId } = await project();
        const res = await run(tenant, { ...greeting(connectionId), parameters: { temperature: 0.2, max_tokens: 64, stop: ['\n\n'] } });
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.equal('text/event-stream; charset=utf-8');
        expect(res.headers['cache-control']).to.equal('no-store');
        expect(res.headers['x-request-id']).to.match(REQUEST_ID);
        const events = eventsOf(res.body as string);
        const traceId = events[0]!.data.traceId as string;
        expect(events.map((e) => e.event)).to.deep.equal(['run', 'delta', 'delta', 'delta', 'delta', 'done']);
        expect(events.slice(1, 5).map((e) => e.data)).to.deep.equal(STAND_IN_PIECES.map((content) => ({ content })));
        const done = events[5]!.data;
        expect(done.latencyMs).to.be.a('number').and.at.least(0);
        expect({ ...done, latencyMs: 0 }).to.deep.equal({ traceId, output: 'Bonjour, Ada!', promptTokens: 12, completionTokens: 5, costUsd: RUN_COST_USD, latencyMs: 0, finishReason: 'stop' });
      });

      it('sends OpenAI a streamed chat completion: filled messages, the connection model and key, the parameters as named', async () => {
        const { tenant, connectionId } = await project();
        const before = model.calls.length;
        const res = await run(tenant, { ...greeting(connectionId), model: 'gpt-4o-mini-2024-07-18', parameters: { temperature: 0.2, top_p: 0.9, max_tokens: 64, seed: 7, stop: ['\n\n'] } });
        expect(res.status).to.equal(200);
        const call = model.calls[before]!;
        expect(call.violations).to.deep.equal([]);
        expect(call.path).to.equal('/v1/chat/completions');
        expect(call.headers.authorization).to.equal('Bearer sk-play-secret');
        expect(call.headers.accept).to.equal('text/event-stream');
        expect(call.body).to.deep.equal({
          model: 'gpt-4o-mini-2024-07-18',
          messages: [
            { role: 'system', content: 'You greet people in French.' },
            { role: 'user', content: 'Say hello to Ada.' },
          ],
          temperature: 0.2,
          top_p: 0.9,
          max_tokens: 64,
          seed: 7,
          stop: ['\n\n'],
          stream: true,
          stream_options: { include_usage: true },
        });
      });

      it('relays text as it arrives: the first piece is read while the model still holds the rest', async () => {
        const { tenant, connectionId } = await project();
        const listener = http.createServer(server.app);
        await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
        try {
          const response = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/v1/public/playground/runs`, {
            method: 'POST',
            headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify(greeting(connectionId, 'HOLD then greet {{name}}')),
          });
          expect(response.status).to.equal(200);
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          const seen: SseEvent[] = [];
          const parser = new SseParser((event) => seen.push(event));
          // Read until the first delta: the stand-in sends nothing more until released.
          while (!seen.some((e) => e.event === 'delta')) {
            const { value, done } = await reader.read();
            expect(done, 'the stream ended before the first piece').to.equal(false);
            parser.push(value!);
          }
          expect(seen.map((e) => e.event)).to.deep.equal(['run', 'delta']);
          expect(JSON.parse(seen[1]!.data)).to.deep.equal({ content: 'Bonjour' });
          model.release();
          for (let part = await reader.read(); !part.done; part = await reader.read()) parser.push(part.value);
          expect(seen.map((e) => e.event)).to.deep.equal(['run', 'delta', 'delta', 'delta', 'delta', 'done']);
        } finally {
          listener.closeAllConnections();
          await new Promise<void>((resolve) => listener.close(() => resolve()));
        }
      });

      it('stores the run as a trace: one LLM span with the messages, the answer, the GenAI request attributes and the prompt version', async () => {
        const { tenant, connectionId } = await project();
        const res = await run(tenant, { ...greeting(connectionId), parameters: { temperature: 0.2, max_tokens: 64 }, prompt: { name: 'support/greeting', version: 3 } });
        const traceId = eventsOf(res.body as string)[0]!.data.traceId as string;
        const trace = expectEnvelope<Record<string, unknown>>(await server.request().get(`/api/v1/public/traces/${traceId}`).set('x-api-key', tenant.apiKey));
        expect(trace).to.include({ name: 'playground: support/greeting v3', status: 'success', framework: 'tracewell-playground' });
        const [span] = trace.spans as Record<string, unknown>[];
        expect(span).to.include({ spanId: 'chat', name: 'chat gpt-4o-mini', spanType: 'LLM', status: 'success', error: null });
        expect(span!.input).to.deep.equal({ messages: [{ role: 'system', content: 'You greet people in French.' }, { role: 'user', content: 'Say hello to Ada.' }] });
        expect(span!.output).to.deep.equal({ role: 'assistant', content: 'Bonjour, Ada!' });
        expect(span!.metadata).to.deep.equal({
          model: 'gpt-4o-mini',
          input_tokens: 12,
          output_tokens: 5,
          cost: RUN_COST_USD,
          parameters: { temperature: 0.2, max_tokens: 64 },
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': 'gpt-4o-mini',
          'gen_ai.request.temperature': 0.2,
          'gen_ai.request.max_tokens': 64,
          'gen_ai.response.finish_reasons': ['stop'],
          prompt_name: 'support/greeting',
          prompt_version: 3,
        });
      });

      it('ends with an error event when the model fails mid-stream, keeping the text received, and stores the failed run', async () => {
        const { tenant, connectionId } = await project();
        const events = eventsOf((await run(tenant, greeting(connectionId, 'FAIL_MID for {{name}}'))).body as string);
        const traceId = events[0]!.data.traceId as string;
        expect(events.map((e) => e.event)).to.deep.equal(['run', 'delta', 'delta', 'error']);
        expect(events[3]!.data).to.deep.equal({ traceId, code: 'model_error', detail: 'The server had an error while processing your request. Sorry about that!', output: 'Bonjour, ' });
        const trace = expectEnvelope<Record<string, unknown>>(await server.request().get(`/api/v1/public/traces/${traceId}`).set('x-api-key', tenant.apiKey));
        expect(trace).to.include({ status: 'error' });
        const [span] = trace.spans as Record<string, unknown>[];
        expect(span).to.include({ status: 'error', error: 'The server had an error while processing your request. Sorry about that!' });
        expect(span!.output).to.deep.equal({ role: 'assistant', content: 'Bonjour, ' });
      });

      it('ends with model_error naming the status when the model answers an HTTP error', async () => {
        const { tenant, connectionId } = await project();
        const events = eventsOf((await run(tenant, greeting(connectionId, 'HTTP_429 {{name}}'))).body as string);
        expect(events.map((e) => e.event)).to.deep.equal(['run', 'error']);
        expect(events[1]!.data).to.deep.equal({ traceId: events[0]!.data.traceId, code: 'model_error', detail: 'the model endpoint answered HTTP 429: Rate limit reached for gpt-4o-mini', output: '' });
      });

      it('ends with model_unreachable when the connection breaks mid-stream', async () => {
        const { tenant, connectionId } = await project();
        const events = eventsOf((await run(tenant, greeting(connectionId, 'DROP {{name}}'))).body as string);
        expect(events.map((e) => e.event)).to.deep.equal(['run', 'delta', 'error']);
        expect(events[2]!.data).to.include({ code: 'model_unreachable', output: 'Bonjour' });
      });

      it('ends with model_timeout when the model stays silent past EVALUATOR_TIMEOUT_MS', async () => {
        // A server of its own with a short deadline: the silence is real time on a socket, not the service clock.
        const quick = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', EVALUATOR_TIMEOUT_MS: '300' } });
        try {
          const connection = await quick.request().post('/api/v1/public/model-connections').set('x-api-key', quick.tenant.apiKey).send({ name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-quick' });
          const body = greeting(expectEnvelope<{ id: string }>(connection, 201).id, 'HOLD {{name}}');
          const res = await quick.request().post('/api/v1/public/playground/runs').set('x-api-key', quick.tenant.apiKey).send(body).buffer(true).parse((r, done) => {
            let text = '';
            r.setEncoding('utf8');
            r.on('data', (chunk: string) => (text += chunk));
            r.on('end', () => done(null, text));
          });
          const events = eventsOf(res.body as string);
          expect(events.map((e) => e.event)).to.deep.equal(['run', 'delta', 'error']);
          expect(events[2]!.data).to.deep.equal({ traceId: events[0]!.data.traceId, code: 'model_timeout', detail: 'the model endpoint sent nothing for 300 ms', output: 'Bonjour' });
        } finally {
          model.release();
          await quick.close();
        }
      });

      it('refuses a placeholder without a value with its field path, before calling the model', async () => {
        const { tenant, connectionId } = await project();
        const calls = model.calls.length;
        const res = await run(tenant, { ...greeting(connectionId), variables: { language: 'French' } });
        const problem = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(problem.errors).to.deep.equal([{ path: '/body/variables/name', code: 'required', message: 'the template uses {{name}}' }]);
        expect(model.calls.length, 'no model was called').to.equal(calls);
      });

      it('refuses an unknown model connection as 404', async () => {
        const { tenant } = await project();
        expectProblem(await run(tenant, greeting('00000000-0000-4000-8000-000000000000')), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses an empty message list with its field path', async () => {
        const { tenant, connectionId } = await project();
        const problem = expectProblem(await run(tenant, { modelConnectionId: connectionId, messages: [] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/body/messages']);
      });

      it("counts each run's tokens and dollars against the project's evaluation budget and refuses runs once it is spent", async () => {
        const { tenant, connectionId } = await project();
        const set = await server.request().put('/api/v1/public/evaluation-budget').set('x-api-key', tenant.apiKey).send({ dailyBudgetTokens: 30 });
        expectEnvelope(set);
        expect((await run(tenant, greeting(connectionId))).status).to.equal(200);
        expect(expectEnvelope(await server.request().get('/api/v1/public/evaluation-budget').set('x-api-key', tenant.apiKey))).to.include({ spentTodayTokens: 17, spentTodayUsd: RUN_COST_USD, state: 'active' });
        expect((await run(tenant, greeting(connectionId))).status).to.equal(200);
        const calls = model.calls.length;
        const refused = expectProblem(await run(tenant, greeting(connectionId)), 409, 'PUBLIC_API_EVALUATION_BUDGET_EXHAUSTED');
        const midnight = new Date(Math.floor(server.clock.now().getTime() / DAY) * DAY + DAY).toISOString();
        expect(refused.detail).to.equal(`The project's evaluation budget is spent: paused: the project's daily budget of 30 tokens spent (34); resumes at ${midnight}.`);
        expect(model.calls.length, 'a refused run calls no model').to.equal(calls);
        expect(expectEnvelope(await server.request().get('/api/v1/public/evaluation-budget').set('x-api-key', tenant.apiKey))).to.include({ spentTodayTokens: 34, state: 'paused' });
      });
    });
  });
});
