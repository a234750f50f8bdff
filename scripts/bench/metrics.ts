import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import type { Database as SqliteConnection } from 'better-sqlite3';
import Sqlite from '../../adapters/sqlite/driver.js';
import pg from 'pg';
import { MetricsQueryService, type MetricsQueryRequest, type MetricsResult } from '../../src/domain/analytics/metrics-query-service.js';
import { MetricsRollupSettler } from '../../src/domain/analytics/metrics-rollup-settler.js';
import { ProjectRetention } from '../../src/domain/traces/retention.js';
import { systemClock } from '../../src/clock.js';
import type { Dialect } from '../../src/ports/store.js';
import { readInteger, readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase, type BenchDatabase } from './bench-database.js';
import { percentile } from './load.js';
import { Random } from './prng.js';

/**
 * The metrics query (docs/analytics.md) at a chosen scale: `--traces` traces of `--spans` spans each
 * bulk-loaded over 30 days into a fresh bench database per adapter, then four dashboard queries run
 * `--runs` times each through the service (MetricsQueryService over the adapter's store, in process:
 * no HTTP) and as bare SQL — one plain better-sqlite3 / pg statement per query returning the same
 * numbers, checked equal in the run. Printed as JSON: p50/p99 of each and the p99 ratio.
 * `npm run bench:metrics -- --traces 100000 --spans 5`.
 */

interface Options {
  adapter: Dialect[];
  traces: number;
  spans: number;
  runs: number;
  ingestTraces: number;
  postgresUrl: string;
  /** Keep the loaded database (bench/tmp/<adapter>-metrics-reuse) and load it once. */
  reuse: boolean;
  /** The kept database's name (bench/tmp/<adapter>-<name>-reuse, tracewell_bench_<name>): loads of other sizes side by side. */
  reuseName: string;
  skipIngest: boolean;
}

const DAY_MS = 86_400_000;
const round = (value: number) => Math.round(value * 1000) / 1000;
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet', 'claude-haiku', 'llama-3', 'mistral-large'];
const AGENTS = ['planner', 'support', 'billing', 'router', 'writer', 'reviewer', 'search', 'triage'];
const USERS = 500;
/** Whole days, so the daily buckets line up with the bare statement's integer division. */
const TO = Date.parse('2026-11-01T00:00:00.000Z');
const FROM = TO - 30 * DAY_MS;

/** Bulk-loads traces `first`…`first + count - 1` straight into the tables (the rollup triggers mark their hours). */
async function seed(db: BenchDatabase, options: Options, projectId = db.project.projectId, first = 0, count = options.traces, settleStatistics = true): Promise<void> {
  const knex = db.database.knex;
  const random = new Random(5603 + first);
  const chunk = 1000;
  for (let start = first; start < first + count; start += chunk) {
    const traces: Record<string, unknown>[] = [];
    const spans: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(first + count, start + chunk); i++) {
      const created = FROM + random.int(0, 30 * DAY_MS - 60_000);
      const id = `t${i}`;
      let cost = 0;
      let tokens = 0;
      let failed = false;
      const rootLatency = random.int(100, 20_000);
      for (let s = 0; s < options.spans; s++) {
        const llm = s > 0 && random.chance(0.6);
        const spanCost = llm ? random.int(1, 2000) / 65536 : 0;
        const input = llm ? random.int(10, 4000) : 0;
        const output = llm ? random.int(1, 1000) : 0;
        const error = s > 0 && random.chance(0.02);
        failed ||= error;
        cost += spanCost;
        tokens += input + output;
        spans.push({
          project_id: projectId,
          trace_id: id,
          span_id: `s${s}`,
          parent_span_id: s === 0 ? null : 's0',
          position: s,
          name: llm ? 'chat' : s === 0 ? 'agent' : 'tool',
          span_type: llm ? 'LLM' : s === 0 ? 'AGENT' : 'TOOL',
          status: error ? 'error' : 'success',
          latency_ms: s === 0 ? rootLatency : random.int(1, 5000),
          cost: spanCost,
          start_time: created + s,
          metadata: JSON.stringify(llm ? { model: random.pick(MODELS), input_tokens: input, output_tokens: output, cost: spanCost } : {}),
        });
      }
      traces.push({
        project_id: projectId,
        id,
        name: 'bench run',
        status: failed ? 'error' : 'success',
        created_at: created,
        latency_ms: rootLatency,
        cost,
        span_count: options.spans,
        total_tokens: tokens,
        agent_name: random.pick(AGENTS),
        user_id: `user-${random.int(0, USERS - 1)}`,
        metadata: '{}',
      });
    }
    await knex.transaction(async (trx) => {
      await trx.batchInsert('traces', traces, 500);
      await trx.batchInsert('spans', spans, 500);
    });
  }
  if (!settleStatistics) return;
  await db.refreshPlannerStatistics();
  await db.checkpoint();
}

