import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { describeDatabase, openBenchDatabase, type BenchDatabase } from './bench-database.js';
import { loadDataset, type RawIngestor } from './dataset.js';
import { measureIngest, measurePhysicalIngest, measureRawIngest, type IngestOptions } from './phases/ingest.js';
import { measureList } from './phases/list.js';
import { measureSearch } from './phases/search.js';
import { measureBigTraces } from './phases/big-traces.js';
import { measureConsolePaint } from './phases/console-paint.js';
import { measureToolCall } from './phases/tool-call.js';
import { measureTenantSafety } from './phases/tenant-safety.js';
import { measureOtlpIngest } from './phases/otlp-ingest.js';
import { measureSignInTiming } from './phases/sign-in-timing.js';
import type { PhaseContext } from './phases/phase-context.js';
import { measureStartup } from './phases/startup.js';
import { readRssMb } from './rss-sampler.js';
import { createRawIngestor } from './raw-ingest.js';
import { loadConfig } from '../../src/config.js';
import { checkTargets, describeMachine, writeReport, type BenchReport } from './report.js';
import { REPO_ROOT, buildServer, spawnServer } from './server-process.js';
import { benchServerEnv } from './server-env.js';
import { readSetting } from '../../src/settings/read-setting.js';

export interface RunOptions {
  adapters: Dialect[];
  traces: number;
  seed: number;
  reuse: boolean;
  ingestTraces: number;
  batchTraces: number;
  concurrency: number[];
  duration: number;
  warmup: number;
  pageLimit: number;
  deepPage: number;
  latencyConnections: number;
  toolConnections: number;
  out: string;
  cpuProf: boolean;
  postgresUrl: string;
  smoke: boolean;
  loadOnly: boolean;
  signInSamples: number;
  /** Extra node flags for the measured server only (e.g. a V8 heap flag under trial), not the load generator. */
  serverNodeArgs: string[];
}


const integerArg = (value: string): number => {
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive integer');
  return parsed;
};
const listArg = (value: string): number[] => value.split(',').map((v) => integerArg(v.trim()));
const adaptersArg = (value: string): Dialect[] => {
  const adapters = value.split(',').map((v) => v.trim());
  for (const adapter of adapters) if (adapter !== 'sqlite' && adapter !== 'postgres') throw new InvalidArgumentError('sqlite, postgres or sqlite,postgres');
  return adapters as Dialect[];
};

const runStarted = Date.now();
const log = (message: string) => console.log(`[bench ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(6)}s] ${message}`);

/** Loads the list/search project's data set up to `--traces` (a reused database only adds what is missing). */
const loadBenchData = (db: BenchDatabase, raw: RawIngestor, options: RunOptions, baseTime: number) =>
  loadDataset(raw, {
    projectId: db.project.projectId,
    seed: options.seed,
    traces: options.traces,
    dataDir: db.serverEnv.DATA_DIR,
    baseTime,
    // PostgreSQL: four transactions at once, as HTTP ingest at concurrency 8 outruns the sequential path;
    // SQLite's one writer gains nothing from it.
    concurrency: db.adapter === 'postgres' ? 4 : 1,
    log,
  });

