import { Command } from 'commander';
import type { Database as SqliteConnection } from 'better-sqlite3';
import Sqlite from '../../adapters/sqlite/driver.js';
import pg from 'pg';
import { MetricsQueryService, type MetricsQueryRequest, type MetricsResult } from '../../src/domain/analytics/metrics-query-service.js';
import { ProjectRetention } from '../../src/domain/traces/retention.js';
import { systemClock } from '../../src/clock.js';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
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
  postgresUrl: string;
}

const DAY_MS = 86_400_000;
const round = (value: number) => Math.round(value * 1000) / 1000;
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet', 'claude-haiku', 'llama-3', 'mistral-large'];
const AGENTS = ['planner', 'support', 'billing', 'router', 'writer', 'reviewer', 'search', 'triage'];
const USERS = 500;
/** Whole days, so the daily buckets line up with the bare statement's integer division. */
const TO = Date.parse('2026-11-01T00:00:00.000Z');
const FROM = TO - 30 * DAY_MS;

async function seed(db: BenchDatabase, options: Options): Promise<void> {
  const knex = db.database.knex;
  const projectId = db.project.projectId;
  const random = new Random(5603);
  const chunk = 1000;
  for (let start = 0; start < options.traces; start += chunk) {
    const traces: Record<string, unknown>[] = [];
    const spans: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(options.traces, start + chunk); i++) {
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
}

const range = { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() };
const modelSql: Record<Dialect, string> = {
  sqlite: `(CASE WHEN json_type(s.metadata, '$.model') = 'text' THEN json_extract(s.metadata, '$.model') END)`,
  postgres: `(CASE WHEN jsonb_typeof(CAST(s.metadata AS jsonb) -> 'model') = 'string' THEN CAST(s.metadata AS jsonb) ->> 'model' END)`,
};
const key = (...parts: unknown[]) => parts.map((p) => (typeof p === 'number' ? String(Number(p.toPrecision(12))) : String(p))).join('|');
const sorted = (rows: string[]) => [...rows].sort();

const CASES: Case[] = [
  {
    name: '30-day daily cost by model',
    request: { ...range, measures: ['costSum'], time: { bucket: 'day', timeZone: 'UTC' }, dimensions: [{ name: 'model', top: 10 }] },
    bare: Object.fromEntries(
      (['sqlite', 'postgres'] as const).map((d) => [
        d,
        `SELECT CAST((t.created_at - $from) / ${DAY_MS} AS integer) AS day, ${modelSql[d]} AS model, SUM(COALESCE(s.cost, 0)) AS v FROM traces t JOIN spans s ON s.project_id = t.project_id AND s.trace_id = t.id ` +
          `WHERE t.project_id = $project AND t.created_at >= $from AND t.created_at < $to GROUP BY 1, 2`,
      ]),
    ) as Record<Dialect, string>,
    expected: (r) => r.rows.filter((row) => (row.values.costSum ?? 0) !== 0 || row.groups[0].value !== null).map((row) => key(Math.round((row.bucketStart!.getTime() - FROM) / DAY_MS), row.groups[0].value, row.values.costSum)),
    actual: (rows) => rows.filter((row) => Number(row.v) !== 0 || row.model !== null).map((row) => key(Number(row.day), row.model, Number(row.v))),
  },
  {
    name: 'p95 latency by model',
    request: { ...range, measures: ['latencyP95'], dimensions: [{ name: 'model', top: 10 }] },
    bare: {
      // Nearest rank (type 1) is what percentile_disc computes on PostgreSQL; SQLite has no percentile function.
      postgres:
        `SELECT ${modelSql.postgres} AS model, percentile_disc(0.95) WITHIN GROUP (ORDER BY s.latency_ms) AS v FROM traces t JOIN spans s ON s.project_id = t.project_id AND s.trace_id = t.id ` +
        `WHERE t.project_id = $project AND t.created_at >= $from AND t.created_at < $to AND s.latency_ms IS NOT NULL GROUP BY 1`,
      sqlite:
        `WITH b AS (SELECT ${modelSql.sqlite} AS model, s.latency_ms AS lat FROM traces t JOIN spans s ON s.project_id = t.project_id AND s.trace_id = t.id ` +
        `WHERE t.project_id = $project AND t.created_at >= $from AND t.created_at < $to AND s.latency_ms IS NOT NULL), ` +
        `r AS (SELECT model, lat, ROW_NUMBER() OVER (PARTITION BY model ORDER BY lat) AS rn, COUNT(*) OVER (PARTITION BY model) AS n FROM b) ` +
        `SELECT model, lat AS v FROM r WHERE rn = (95 * n + 99) / 100`,
    },
    expected: (r) => r.rows.map((row) => key(row.groups[0].value, row.values.latencyP95)),
    actual: (rows) => rows.map((row) => key(row.model, Number(row.v))),
  },
  {
    name: 'error rate by agent',
    request: { ...range, measures: ['errorRate'], dimensions: [{ name: 'agent', top: 10 }] },
    bare: Object.fromEntries(
      (['sqlite', 'postgres'] as const).map((d) => [
        d,
        `SELECT agent_name AS agent, SUM(CASE WHEN status = 'error' THEN 1 ELSE 0 END) AS e, COUNT(*) AS n FROM traces WHERE project_id = $project AND created_at >= $from AND created_at < $to GROUP BY agent_name`,
      ]),
    ) as Record<Dialect, string>,
    expected: (r) => r.rows.map((row) => key(row.groups[0].value, row.values.errorRate)),
    actual: (rows) => rows.map((row) => key(row.agent, Number(row.e) / Number(row.n))),
  },
  {
    name: 'tokens by user, top 20',
    request: { ...range, measures: ['totalTokens'], dimensions: [{ name: 'user', top: 20 }], rankBy: 'totalTokens' },
    bare: {
      sqlite: `SELECT user_id AS u, SUM(total_tokens) AS v FROM traces WHERE project_id = $project AND created_at >= $from AND created_at < $to AND user_id IS NOT NULL GROUP BY user_id ORDER BY v DESC, user_id LIMIT 20`,
      postgres: `SELECT user_id AS u, SUM(total_tokens) AS v FROM traces WHERE project_id = $project AND created_at >= $from AND created_at < $to AND user_id IS NOT NULL GROUP BY user_id ORDER BY v DESC, user_id COLLATE "C" LIMIT 20`,
    },
    expected: (r) => r.rows.filter((row) => !row.groups[0].other && row.groups[0].value !== null).map((row) => key(row.groups[0].value, row.values.totalTokens)),
    actual: (rows) => rows.map((row) => key(row.u, Number(row.v))),
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
  const service = new MetricsQueryService(db.store, new ProjectRetention(db.store, systemClock));
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
        const b = await timed(() => bare(c.bare[db.adapter]));
        if (run === 0) {
          // The first run checks the answers and warms caches; it is not measured.
          equal = JSON.stringify(sorted(c.expected(s.value))) === JSON.stringify(sorted(c.actual(b.value)));
          if (!equal) console.error(`${db.adapter} ${c.name}: service and bare SQL differ`, sorted(c.expected(s.value)).slice(0, 5), sorted(c.actual(b.value)).slice(0, 5));
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

async function main(): Promise<void> {
  const program = new Command('bench:metrics')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--traces <n>', 'traces over 30 days', '100000')
    .option('--spans <n>', 'spans per trace', '5')
    .option('--runs <n>', 'measured runs of each query', '10')
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse();
  const raw = program.opts<Record<string, string>>();
  const options: Options = { adapter: raw.adapter.split(',') as Dialect[], traces: Number(raw.traces), spans: Number(raw.spans), runs: Number(raw.runs), postgresUrl: raw.postgresUrl };
  const results = [];
  for (const adapter of options.adapter) {
    const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: options.postgresUrl });
    try {
      const seeded = Date.now();
      await seed(db, options);
      const seedSeconds = (Date.now() - seeded) / 1000;
      results.push({ adapter, traces: options.traces, spans: options.traces * options.spans, seedSeconds, runs: options.runs, queries: await measure(db, options) });
    } finally {
      await db.close();
    }
  }
  const os = await import('node:os');
  console.log(JSON.stringify({ machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map(round), node: process.version }, results }, null, 2));
}

await main();