interface Case {
  name: string;
  request: Omit<MetricsQueryRequest, 'projectId'>;
  /** Bare SQL with `$project`, `$from`, `$to`, per dialect; rows of (key…, value). */
  bare: Record<Dialect, string>;
  /** The service's answer as the bare statement's rows. */
  expected(result: MetricsResult): string[];
  /** The bare rows in the same spelling. */
  actual(rows: Record<string, unknown>[]): string[];
  /** The bare side also merges the rows it read (sketches, in plain code): timed with it. */
  merge?: boolean;
}

const range = { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() };
const key = (...parts: unknown[]) => parts.map((p) => (typeof p === 'number' ? String(Number(p.toPrecision(12))) : String(p))).join('|');
const sorted = (rows: string[]) => [...rows].sort();
const daily = { time: { bucket: 'day' as const, timeZone: 'UTC' } };
/**
 * The day rows of one dimension in the range (migration 050), with their day's number: what the
 * service reads for whole UTC days with no marked hour — every day of the range once settled.
 */
const rollups = (dimension: string, columns: string) =>
  `SELECT CAST((day_ms - $from) / ${DAY_MS} AS integer) AS day, value, ${columns} FROM metrics_daily_rollups WHERE project_id = $project AND dimension = '${dimension}' AND day_ms >= $from AND day_ms < $to`;

/**
 * The bench's own reading of the stored sketches (migration 047's format: int16 bin, uint32 count;
 * DDSketch bins of relative accuracy 0.01, bin i answering 2γ^i/(γ+1)), written from the format,
 * not imported, so the bare side runs none of the service's code.
 */
function bareP95(rows: Record<string, unknown>[]): Map<string, number> {
  const gamma = 1.01 / 0.99;
  const bins = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const k = `${row.day}|${row.value}`;
    const counts = bins.get(k) ?? new Map<number, number>();
    bins.set(k, counts);
    const blob = row.latency_sketch as Buffer;
    for (let o = 0; o + 6 <= blob.length; o += 6) counts.set(blob.readInt16LE(o), (counts.get(blob.readInt16LE(o)) ?? 0) + blob.readUInt32LE(o + 2));
  }
  const answer = new Map<string, number>();
  for (const [k, counts] of bins) {
    const n = [...counts.values()].reduce((a, b) => a + b, 0);
    const rank = Math.floor((95 * n + 99) / 100);
    let seen = 0;
    for (const bin of [...counts.keys()].sort((a, b) => a - b)) {
      seen += counts.get(bin)!;
      if (seen >= rank) {
        answer.set(k, bin === -32768 ? 0 : Number(((2 * gamma ** bin) / (gamma + 1)).toPrecision(12)));
        break;
      }
    }
  }
  return answer;
}

