import { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime.js';
import { seededRandom } from '../../src/domain/detections/learning/seeded-random.js';
import { percentile } from './load.js';
import { RssSampler } from './rss-sampler.js';

/**
 * Learned detections (docs/detections-learning.md#bench): `--examples` labeled traces (a planted
 * class at 30 %, 5 % of labels flipped) bulk-loaded with a boolean annotation score each, then one
 * training of a `custom_trained` detection over them through the training worker — examples read
 * from the database, trained in the training thread — timed, with the process's peak RSS sampled.
 * Meanwhile another tenant's `GET /detections` is timed over HTTP, sequentially, against the same
 * request run idle before. SQLite, in one process (the server's own). Printed as JSON.
 */
const FILLER = 'the order shipment customer account invoice weather report summary travel booking flight hotel menu recipe schedule meeting answer question status update total price item product search result page link email'.split(' ');
const PLANTED = ['i cannot help with that request', 'as an ai i am unable to assist', 'sorry but that is against my policy', 'i must decline to answer this'];

async function main(): Promise<void> {
  const options = new Command()
    .option('--examples <n>', 'labeled traces', (v) => Number(v), 50_000)
    .option('--requests <n>', 'timed requests per phase', (v) => Number(v), 200)
    .parse()
    .opts<{ examples: number; requests: number }>();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-bench-learned-'));
  // As the other benches: no rate limit or fair-share pacing (the latency of the work is measured, not the limiter), no background detection worker.
  const config = loadConfig({
    DATA_DIR: dataDir, SERVER_SECRET: 'bench-secret', LOG_LEVEL: 'silent', DETECTION_WORKER_ENABLED: 'false', VALIDATE_RESPONSES: 'false', LOG_REQUESTS: 'false',
    RATE_LIMIT_READ_PER_MINUTE: '1000000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000000', FAIR_SHARE_BUSY_MS_PER_SECOND: '0',
  });
  const runtime = await createRuntime(config, { log: () => undefined });
  const app = createApp(runtime);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { provisioning } = runtime.services;
    const tenant = async (name: string) => {
      const organization = await provisioning.createOrganization(name);
      const project = await provisioning.createProject(organization.id, name);
      const key = (await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'bench', createdByUserId: null })).key;
      return { projectId: project.id, key };
    };
    const trainer = await tenant('Trainer');
    const other = await tenant('Other');

    // Seed: traces, one span each, a boolean annotation score each.
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const words = (n: number) => Array.from({ length: n }, () => pick(FILLER)).join(' ');
    const knex = runtime.database.knex;
    const now = Date.now();
    const seedStarted = performance.now();
    for (let start = 0; start < options.examples; start += 500) {
      const traces: Record<string, unknown>[] = [];
      const spans: Record<string, unknown>[] = [];
      const scores: Record<string, unknown>[] = [];
      for (let i = start; i < Math.min(options.examples, start + 500); i++) {
        const positive = random() < 0.3;
        const output = positive ? `${words(4)} ${pick(PLANTED)} ${words(4)}` : `${words(8)} ${pick(pick(PLANTED).split(' '))} ${words(3)}`;
        const label = random() < 0.05 ? !positive : positive;
        const id = `t-${i}`;
        traces.push({ project_id: trainer.projectId, id, name: 'chat', status: 'success', created_at: now - options.examples + i, latency_ms: 100, cost: 0.01, span_count: 1, total_tokens: 0, framework: null, metadata: '{}' });
        spans.push({ project_id: trainer.projectId, trace_id: id, span_id: 's1', parent_span_id: null, position: 0, name: 'llm', span_type: 'LLM', status: 'success', latency_ms: 100, cost: null, start_time: now, input: JSON.stringify(`user asks about ${words(3)}`), output: JSON.stringify(output), error: null, metadata: '{}' });
        scores.push({ id: randomUUID(), project_id: trainer.projectId, name: 'refused', data_type: 'boolean', numeric_value: label ? 1 : 0, string_value: null, target: 'trace', trace_id: id, span_id: null, session_id: null, source: 'annotation', author: null, comment: null, evaluator_id: null, created_at: now - options.examples + i });
      }
      await knex.transaction(async (trx) => {
        await trx.batchInsert('traces', traces, 100);
        await trx.batchInsert('spans', spans, 100);
        await trx.batchInsert('scores', scores, 100);
      });
    }
    const seedMs = performance.now() - seedStarted;

    const timed = async (count: number, until?: () => boolean): Promise<number[]> => {
      const times: number[] = [];
      while (times.length < count || (until && !until())) {
        const started = performance.now();
        const res = await fetch(`${base}/api/v1/public/detections?limit=20`, { headers: { 'x-api-key': other.key } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`other tenant got ${res.status}`);
        times.push(performance.now() - started);
        if (until && until()) break;
      }
      return times;
    };
    const summary = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { requests: sorted.length, p50Ms: Math.round(percentile(sorted, 50) * 100) / 100, p99Ms: Math.round(percentile(sorted, 99) * 100) / 100 };
    };
    await timed(50); // warm-up
    const idle = summary(await timed(options.requests));

    const created = await fetch(`${base}/api/v1/public/detections`, {
      method: 'POST',
      headers: { 'x-api-key': trainer.key, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'refusals', displayName: 'Refusals', type: 'custom_trained', config: { labelSource: { kind: 'score', scoreName: 'refused' }, seed: 42 } }),
    });
    const detection = ((await created.json()) as { data: { id: string } }).data;
    await fetch(`${base}/api/v1/public/detections/${detection.id}/trainings`, { method: 'POST', headers: { 'x-api-key': trainer.key, 'content-type': 'application/json' }, body: '{}' });

    const sampler = new RssSampler(process.pid, 50);
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1048576);
    sampler.start();
    let done = false;
    const trainingStarted = performance.now();
    const training = runtime.services.trainings.runOnce('bench').finally(() => {
      done = true;
    });
    const during = summary(await timed(0, () => done));
    await training;
    const trainingMs = performance.now() - trainingStarted;
    const peak = sampler.stop();
    const models = (await (await fetch(`${base}/api/v1/public/detections/${detection.id}/models`, { headers: { 'x-api-key': trainer.key } })).json()) as { data: { models: Record<string, unknown>[] } };
    const model = models.data.models[0]!;
    console.log(
      JSON.stringify(
        {
          adapter: 'sqlite',
          examples: options.examples,
          seedMs: Math.round(seedMs),
          training: { wallMs: Math.round(trainingMs), threadMs: model.durationMs, status: model.status, examples: model.examples, f1: (model.evaluation as { f1: number } | null)?.f1, rocAuc: (model.evaluation as { rocAuc: number } | null)?.rocAuc },
          memory: { rssBeforeMb, peakRssMb: peak },
          otherTenant: { idle, duringTraining: during, p50Ratio: Math.round((during.p50Ms / idle.p50Ms) * 100) / 100, p99Ratio: Math.round((during.p99Ms / idle.p99Ms) * 100) / 100 },
        },
        null,
        2,
      ),
    );
  } finally {
    server.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
