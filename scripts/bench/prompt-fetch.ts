import { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Sqlite from '../../adapters/sqlite/driver.js';
import pg from 'pg';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase, type BenchDatabase } from './bench-database.js';
import { percentile } from './load.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer } from './server-process.js';

/**
 * The served prompt read (docs/prompts.md, "Served like a configuration service"): `--prompts`
 * prompts × `--versions` versions bulk-loaded into a fresh bench database per adapter, the compiled
 * server started on it, then `GET /api/v1/public/prompts/{name}` (label `production`) for a random
 * prompt per request, `--requests` times over `--connections` keep-alive connections, each request
 * timed from send to last byte. Beside it, the bare keyed read: the same rows by the same keys with a
 * plain better-sqlite3 prepared statement / plain `pg` client and none of the service's code, run
 * back to back in-process. Printed as JSON. `npm run bench:prompt-fetch -- --help`.
 */

/** A server on a shared machine under load (load average 30+ on 2 cores) took over a minute to listen. */
const START_TIMEOUT_MS = 300_000;

interface Options {
  adapter: Dialect[];
  prompts: number;
  versions: number;
  requests: number;
  connections: number;
  postgresUrl: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const PRODUCTION_VERSION = 7;

/** Prompt i's name: in folders, as teams name them. */
const nameOf = (i: number) => `team-${i % 50}/prompt-${i}`;

async function seed(db: BenchDatabase, options: Options): Promise<void> {
  const knex = db.database.knex;
  const projectId = db.project.projectId;
  const now = Date.now();
  const chunk = 200;
  for (let start = 0; start < options.prompts; start += chunk) {
    const prompts: Record<string, unknown>[] = [];
    const versions: Record<string, unknown>[] = [];
    const labels: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(options.prompts, start + chunk); i++) {
      const id = randomUUID();
      prompts.push({ id, project_id: projectId, name: nameOf(i), type: 'text', version_counter: options.versions, latest_version: options.versions, created_at: now, updated_at: now });
      for (let v = 1; v <= options.versions; v++) {
        versions.push({
          id: randomUUID(),
          prompt_id: id,
          project_id: projectId,
          version: v,
          // About 1.5 KB of text: a realistic system prompt.
          template: JSON.stringify(`You are the assistant of team ${i % 50}, revision ${v}. Answer {{question}} for {{customer}}. `.repeat(16)),
          config: JSON.stringify({ model: 'gpt-4o-mini', temperature: 0.2 }),
          tags: JSON.stringify(['bench']),
          commit_message: `revision ${v}`,
          variables: JSON.stringify(['question', 'customer']),
          placeholders: '[]',
          author: 'api_key:bench',
          created_at: now,
        });
      }
      labels.push({ prompt_id: id, label: 'production', project_id: projectId, version: PRODUCTION_VERSION });
      labels.push({ prompt_id: id, label: 'staging', project_id: projectId, version: options.versions - 1 });
    }
    await knex.transaction(async (trx) => {
      await trx.batchInsert('prompts', prompts, 100);
      await trx.batchInsert('prompt_versions', versions, 100);
      await trx.batchInsert('prompt_labels', labels, 100);
    });
  }
  await db.refreshPlannerStatistics();
  await db.checkpoint();
}

/** The service: `requests` GETs of random prompts over `connections` concurrent sequential clients. */
async function measureService(baseUrl: string, apiKey: string, options: Options): Promise<{ p50Ms: number; p99Ms: number; requests: number; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let remaining = options.requests;
  const fetchOne = async (record: boolean) => {
    const name = nameOf(Math.floor(Math.random() * options.prompts));
    const started = process.hrtime.bigint();
    const res = await fetch(`${baseUrl}/api/v1/public/prompts/${encodeURIComponent(name)}`, { headers: { 'x-api-key': apiKey } });
    const body = (await res.json()) as { data?: { version?: number } };
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 200 || body.data?.version !== PRODUCTION_VERSION) failed++;
    if (record) latencies.push(ms);
  };
  // Unrecorded warm-up: JIT and the credential cache, not the measurement.
  for (let i = 0; i < 300; i++) await fetchOne(false);
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (remaining-- > 0) await fetchOne(true);
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)), requests: latencies.length, failed };
}

const BARE_SQL = {
  // The version under a label by (project, name, label), and the prompt's labels: the two reads a fetch needs.
  version: `SELECT v.* FROM prompts p JOIN prompt_labels l ON l.prompt_id = p.id AND l.label = $label JOIN prompt_versions v ON v.prompt_id = p.id AND v.version = l.version WHERE p.project_id = $project AND p.name = $name`,
  labels: `SELECT label, version FROM prompt_labels WHERE prompt_id = $prompt`,
};