/** The four dashboard queries of issue #56, each a 30-day daily series; the bare side reads the same rollup rows. */
const CASES: Case[] = [
  {
    name: '30-day daily cost by model',
    request: { ...range, measures: ['costSum'], ...daily, dimensions: [{ name: 'model', top: 10 }] },
    bare: { sqlite: `${rollups('model', 'SUM(cost) AS v')} GROUP BY 1, 2`, postgres: `${rollups('model', 'SUM(cost) AS v')} GROUP BY 1, 2` },
    expected: (r) => r.rows.map((row) => key(Math.round((row.bucketStart!.getTime() - FROM) / DAY_MS), row.groups[0].value, row.values.costSum)),
    actual: (rows) => rows.map((row) => key(Number(row.day), row.value, Number(row.v))),
  },
  {
    name: '30-day daily p95 latency by model',
    request: { ...range, measures: ['latencyP95'], ...daily, dimensions: [{ name: 'model', top: 10 }] },
    bare: { sqlite: rollups('model', 'latency_sketch'), postgres: rollups('model', 'latency_sketch') },
    expected: (r) => r.rows.map((row) => key(Math.round((row.bucketStart!.getTime() - FROM) / DAY_MS), row.groups[0].value, row.values.latencyP95)),
    actual: (rows) => [...bareP95(rows)].map(([k, v]) => `${k}|${String(Number(v.toPrecision(12)))}`),
    merge: true,
  },
  {
    name: '30-day daily error rate by agent',
    request: { ...range, measures: ['errorRate'], ...daily, dimensions: [{ name: 'agent', top: 10 }] },
    bare: { sqlite: `${rollups('agent', 'SUM(errors) AS e, SUM(units) AS n')} GROUP BY 1, 2`, postgres: `${rollups('agent', 'SUM(errors) AS e, SUM(units) AS n')} GROUP BY 1, 2` },
    expected: (r) => r.rows.map((row) => key(Math.round((row.bucketStart!.getTime() - FROM) / DAY_MS), row.groups[0].value, row.values.errorRate)),
    actual: (rows) => rows.map((row) => key(Number(row.day), row.value, Number(row.e) / Number(row.n))),
  },
  {
    name: '30-day daily tokens by user, top 20',
    request: { ...range, measures: ['totalTokens'], ...daily, dimensions: [{ name: 'user', top: 20 }], rankBy: 'totalTokens' },
    bare: Object.fromEntries(
      (['sqlite', 'postgres'] as const).map((d) => [
        d,
        `WITH r AS (${rollups('user', 'total_tokens')}), top AS (SELECT value FROM r WHERE value IS NOT NULL GROUP BY value ORDER BY SUM(total_tokens) DESC, value${d === 'postgres' ? ' COLLATE "C"' : ''} LIMIT 20) ` +
          `SELECT day, CASE WHEN value IN (SELECT value FROM top) THEN value WHEN value IS NULL THEN NULL ELSE '(other)' END AS u, SUM(total_tokens) AS v FROM r GROUP BY 1, 2`,
      ]),
    ) as Record<Dialect, string>,
    expected: (r) => r.rows.map((row) => key(Math.round((row.bucketStart!.getTime() - FROM) / DAY_MS), row.groups[0].other ? '(other)' : row.groups[0].value, row.values.totalTokens)),
    actual: (rows) => rows.map((row) => key(Number(row.day), row.u, Number(row.v))),
  },
];

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

const summary = (latencies: number[]) => {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50Ms: round(percentile(s, 50)), p99Ms: round(percentile(s, 99)) };
};

