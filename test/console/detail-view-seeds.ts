import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { Receiver } from '../webhooks/support.js';
import { OpenAiStreamStandIn } from '../playground/openai-stream-stand-in.js';
import type { TraceInput } from '../traces/fixtures.js';

const API = '/api/v1/public';

/** What the design test's detail-view screenshots open: the ids of what was seeded for each. */
export interface DetailViews {
  webhookId: string;
  monitorId: string;
  datasetId: string;
  runs: { baseline: string; candidate: string };
  promptName: string;
  receiver: Receiver;
  model: OpenAiStreamStandIn;
  close(): Promise<void>;
}

export const DETAIL = {
  webhook: 'Ops pager',
  monitor: 'Slow answers',
  dataset: 'refund questions',
  prompt: 'support/greeting',
  questions: ['Can I get a refund after 30 days?', 'Where is my refund?', 'How do I cancel an order?'],
} as const;

const GREETING_V1 = [
  { type: 'message', role: 'system', content: 'You greet people.' },
  { type: 'message', role: 'user', content: 'Say hello to {{name}}.' },
];
const GREETING_V2 = [
  { type: 'message', role: 'system', content: 'You greet people in {{language}}.' },
  { type: 'message', role: 'user', content: 'Say hello to {{name}}.' },
];

/** Two traces whose LLM span recorded a greeting version (so the prompt page's usage table has rows). */
const greetingTrace = (id: string, version: number, latency: number, cost: number): TraceInput => ({
  trace_id: id,
  name: `greeting ${id}`,
  spans: [
    {
      span_id: 'llm',
      name: 'greet',
      span_type: 'LLM',
      status: 'success',
      latency_ms: latency,
      start_time: '2026-11-01T11:40:00.000Z',
      metadata: { cost, prompt_name: DETAIL.prompt, prompt_version: version },
    },
  ],
});

/**
 * Seeds the eight detail views docs/console.md shows (needs WEBHOOK_ALLOWED_HOSTS 127.0.0.1:*): a
 * webhook with one delivered and one failed delivery, a monitor, a prompt with two versions and traces of
 * each, a model connection to the local OpenAI-compatible stand-in, and a dataset of three items with two
 * completed runs (baseline and candidate). The annotation queue and the fix are the design test's own.
 */
export async function seedDetailViews(server: TestServer): Promise<DetailViews> {
  const receiver = await new Receiver().start();
  const model = await new OpenAiStreamStandIn().start();
  const project = server.tenant.project.id;
  // Webhooks take no API key: a user's token, as the console's own.
  const token = await server.oauthToken(server.tenant.user.id, ['observability:read', 'observability:write', 'configuration:read', 'configuration:write', 'evaluation:read', 'evaluation:write'], {
    expiresInMs: 30 * 86_400_000,
  });
  const as = { authorization: `Bearer ${token}`, 'x-project-id': project };
  const post = async <T>(path: string, body: object, status = 201): Promise<T> =>
    expectEnvelope<T>(await server.request().post(`${API}${path}`).set(as).set('idempotency-key', randomUUID()).send(body), status);

  const monitor = await post<{ id: string }>('/monitors', { name: DETAIL.monitor, kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 100 } });

  await post('/prompts', { name: DETAIL.prompt, type: 'chat', template: GREETING_V1, config: { model: 'gpt-4o-mini', temperature: 0.3 }, labels: ['production'], commitMessage: 'first greeting' });
  await post('/prompts', { name: DETAIL.prompt, type: 'chat', template: GREETING_V2, config: { model: 'gpt-4o-mini', temperature: 0.3 }, commitMessage: 'greet in a language' });
  await server.runtime.services.traceIngestion.ingestBatch(project, [greetingTrace('greet-1', 1, 900, 0.002), greetingTrace('greet-2', 2, 600, 0.001), greetingTrace('greet-3', 2, 800, 0.003)]);
  await post('/model-connections', { name: 'local stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-design' });

  const dataset = (await server.runtime.services.datasets.create(project, { name: DETAIL.dataset, description: 'Questions about refunds and their expected answers' })).dataset;
  const itemIds: string[] = [];
  for (const [x, question] of DETAIL.questions.entries()) {
    server.clock.advance(1);
    itemIds.push((await server.runtime.services.datasets.createItem(project, dataset.id, { input: { question }, expectedOutput: `answer ${x + 1}` })).id);
  }
  const runs = { baseline: '', candidate: '' };
  // Accuracy per item: baseline 0.9, 0.8, 0.7; candidate 0.6, 0.9, 0.5.
  const accuracy = { baseline: [0.9, 0.8, 0.7], candidate: [0.6, 0.9, 0.5] };
  for (const role of ['baseline', 'candidate'] as const) {
    server.clock.advance(1000);
    const run = await post<{ id: string }>(`/datasets/${dataset.id}/runs`, { name: role === 'baseline' ? 'greeting v1' : 'greeting v2' });
    runs[role] = run.id;
    const results = itemIds.map((itemId, x) => ({ itemId, output: `${role} answer ${x + 1}`, scores: [{ name: 'accuracy', value: accuracy[role][x] }] }));
    await post(`/datasets/${dataset.id}/runs/${run.id}/results`, { results }, 200);
    const done = await server.request().patch(`${API}/datasets/${dataset.id}/runs/${run.id}`).set(as).send({ status: 'completed' });
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
  }
  // Last, so the only deliveries are the two tests (the writes above raise notification events too).
  const webhook = await post<{ id: string }>('/webhooks', { name: DETAIL.webhook, destinationUrl: receiver.url, eventTypes: ['*'] });
  receiver.respondWith(200);
  await post(`/webhooks/${webhook.id}/test`, {});
  await server.runtime.services.webhookDispatcher.drain();
  server.clock.advance(60_000);
  receiver.respondWith(503);
  await post(`/webhooks/${webhook.id}/test`, {});
  await server.runtime.services.webhookDispatcher.drain();

  return {
    webhookId: webhook.id,
    monitorId: monitor.id,
    datasetId: dataset.id,
    runs,
    promptName: DETAIL.prompt,
    receiver,
    model,
    async close() {
      await receiver.stop();
      await model.stop();
    },
  };
}
