import { Command } from 'commander';
import { loadConfig } from '../../src/config.js';
import { readSetting } from '../../src/settings/read-setting.js';
import type { Dialect } from '../../src/ports/store.js';
import { createRuntime } from '../../src/runtime.js';
import { adjustedRandIndex } from '../../test/support/adjusted-rand-index.js';
import { failureCorpus, signatureOf } from '../../test/support/failure-corpus.js';
import { describeDatabase, openBenchDatabase } from './bench-database.js';
import { percentile } from './load.js';
import { RssSampler } from './rss-sampler.js';

/**
 * Failure clustering (docs/detections-learning.md#failure-clustering): `--traces` failing traces of
 * the planted-family corpus (test/support/failure-corpus.ts, 5 % noise) assigned one by one, each in
 * its own transaction as the detection worker does (signature, the project lock, one leaf read, one
 * cluster write, one membership insert). Times the whole run and each assignment (first and last
 * 10 %, to show the per-trace work does not grow with the project), samples the process's peak RSS,
 * and scores the result against the planted families (ARI). `--adapter sqlite|postgres` (a fresh
 * database, dropped after); `--batch N` assigns N traces per transaction under one lock, as a
 * backfill batch does. One process. Printed as JSON.
 */
async function main(): Promise<void> {
  const options = new Command()
    .option('--traces <n>', 'failing traces', (v) => Number(v), 100_000)
    .option('--seed <n>', 'corpus seed', (v) => Number(v), 7)
    .option('--adapter <name>', 'sqlite or postgres', 'sqlite')
    .option('--batch <n>', 'traces per transaction (1: as the detection worker; more: as a backfill batch)', (v) => Number(v), 1)
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse()
    .opts<{ traces: number; seed: number; adapter: Dialect; postgresUrl: string; batch: number }>();
  // A fresh database per run (a new PostgreSQL database, dropped at the end), migrated by the helper;
  // its own connection stays open only to be closed (and the database dropped) at the end.
  const db = await openBenchDatabase({ adapter: options.adapter, reuse: false, postgresUrl: options.postgresUrl });
  const database = await describeDatabase(db);
  const config = loadConfig({ ...db.serverEnv, LOG_LEVEL: 'silent', DETECTION_WORKER_ENABLED: 'false', LOG_REQUESTS: 'false' });
  const runtime = await createRuntime(config, { log: () => undefined });
  try {
    const { provisioning, clusters } = runtime.services;
    const organization = await provisioning.createOrganization('Clusters');
    const projectId = (await provisioning.createProject(organization.id, 'Clusters')).id;
    const corpus = failureCorpus(options.traces, options.seed, 0.05);
    const sampler = new RssSampler(process.pid, 50);
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1048576);
    sampler.start();
    const assigned: string[] = [];
    const times: number[] = [];
    const start = Date.UTC(2026, 10, 1);
    const started = performance.now();
    // Per-trace times: a batch's transaction time is shared equally by its traces.
    for (let from = 0; from < corpus.length; from += options.batch) {
      const t0 = performance.now();
      const batch = corpus.slice(from, from + options.batch).map((trace, k) => {
        const i = from + k;
        const tokens = signatureOf(trace, clusters.assignment.parameters.maxTokens);
        return { projectId, traceId: `t-${i}`, tokens, detectionIds: [], seenAt: new Date(start + i * 1000) };
      });
      const now = batch[batch.length - 1]!.seenAt;
      assigned.push(...(await runtime.store.transaction((tx) => clusters.assignment.assignAll(tx, batch, now))));
      const each = (performance.now() - t0) / batch.length;
      for (let k = 0; k < batch.length; k++) times.push(each);
    }
    const wallMs = performance.now() - started;
    const peakRssMb = sampler.stop();
    const tenth = Math.max(1, Math.floor(times.length / 10));
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const round = (v: number) => Math.round(v * 1000) / 1000;
      return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted[sorted.length - 1]!) };
    };
    const listStarted = performance.now();
    const page = await clusters.list(projectId, { sort: 'count', limit: 100, trendDays: 30 }, { credentialId: 'bench', projectId, endpoint: 'listFailureClusters', filters: {}, sort: 'count' });
    const listMs = performance.now() - listStarted;
    console.log(
      JSON.stringify(
        {
          adapter: options.adapter,
          batch: options.batch,
          database,
          traces: options.traces,
          seed: options.seed,
          wallMs: Math.round(wallMs),
          tracesPerSecond: Math.round(options.traces / (wallMs / 1000)),
          assignment: { all: stats(times), first10pct: stats(times.slice(0, tenth)), last10pct: stats(times.slice(-tenth)) },
          memory: { rssBeforeMb, peakRssMb },
          clusters: page.totalCount,
          ari: Math.round(adjustedRandIndex(corpus.map((t) => t.family), assigned) * 10000) / 10000,
          listFirstPageMs: Math.round(listMs * 10) / 10,
        },
        null,
        2,
      ),
    );
  } finally {
    await runtime.close();
    await db.close();
  }
}

await main();