async function measure(db: BenchDatabase, options: Options) {
  const projectId = db.project.projectId;
  // Built as the server builds it (src/services.ts): the project's retention read through the credential cache's window.
  const service = new MetricsQueryService(db.store, new ProjectRetention(db.store, systemClock, readInteger(process.env, 'CREDENTIAL_CACHE_MS')));
  const bindings = { project: projectId, from: FROM, to: TO };
  let sqlite: SqliteConnection | null = null;
  let client: pg.Client | null = null;
  if (db.adapter === 'sqlite') sqlite = new Sqlite(db.serverEnv.DATABASE_URL.replace(/^sqlite:/, ''), { readonly: true });
  else {
    client = new pg.Client({ connectionString: db.serverEnv.DATABASE_URL });
    await client.connect();
  }
  const bare = async (text: string): Promise<Record<string, unknown>[]> => {
    if (sqlite) return sqlite.prepare(text.replace(/\$(\w+)/g, '@$1')).all(bindings) as Record<string, unknown>[];
    const names: string[] = [];
    const sql = text.replace(/\$(project|from|to)/g, (_, name: string) => {
      if (!names.includes(name)) names.push(name);
      return `$${names.indexOf(name) + 1}${name === 'project' ? '' : '::bigint'}`;
    });
    return (await client!.query(sql, names.map((n) => bindings[n as keyof typeof bindings]))).rows as Record<string, unknown>[];
  };
  const results = [];
  try {
    for (const c of CASES) {
      const serviceMs: number[] = [];
      const bareMs: number[] = [];
      let equal = true;
      for (let run = 0; run < options.runs + 1; run++) {
        const s = await timed(() => service.query({ projectId, ...c.request }));
        // The bare side's time includes reading its rows into the answer (merging sketches for p95).
        const b = await timed(async () => c.actual(await bare(c.bare[db.adapter])));
        if (run === 0) {
          // The first run checks the answers and warms caches; it is not measured.
          equal = JSON.stringify(sorted(c.expected(s.value))) === JSON.stringify(sorted(b.value));
          if (!equal) console.error(`${db.adapter} ${c.name}: service and bare SQL differ`, sorted(c.expected(s.value)).slice(0, 5), sorted(b.value).slice(0, 5));
          continue;
        }
        serviceMs.push(s.ms);
        bareMs.push(b.ms);
      }
      const serviceSummary = summary(serviceMs);
      const bareSummary = summary(bareMs);
      results.push({ query: c.name, sameAnswer: equal, service: serviceSummary, bare: bareSummary, p99Ratio: round(serviceSummary.p99Ms / bareSummary.p99Ms) });
    }
  } finally {
    sqlite?.close();
    await client?.end();
  }
  return results;
}

/**
 * What rollups cost ingest: the same bulk insert (`--ingest-traces` traces, in 1,000-trace
 * transactions) with the marking triggers of migration 047 and with them dropped — the physical
 * insert rate of the tables. Settling is not in the ingest path (a background loop), reported apart.
 * Into the loaded tables, in a project of its own that is removed after, so the measured queries
 * count the load alone and a kept database stays as it was loaded.
 */