async function runAdapter(adapter: Dialect, options: RunOptions, serverEntry: string): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  // A minute in the past: traces are valid "now", and nothing lands in the future.
  const baseTime = Date.now() - 60_000;
  log(`${adapter}: preparing the bench database${options.reuse ? ' (reused)' : ''}…`);
  const db = await openBenchDatabase({ adapter, reuse: options.reuse, postgresUrl: options.postgresUrl });
  const notes: string[] = [];
  try {
    const raw = createRawIngestor(db);
    const dataset = await loadBenchData(db, raw, options, baseTime);
    await db.refreshPlannerStatistics();
    const ingestOptions: IngestOptions = {
      concurrencies: options.concurrency,
      tracesPerLevel: options.ingestTraces,
      batchTraces: options.batchTraces,
      firstIndex: Math.max(options.traces, dataset.traces),
    };
    const quietContext = { serverEntry, db, raw, seed: options.seed, baseTime, durationSeconds: options.duration, warmupRequests: options.warmup, log, notes };
    const rawIngest = await measureRawIngest(quietContext, ingestOptions);
    const physicalIngest = await measurePhysicalIngest(quietContext, ingestOptions);
    const profileDir = path.join(options.out, 'profiles');
    const serverEnv = benchServerEnv(db);
    // Before the measured server starts, so each start has the machine (and the database) to itself.
    const startup = await measureStartup(
      { serverEntry, serverEnv, apiKey: await db.issueApiKey(db.project.projectId), rounds: options.smoke ? 1 : 3, idleMs: options.smoke ? 2_000 : 10_000 },
      log,
    );
    // The bare comparison endpoint starts alongside; it idles until the tool-call phase.
    const bareStarting = spawnServer({ entry: 'scripts/bench/bare-server.ts', env: {} });
    const server = await spawnServer({
      entry: serverEntry,
      env: serverEnv,
      nodeArgs: [...options.serverNodeArgs, ...(options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [])],
    });
    const bare = await bareStarting.catch(async (error) => {
      await server.stop();
      throw error;
    });
    log(`${adapter}: server pid ${server.pid} at ${server.baseUrl}; bare endpoint pid ${bare.pid}`);
    const settleMs = options.smoke ? 2_000 : 30_000;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const idleBeforeIngestMb = readRssMb(server.pid);
    const context: PhaseContext = { server, serverEntry, db, raw, seed: options.seed, baseTime, durationSeconds: options.duration, warmupRequests: options.warmup, log, notes };
    try {
      const { ingest, projects: ingestProjects } = await measureIngest(context, ingestOptions, rawIngest, physicalIngest);
      // OTLP after native, on data past every native level's, so ids never collide; the native
      // levels' projects go after it (measureIngest), also when it fails, so a reused database keeps none.
      const otlpIngest = await measureOtlpIngest(
        context,
        {
          concurrency: 8,
          traces: ingestOptions.tracesPerLevel,
          tracesPerExport: ingestOptions.batchTraces,
          firstIndex: ingestOptions.firstIndex + ingestOptions.tracesPerLevel * (ingestOptions.concurrencies.length + 1),
        },
        ingest,
      ).finally(async () => {
        for (const projectId of ingestProjects) await db.deleteProject(projectId);
      });
      // What the ingest phases leave behind: RSS after a quiet spell against the same server's idle RSS before them.
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const afterIngest = { settleMs, idleBeforeMb: idleBeforeIngestMb, afterMb: readRssMb(server.pid) };
      const list = await measureList(context, {
        projectId: db.project.projectId,
        pageLimit: options.pageLimit,
        deepPage: options.deepPage,
        connections: options.latencyConnections,
      });
      const search = await measureSearch(context, { projectId: db.project.projectId, dataset, connections: options.latencyConnections, countLimits: searchBounds(loadConfig(serverEnv)) });
      const bigTraces = await measureBigTraces(context);
      // The smoke run checks the phase works: one warm load per trace, not five.
      const consolePaint = await measureConsolePaint(context, { loads: options.smoke ? 1 : 5 });
      // Interleaved rounds, medians reported: one pair measures whatever else ran in its minute.
      const toolCall = await measureToolCall(context, { projectId: db.project.projectId, connections: options.toolConnections, bare, rounds: options.smoke ? 1 : 3 });
      const signInTiming = await measureSignInTiming(context, { samples: options.signInSamples });
      const { fairShare, hostileDetections } = await measureTenantSafety(context, db.project.projectId, serverEnv, options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.join(profileDir, 'tenant-safety')] : []);
      const phases = { startup: { ...startup, afterIngest }, ingest, otlpIngest, list, search, bigTraces, consolePaint, toolCall, fairShare, hostileDetections, signInTiming };
      if (options.cpuProf) notes.push(`CPU profile of the server written to ${path.relative(REPO_ROOT, profileDir)}/ (open in Chrome DevTools or speedscope).`);
      return {
        adapter,
        startedAt,
        finishedAt: new Date().toISOString(),
        seed: options.seed,
        smoke: options.smoke,
        dataSize: { traces: dataset.traces, spans: dataset.spans, ingestTracesPerLevel: options.ingestTraces },
        machine: { ...describeMachine(), database: await describeDatabase(db) },
        phases,
        targets: checkTargets(adapter, phases),
        notes,
      };
    } finally {
      log(`${adapter}: stopping the server…`);
      await bare.stop();
      const code = await server.stop();
      if (code !== 0) log(`${adapter}: server exited with ${code}:\n${server.output().slice(-2000)}`);
    }
  } finally {
    log(`${adapter}: closing the bench database…`);
    await db.close();
  }
}

/** Loads (or resumes loading) the reusable data set and stops: the measurement can then run on a quiet machine. */
async function loadOnly(adapter: Dialect, options: RunOptions): Promise<void> {
  const db = await openBenchDatabase({ adapter, reuse: true, postgresUrl: options.postgresUrl });
  try {
    await loadBenchData(db, createRawIngestor(db), options, Date.now() - 60_000);
  } finally {
    await db.close();
  }
}