/** The floor: the same two keyed reads, plain driver, no HTTP, no validation, no JSON envelope. */
async function measureBare(db: BenchDatabase, options: Options): Promise<{ p50Ms: number; p99Ms: number; runs: number }> {
  const runs = options.requests;
  const latencies: number[] = [];
  const projectId = db.project.projectId;
  const names = Array.from({ length: runs + 300 }, () => nameOf(Math.floor(Math.random() * options.prompts)));
  if (db.adapter === 'sqlite') {
    const file = db.serverEnv.DATABASE_URL.replace(/^sqlite:/, '');
    const sqlite = new Sqlite(file, { readonly: true });
    const version = sqlite.prepare(BARE_SQL.version.replace(/\$(\w+)/g, '@$1'));
    const labels = sqlite.prepare(BARE_SQL.labels.replace(/\$(\w+)/g, '@$1'));
    names.forEach((name, i) => {
      const started = process.hrtime.bigint();
      const row = version.get({ label: 'production', project: projectId, name }) as { prompt_id: string };
      labels.all({ prompt: row.prompt_id });
      if (i >= 300) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    });
    sqlite.close();
  } else {
    const client = new pg.Client({ connectionString: db.serverEnv.DATABASE_URL });
    await client.connect();
    const version = { name: 'bare-version', text: BARE_SQL.version.replace('$label', '$1').replace('$project', '$2').replace('$name', '$3') };
    const labels = { name: 'bare-labels', text: BARE_SQL.labels.replace('$prompt', '$1') };
    for (const [i, name] of names.entries()) {
      const started = process.hrtime.bigint();
      const { rows } = await client.query<{ prompt_id: string }>({ ...version, values: ['production', projectId, name] });
      await client.query({ ...labels, values: [rows[0].prompt_id] });
      if (i >= 300) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    await client.end();
  }
  latencies.sort((a, b) => a - b);
  return { p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)), runs: latencies.length };
}

/** The median of a list (the lower middle of an even count). */
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

interface Round {
  service: Awaited<ReturnType<typeof measureService>>;
  bare: Awaited<ReturnType<typeof measureBare>>;
}

async function main(): Promise<void> {
  const program = new Command('bench:prompt-fetch')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--prompts <n>', 'prompts in the project', '10000')
    .option('--versions <n>', 'versions per prompt', '10')
    .option('--requests <n>', 'measured fetches (and bare reads) per round', '5000')
    .option('--connections <list>', 'concurrent clients, one or more (1,4): each measured on the same data', '1,4')
    .option('--rounds <n>', 'interleaved rounds (service then bare, per connection count); medians are reported', '3')
    .option('--postgres-url <url>', 'PostgreSQL server the bench database is created on', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse();
  const raw = program.opts<Record<string, string>>();
  const connectionCounts = raw.connections.split(',').map(Number);
  const rounds = Number(raw.rounds);
  const base = {
    adapter: raw.adapter.split(',') as Dialect[],
    prompts: Number(raw.prompts),
    versions: Number(raw.versions),
    requests: Number(raw.requests),
    postgresUrl: raw.postgresUrl,
  };
  const server = await buildServer();
  const results = [];
  try {
    for (const adapter of base.adapter) {
      const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: base.postgresUrl });
      try {
        const seeded = Date.now();
        await seed(db, { ...base, connections: 1 });
        const seedSeconds = (Date.now() - seeded) / 1000;
        const apiKey = await db.issueApiKey(db.project.projectId);
        const process_ = await spawnServer({ entry: server.entry, env: benchServerEnv(db), startTimeoutMs: START_TIMEOUT_MS });
        // Rounds interleave the service and the bare read at each connection count: on a shared
        // machine one pair measures whatever else ran in its minute; the medians are reported.
        const byConnections = new Map<number, Round[]>(connectionCounts.map((c) => [c, []]));
        try {
          for (let round = 0; round < rounds; round++) {
            for (const connections of connectionCounts) {
              const options: Options = { ...base, connections };
              const service = await measureService(process_.baseUrl, apiKey, options);
              const bare = await measureBare(db, options);
              byConnections.get(connections)!.push({ service, bare });
              console.error(`[prompt-fetch] ${adapter} round ${round + 1}, ${connections} connection(s): service p50 ${service.p50Ms} / p99 ${service.p99Ms} ms, bare p99 ${bare.p99Ms} ms`);
            }
          }
        } finally {
          await process_.stop();
        }
        for (const [connections, measured] of byConnections) {
          const service = {
            p50Ms: median(measured.map((r) => r.service.p50Ms)),
            p99Ms: median(measured.map((r) => r.service.p99Ms)),
            requests: measured.reduce((sum, r) => sum + r.service.requests, 0),
            failed: measured.reduce((sum, r) => sum + r.service.failed, 0),
          };
          const bare = { p50Ms: median(measured.map((r) => r.bare.p50Ms)), p99Ms: median(measured.map((r) => r.bare.p99Ms)), runs: measured.reduce((sum, r) => sum + r.bare.runs, 0) };
          results.push({
            adapter,
            prompts: base.prompts,
            versions: base.versions,
            seedSeconds,
            connections,
            rounds: measured,
            service,
            bare,
            p99Ratio: round3(service.p99Ms / bare.p99Ms),
          });
        }
      } finally {
        await db.close();
      }
    }
  } finally {
    server.remove();
  }
  const { cpus, loadavg } = await import('node:os');
  console.log(JSON.stringify({ machine: { cpus: cpus().length, node: process.version, loadAverage: loadavg() }, entry: path.basename(server.entry), results }, null, 2));
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

await main();