async function ingestRatio(db: BenchDatabase, options: Options): Promise<{ traces: number; withRollupsPerSecond: number; physicalPerSecond: number; ratio: number }> {
  const knex = db.database.knex;
  const count = options.ingestTraces;
  const projectId = await db.createProject('Metrics ingest');
  const rate = async (first: number) => {
    const started = Date.now();
    await seed(db, options, projectId, first, count, false);
    return count / ((Date.now() - started) / 1000);
  };
  const triggers = ['traces_metrics_inserted', 'traces_metrics_deleted', 'traces_metrics_updated'];
  const saved =
    db.adapter === 'sqlite'
      ? ((await knex.raw(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${triggers.map(() => '?').join(', ')})`, triggers)) as { sql: string }[]).map((r) => r.sql)
      : [];
  // Alternating, so the machine's load drifts over both alike.
  const withRollups = [await rate(10_000_000)];
  const drop = async () => {
    if (db.adapter === 'sqlite') for (const name of triggers) await knex.raw(`DROP TRIGGER ${name}`);
    else for (const name of triggers) await knex.raw(`ALTER TABLE traces DISABLE TRIGGER ${name}`);
  };
  const restore = async () => {
    if (db.adapter === 'sqlite') for (const text of saved) await knex.raw(text);
    else for (const name of triggers) await knex.raw(`ALTER TABLE traces ENABLE TRIGGER ${name}`);
  };
  await drop();
  const physical = [await rate(20_000_000)];
  await restore();
  withRollups.push(await rate(30_000_000));
  await drop();
  physical.push(await rate(40_000_000));
  await restore();
  await knex('metrics_dirty_hours').where({ project_id: projectId }).delete();
  await db.deleteProject(projectId);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return { traces: count, withRollupsPerSecond: round(mean(withRollups)), physicalPerSecond: round(mean(physical)), ratio: round(mean(withRollups) / mean(physical)) };
}

/** What a kept database holds: loaded once, refused when asked for another size. */
function loadRecord(db: BenchDatabase, options: Options): { seedSeconds?: number; save(seconds: number): void } {
  const file = path.join(db.serverEnv.DATA_DIR, 'metrics-load.json');
  const wanted = { traces: options.traces, spans: options.spans, projectId: db.project.projectId };
  const save = (seedSeconds: number) => {
    if (options.reuse) writeFileSync(file, JSON.stringify({ ...wanted, seedSeconds }));
  };
  if (!options.reuse || !existsSync(file)) return { save };
  const held = JSON.parse(readFileSync(file, 'utf8')) as typeof wanted & { seedSeconds: number };
  if (held.traces !== wanted.traces || held.spans !== wanted.spans || held.projectId !== wanted.projectId) {
    throw new Error(`The kept database holds ${held.traces} traces × ${held.spans} spans; run with those or remove ${db.serverEnv.DATA_DIR}.`);
  }
  return { seedSeconds: held.seedSeconds, save };
}

async function main(): Promise<void> {
  const program = new Command('bench:metrics')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--traces <n>', 'traces over 30 days', '100000')
    .option('--spans <n>', 'spans per trace', '5')
    .option('--runs <n>', 'measured runs of each query', '10')
    .option('--ingest-traces <n>', 'traces per ingest-rate sample (with and without the rollup triggers)', '10000')
    .option('--reuse', 'keep the loaded database (bench/tmp/<adapter>-metrics-reuse, tracewell_bench_metrics) and load it once', false)
    .option('--reuse-name <name>', 'name of the kept database, to keep loads of several sizes', 'metrics')
    .option('--skip-ingest', 'measure the queries only', false)
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse();
  const raw = program.opts<Record<string, string>>();
  const options: Options = { adapter: raw.adapter.split(',') as Dialect[], traces: Number(raw.traces), spans: Number(raw.spans), runs: Number(raw.runs), ingestTraces: Number(raw.ingestTraces), postgresUrl: raw.postgresUrl, reuse: Boolean(raw.reuse), reuseName: raw.reuseName, skipIngest: Boolean(raw.skipIngest) };
  const results = [];
  for (const adapter of options.adapter) {
    const db = await openBenchDatabase({ adapter, reuse: options.reuse, reuseName: options.reuseName, postgresUrl: options.postgresUrl });
    try {
      const progress = (phase: string) => console.error(`${new Date().toISOString()} ${adapter}: ${phase}`);
      const load = loadRecord(db, options);
      let seedSeconds = load.seedSeconds;
      if (seedSeconds === undefined) {
        const [{ n }] = await db.database.knex('traces').where({ project_id: db.project.projectId }).count({ n: '*' });
        if (Number(n) > 0) throw new Error(`The kept database holds a load that did not finish; remove ${db.serverEnv.DATA_DIR} (and tracewell_bench_metrics on PostgreSQL).`);
        progress('seeding');
        const seeded = Date.now();
        await seed(db, options);
        seedSeconds = (Date.now() - seeded) / 1000;
        load.save(seedSeconds);
      } else progress(`reusing the loaded database (seeded in ${seedSeconds} s)`);
      // Ingest's rate with and without the rollup marks, into the loaded tables.
      progress('ingest rates');
      const ingest = options.skipIngest ? null : await ingestRatio(db, options);
      progress('settling');
      // The rollups of every hour the loads marked, as the background settler builds them (24 hours a round).
      const settled = Date.now();
      const hours = await new MetricsRollupSettler(db.store, 24).settleAll();
      const settleSeconds = (Date.now() - settled) / 1000;
      // The settled marks are dead tuples on PostgreSQL until vacuumed, and every query's check for
      // marks in its range reads them (35–45 ms after a million traces). Autovacuum, on in any default
      // installation and set to vacuum this queue table after 5,000 dead marks (migration 051), is off on
      // the bench machines: do what it would have done.
      if (adapter === 'postgres') await db.database.knex.raw('VACUUM metrics_dirty_hours');
      await db.refreshPlannerStatistics();
      progress('queries');
      const traces = options.traces;
      results.push({ adapter, traces, spans: traces * options.spans, seedSeconds, settle: { hours, seconds: settleSeconds }, ingest, runs: options.runs, queries: await measure(db, options) });
    } finally {
      await db.close();
    }
  }
  const os = await import('node:os');
  console.log(JSON.stringify({ machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map(round), node: process.version }, results }, null, 2));
}

await main();