export async function run(options: RunOptions): Promise<BenchReport[]> {
  const reports: BenchReport[] = [];
  if (options.loadOnly) {
    for (const adapter of options.adapters) await loadOnly(adapter, options);
    return reports;
  }
  log('compiling the server…');
  const compiled = await buildServer();
  try {
    for (const adapter of options.adapters) {
      const report = await runAdapter(adapter, options, compiled.entry);
      const files = writeReport(report, options.out);
      log(`${adapter}: wrote ${files.map((f) => path.relative(REPO_ROOT, f)).join(', ')}`);
      for (const check of report.targets) log(`  ${check.met === null ? '–' : check.met ? 'met   ' : 'MISSED'} ${check.target}: ${check.actual}`);
      for (const note of report.notes) log(`  note: ${note}`);
      reports.push(report);
    }
  } finally {
    compiled.remove();
  }
  return reports;
}

/** Small enough for `npm test` (both adapters well under a minute), large enough that every phase does real work. */
const SMOKE: Partial<RunOptions> = {
  traces: 240,
  ingestTraces: 40,
  batchTraces: 10,
  duration: 1,
  warmup: 0,
  pageLimit: 5,
  deepPage: 20,
  toolConnections: 4,
  signInSamples: 3,
};

/** The server's search bounds, as TraceSearchService takes them. */
const searchBounds = (config: ReturnType<typeof loadConfig>) => ({ countLimit: config.searchCountLimit, phraseCountLimit: config.searchPhraseCountLimit });

function parse(argv: string[]): RunOptions {
  const program = new Command()
    .name('npm run bench --')
    .description('Tracewell benchmark: ingest, list, search and tool-call speed against the machine\'s own limits.')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', adaptersArg, ['sqlite'] as Dialect[])
    .option('--traces <n>', 'traces in the list/search data set', integerArg, 1_000_000)
    .option('--seed <n>', 'seed of the generated data set', integerArg, 42)
    .option('--reuse', 'keep the database under bench/tmp (PostgreSQL: database tracewell_bench) and reuse its data set', false)
    .option('--ingest-traces <n>', 'traces sent per ingest concurrency level (and stored by the raw path)', integerArg, 5000)
    .option('--batch-traces <n>', 'traces per ingest batch', integerArg, 20)
    .option('--concurrency <list>', 'ingest concurrency levels', listArg, [1, 8, 32])
    .option('--duration <seconds>', 'seconds per latency / throughput measurement', integerArg, 10)
    .option('--warmup <requests>', 'unrecorded requests before each latency / throughput measurement', integerArg, 200)
    .option('--page-limit <n>', 'traces per list page (1–50)', integerArg, 50)
    .option('--deep-page <n>', 'the deep list page', integerArg, 1000)
    .option('--latency-connections <n>', 'connections for the list and search latency measurements', integerArg, 1)
    .option('--tool-connections <n>', 'connections for the tool-call throughput measurement', integerArg, 8)
    .option('--sign-in-samples <n>', 'sign-ins measured per kind (wrong password, unknown email) for the account-enumeration timing', integerArg, 21)
    .option('--out <dir>', 'where results are written', path.join(REPO_ROOT, 'bench', 'results'))
    .option('--server-node-args <list>', 'space-separated node flags for the measured server only (a trial of a V8 or heap flag)', (value: string) => value.split(' ').filter(Boolean), [] as string[])
    .option('--cpu-prof', 'write a V8 CPU profile of the server (node --cpu-prof) next to the results', false)
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .option('--load-only', 'only load the reusable data set (implies --reuse); measure later with --reuse', false)
    .option('--smoke', 'tiny data and 1 s measurements: checks every phase runs (results go to bench/tmp/smoke unless --out)', false);
  program.parse(argv);
  const raw = program.opts<Omit<RunOptions, 'adapters'> & { adapter: Dialect[] }>();
  const explicit = (name: string) => program.getOptionValueSource(name) === 'cli';
  const options: RunOptions = { ...raw, adapters: raw.adapter };
  if (options.smoke) {
    for (const [key, value] of Object.entries(SMOKE)) {
      if (!explicit(key)) (options as unknown as Record<string, unknown>)[key] = value;
    }
    if (!explicit('out')) options.out = path.join(REPO_ROOT, 'bench', 'tmp', 'smoke');
  }
  options.out = path.resolve(options.out);
  return options;
}

run(parse(process.argv)).then(
  () => process.exit(0),
  (error) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
