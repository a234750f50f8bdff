import { Command } from 'commander';
import path from 'node:path';
import Sqlite from '../../adapters/sqlite/driver.js';
import pg from 'pg';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase, type BenchDatabase } from './bench-database.js';
import { percentile } from './load.js';
import { Random } from './prng.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer } from './server-process.js';

/**
 * The session and end-user lists (docs/sessions.md): `--traces` trace rows bulk-loaded into a fresh
 * bench database per adapter — one session per `--traces-per-session` traces on average, one end
 * user per `--sessions-per-user` sessions, spread over 30 days — the compiled server started on it,
 * then the first page (20) of `GET /sessions` in each order and of `GET /users`, `--requests` times
 * each, one client, timed from send to last byte. Beside it, the same GROUP BY run by a plain
 * better-sqlite3 / pg client without the service. Printed as JSON. `npm run bench:sessions -- --help`.
 */

interface Options {
  adapter: Dialect[];
  traces: number;
  tracesPerSession: number;
  sessionsPerUser: number;
  requests: number;
  postgresUrl: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const DAY = 24 * 3600_000;

async function seed(db: BenchDatabase, options: Options): Promise<void> {
  const knex = db.database.knex;
  const projectId = db.project.projectId;
  const random = new Random(39);
  const sessions = Math.max(1, Math.round(options.traces / options.tracesPerSession));
  const users = Math.max(1, Math.round(sessions / options.sessionsPerUser));
  const now = Date.now();
  const chunk = 5000;
  for (let start = 0; start < options.traces; start += chunk) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(options.traces, start + chunk); i++) {
      const session = random.int(0, sessions - 1);
      rows.push({
        project_id: projectId,
        id: `bench-${i}`,
        name: 'chat turn',
        status: random.chance(0.05) ? 'error' : 'success',
        created_at: now - random.int(0, 30 * DAY),
        latency_ms: random.int(50, 20_000),
        cost: random.int(0, 10_000) / 1e5,
        span_count: 3,
        total_tokens: random.int(0, 4000),
        metadata: '{}',
        source: 'native',
        // A tenth of the traces carry no session, a twentieth no user, as real traffic does.
        session_id: random.chance(0.1) ? null : `session-${session}`,
        user_id: random.chance(0.05) ? null : `user-${session % users}`,
      });
    }
    await knex.transaction(async (trx) => {
      await trx.batchInsert('traces', rows, 500);
    });
  }
  await db.refreshPlannerStatistics();
  await db.checkpoint();
}

const PAGES = [
  ['sessions', 'lastSeenAt:desc'],
  ['sessions', 'cost:desc'],
  ['sessions', 'traceCount:desc'],
  ['sessions', 'durationMs:desc'],
  ['users', 'lastSeenAt:desc'],
  ['users', 'totalTokens:desc'],
] as const;

async function measureService(baseUrl: string, apiKey: string, options: Options): Promise<Record<string, { p50Ms: number; p99Ms: number; failed: number }>> {
  const out: Record<string, { p50Ms: number; p99Ms: number; failed: number }> = {};
  for (const [resource, sort] of PAGES) {
    const latencies: number[] = [];
    let failed = 0;
    for (let i = 0; i < options.requests + 3; i++) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${baseUrl}/api/v1/public/${resource}?limit=20&sort=${sort}`, { headers: { 'x-api-key': apiKey } });
      const body = (await res.json()) as { data?: Record<string, unknown[]> };
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200 || body.data?.[resource]?.length !== 20) failed++;
      if (i >= 3) latencies.push(ms); // three unrecorded warm-ups: JIT, caches
    }
    latencies.sort((a, b) => a - b);
    out[`${resource} ${sort}`] = { p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)), failed };
  }
  return out;
}

/** The floor: the session list's GROUP BY (newest seen first), plain driver, no HTTP. */
const BARE_SESSIONS =
  "SELECT session_id, COUNT(*), MIN(created_at), MAX(created_at), MAX(created_at + latency_ms), SUM(cost), SUM(total_tokens), SUM(CASE WHEN status = 'error' THEN 1 ELSE 0 END), COUNT(DISTINCT user_id) " +
  'FROM traces WHERE project_id = $1 AND session_id IS NOT NULL GROUP BY session_id ORDER BY MAX(created_at) DESC, session_id DESC LIMIT 21';

async function measureBare(db: BenchDatabase, options: Options): Promise<{ p50Ms: number; p99Ms: number }> {
  const latencies: number[] = [];
  const projectId = db.project.projectId;
  if (db.adapter === 'sqlite') {
    const sqlite = new Sqlite(db.serverEnv.DATABASE_URL.replace(/^sqlite:/, ''), { readonly: true });
    const statement = sqlite.prepare(BARE_SESSIONS.replace('$1', '?'));
    for (let i = 0; i < options.requests + 3; i++) {
      const started = process.hrtime.bigint();
      statement.all(projectId);
      if (i >= 3) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: db.serverEnv.DATABASE_URL });
    await client.connect();
    for (let i = 0; i < options.requests + 3; i++) {
      const started = process.hrtime.bigint();
      await client.query({ name: 'bare-sessions', text: BARE_SESSIONS.replace('session_id DESC', 'session_id COLLATE "C" DESC'), values: [projectId] });
      if (i >= 3) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    await client.end();
  }
  latencies.sort((a, b) => a - b);
  return { p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)) };
}

async function main(): Promise<void> {
  const program = new Command('bench:sessions')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--traces <n>', 'traces in the project', '100000')
    .option('--traces-per-session <n>', 'average traces of a session', '10')
    .option('--sessions-per-user <n>', 'average sessions of an end user', '5')
    .option('--requests <n>', 'measured requests per list order (and bare runs)', '30')
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse();
  const raw = program.opts<Record<string, string>>();
  const options: Options = {
    adapter: raw.adapter.split(',') as Dialect[],
    traces: Number(raw.traces),
    tracesPerSession: Number(raw.tracesPerSession),
    sessionsPerUser: Number(raw.sessionsPerUser),
    requests: Number(raw.requests),
    postgresUrl: raw.postgresUrl,
  };
  const server = await buildServer();
  const results = [];
  try {
    for (const adapter of options.adapter) {
      const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: options.postgresUrl });
      try {
        const seeded = Date.now();
        await seed(db, options);
        const seedSeconds = (Date.now() - seeded) / 1000;
        const apiKey = await db.issueApiKey(db.project.projectId);
        const served = await spawnServer({ entry: server.entry, env: benchServerEnv(db) });
        let service;
        try {
          service = await measureService(served.baseUrl, apiKey, options);
        } finally {
          await served.stop();
        }
        const bare = await measureBare(db, options);
        results.push({ adapter, traces: options.traces, seedSeconds, service, bareSessionsByLastSeen: bare });
      } finally {
        await db.close();
      }
    }
  } finally {
    server.remove();
  }
  console.log(JSON.stringify({ machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, entry: path.basename(server.entry), results }, null, 2));
}

await main();
