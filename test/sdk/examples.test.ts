import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { forEachAdapter } from '../support/adapters.js';
import { flatten, startOtlpServer, type OtlpServer } from '../otlp/support.js';
import { STAND_IN_ANSWER } from '../../sdk/typescript/examples/support/openai-stand-in.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Each example as a user runs it — its npm script, in a process of its own, configured by the
 * environment only — against a listening server; what arrived is read back through the REST API.
 */
forEachAdapter((adapter) => {
  describe('SDK examples (npm run sdk:example:*)', function () {
    this.timeout(240_000);
    let otlp: OtlpServer;
    const get = (url: string) => otlp.server.request().get(url).set('x-api-key', otlp.server.tenant.apiKey);

    before(async function () {
      this.timeout(120_000);
      otlp = await startOtlpServer(adapter);
    });
    after(async () => otlp.close());

    /** Runs the npm script; its last stdout line is its JSON outcome. */
    async function example(script: string): Promise<Record<string, unknown>> {
      const env: NodeJS.ProcessEnv = { ...process.env, TRACEWELL_BASE_URL: otlp.baseUrl, TRACEWELL_API_KEY: otlp.server.tenant.apiKey };
      delete env.OPENAI_BASE_URL;
      delete env.TRACEWELL_DATASET_ID;
      const { stdout } = await run('npm', ['run', '--silent', script], { cwd: ROOT, env, timeout: 180_000 });
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    }

    it('quickstart: the agent, its tool and its generation arrive as one trace with session, user, tokens and the score', async () => {
      const outcome = await example('sdk:example:quickstart');
      const trace = await otlp.getTrace(outcome.traceId as string);
      expect(trace).to.deep.include({ name: 'support_agent', agentName: 'quickstart-agent', sessionId: 'quickstart-session', userId: 'quickstart-user', status: 'success' });
      // Siblings are ordered by start time, which can be equal to the millisecond: the tree is compared, not the order.
      const [root] = trace.spans;
      expect([trace.spans.length, root.name, root.spanType]).to.deep.equal([1, 'support_agent', 'AGENT']);
      expect(root.children.map((s) => `${s.spanType} ${s.name}`).sort()).to.deep.equal(['CHAIN draft_reply', 'TOOL lookup_order']);
      const generation = root.children.find((s) => s.name === 'draft_reply')!.children;
      expect(generation.map((s) => `${s.spanType} ${s.name}`)).to.deep.equal(['LLM chat example-model']);
      expect(generation[0].metadata).to.deep.include({ model: 'gpt-4o-mini', input_tokens: 42, output_tokens: 12 });
      const scores = await get(`/api/v1/public/scores?traceId=${outcome.traceId as string}`);
      expect((scores.body.data.scores as { name: string; value: number }[]).map((s) => [s.name, s.value])).to.deep.equal([['helpfulness', 1]]);
    });

    it('openai agent: two model calls around a tool call, with usage, under the agent span', async () => {
      const outcome = await example('sdk:example:openai');
      expect(outcome.answer).to.equal(STAND_IN_ANSWER);
      const trace = await otlp.getTrace(outcome.traceId as string);
      expect(trace).to.deep.include({ agentName: 'weather-agent', sessionId: 'weather-session' });
      const spans = flatten(trace.spans);
      // Siblings are ordered by start time, which the stand-in's speed can make equal to the millisecond.
      expect(trace.spans.map((s) => [s.name, s.spanType])).to.deep.equal([['weather_agent', 'AGENT']]);
      expect(trace.spans[0].children.map((s) => `${s.spanType} ${s.name}`).sort()).to.deep.equal(['LLM chat gpt-4o-mini', 'LLM chat gpt-4o-mini', 'TOOL weather']);
      for (const call of spans.filter((s) => s.spanType === 'LLM')) expect(call.metadata).to.deep.include({ model: 'gpt-4o-mini-2025-01-01', input_tokens: 21, output_tokens: 9 });
      expect(trace.spans[0].children.find((s) => s.name === 'weather')?.output).to.deep.equal({ value: { city: 'Paris', celsius: 18, sky: 'clear' } });
    });

    it('experiment: a baseline run and a run compared with it, results linked to traces', async () => {
      const outcome = await example('sdk:example:experiment');
      const runs = await get(`/api/v1/public/datasets/${outcome.datasetId as string}/runs`);
      const byId = new Map((runs.body.data.runs as { id: string; name: string; status: string; baseline: boolean; resultCount: number }[]).map((r) => [r.id, r]));
      expect(byId.get(outcome.baselineRunId as string)).to.deep.include({ name: 'v1', status: 'completed', baseline: true, resultCount: 6 });
      expect(byId.get(outcome.runId as string)).to.deep.include({ name: 'v2', status: 'completed', baseline: false, resultCount: 6 });
      const comparison = outcome.comparison as { baselineRunId: string; comparisons: { score: string; pairs: number; baselineMean: number; candidateMean: number }[] };
      expect(comparison.baselineRunId).to.equal(outcome.baselineRunId);
      expect(comparison.comparisons.find((c) => c.score === 'exact')).to.deep.include({ pairs: 6, candidateMean: 1 });
      expect(comparison.comparisons.find((c) => c.score === 'exact')!.baselineMean).to.be.closeTo(5 / 6, 1e-12);
      const results = await get(`/api/v1/public/datasets/${outcome.datasetId as string}/runs/${outcome.runId as string}/results`);
      const first = (results.body.data.results as { traceId: string }[])[0];
      expect((await otlp.getTrace(first.traceId)).spans[0].name).to.match(/^experiment item /);
    });
  });
});
