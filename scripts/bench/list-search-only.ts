import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { readSetting } from '../../src/settings/read-setting.js';
import { loadConfig } from '../../src/config.js';
import { openBenchDatabase } from './bench-database.js';
import { loadDataset } from './dataset.js';
import { createRawIngestor } from './raw-ingest.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer } from './server-process.js';
import { spreadWeeksStore } from './stored-weeks.js';
import { measureList } from './phases/list.js';
import { measureSearch } from './phases/search.js';

/**
 * Only the list and search phases of `npm run bench` (PostgreSQL), on a kept database of its own name
 * (`tracewell_bench_<name>`, `bench/tmp/postgres-<name>-reuse/`), loaded once — with
 * `--stored-weeks-spread` each trace stored in the week of its created_at, as the main bench's option
 * does, which the main bench allows only on a new database it drops at the end. For comparing query
 * plans and list / search latencies on the same data set, before and after a change, on the spread and
 * the single-partition layout. Prints one JSON object (the two phases' results) on stdout.
 */

/** The generator spreads the data set over the 30 days before its base time (generate-traces.ts). */
const SPREAD_MS = 30 * 86_400_000;
const START_TIMEOUT_MS = 300_000;

const integerArg = (value: string): number => {
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive integer');
  return parsed;
};

async function main(): Promise<void> {
  const options = new Command()
    .name('npx tsx scripts/bench/list-search-only.ts')
    .requiredOption('--name <name>', 'the kept database: tracewell_bench_<name>')
    .option('--traces <n>', 'traces in the data set', integerArg, 100_000)
    .option('--seed <n>', 'seed of the generated data set', integerArg, 42)
    .option('--stored-weeks-spread', 'load each trace into the week of its created_at (only into an empty database)', false)
    .option('--load-only', 'only load the data set', false)
    .option('--server <entry>', 'a compiled server entry (e.g. another build\'s dist/src/main.js) instead of compiling this checkout')
    .option('--duration <seconds>', 'seconds per measurement', integerArg, 10)
    .option('--warmup <requests>', 'unrecorded requests before each measurement', integerArg, 200)
    .option('--deep-page <n>', 'the deep list page', integerArg, 1000)
    .option('--skip-search', 'the list phase only', false)
    .option('--postgres-url <url>', 'PostgreSQL server', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ name: string; traces: number; seed: number; storedWeeksSpread: boolean; loadOnly: boolean; server?: string; duration: number; warmup: number; deepPage: number; skipSearch: boolean; postgresUrl: string }>();
  const started = Date.now();
  const log = (message: string) => console.error(`[list-search ${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s] ${message}`);
  const db = await openBenchDatabase({ adapter: 'postgres', reuse: true, reuseName: options.name, postgresUrl: options.postgresUrl });
  try {
    const baseTime = Date.now() - 60_000;
    const summaryFile = path.join(db.serverEnv.DATA_DIR, `dataset-${db.project.projectId}.json`);
    // The spread moves the empty legacy partition: only before the first trace is stored.
    const spread = options.storedWeeksSpread && !existsSync(summaryFile);
    const loadedBefore = existsSync(summaryFile) ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as { traces: number }).traces : 0;
    const raw = createRawIngestor(db, spread ? await spreadWeeksStore(db, baseTime - SPREAD_MS) : undefined);
    const dataset = await loadDataset(raw, {
      weekSpread: spread,
      projectId: db.project.projectId,
      seed: options.seed,
      traces: options.traces,
      dataDir: db.serverEnv.DATA_DIR,
      baseTime,
      concurrency: 4,
      log,
    });
    // Statistics once, after the load: a new sample per run could change the plans compared.
    if (dataset.traces > loadedBefore) await db.refreshPlannerStatistics();
    const parts = (await db.database.knex.raw('SELECT tableoid::regclass::text AS part, count(*) AS n FROM traces GROUP BY 1 ORDER BY 1')).rows as { part: string; n: string }[];
    const layout = parts.map((row) => `${row.part}: ${row.n}`).join(', ');
    log(`data set: ${dataset.traces} traces / ${dataset.spans} spans; ${layout}`);
    if (options.loadOnly) return;
    const compiled = options.server ? { entry: options.server, remove: () => undefined } : await buildServer();
    try {
      const serverEnv = benchServerEnv(db);
      const server = await spawnServer({ entry: compiled.entry, env: serverEnv, startTimeoutMs: START_TIMEOUT_MS });
      try {
        await new Promise((resolve) => setTimeout(resolve, 10_000));
        const notes: string[] = [];
        const context = { server, serverEntry: compiled.entry, db, raw, seed: options.seed, baseTime, durationSeconds: options.duration, warmupRequests: options.warmup, log, notes };
        const measuredAt = new Date().toISOString();
        const list = await measureList(context, { projectId: db.project.projectId, pageLimit: 50, deepPage: options.deepPage, connections: 1 });
        const config = loadConfig(serverEnv);
        const search = options.skipSearch
          ? null
          : await measureSearch(context, { projectId: db.project.projectId, dataset, connections: 1, countLimits: { countLimit: config.searchCountLimit, phraseCountLimit: config.searchPhraseCountLimit } });
        console.log(JSON.stringify({ name: options.name, measuredAt, finishedAt: new Date().toISOString(), layout, dataset: { traces: dataset.traces, spans: dataset.spans }, list, search, notes }));
      } finally {
        await server.stop();
      }
    } finally {
      compiled.remove();
    }
  } finally {
    await db.close();
  }
}

await main();
