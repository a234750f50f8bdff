import { Command, InvalidArgumentError } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase } from './bench-database.js';
import { createRawIngestor } from './raw-ingest.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer } from './server-process.js';
import { measureToolCall } from './phases/tool-call.js';
import { load } from './load.js';
import { openMcpSession, toolCallBody } from './mcp-client.js';
import type { ServerProcess } from './server-process.js';
import type { BenchDatabase } from './bench-database.js';
import { mixedTraffic } from './mixed-traffic.js';

/**
 * Only the tool-call phase (`tools/call ping` through MCP against the bare express endpoint, same
 * connections and duration, one after the other) on a fresh database and the compiled server, per
 * adapter: a quick loop for work on the request path (issue #61). Prints one JSON object per
 * adapter. The full `npm run bench` runs the same phase and remains the record; there the server
 * has served every earlier phase when this one runs, so here both servers are first loaded, unrecorded,
 * for `--settle` seconds: a server that has just printed "listening" is still compiling the contract's
 * validators (express-openapi-validator does it after the first request) and its hot paths.
 */
/** A server on a shared machine under load (load average 30+ on 2 cores) took over a minute to listen. */
const START_TIMEOUT_MS = 300_000;

const integerArg = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive integer');
  return parsed;
};

/** Unrecorded ping load on both servers, as the full run's earlier phases give the real one. */
async function settle(db: BenchDatabase, server: ServerProcess, bare: ServerProcess, connections: number, seconds: number): Promise<void> {
  const session = await openMcpSession(server.baseUrl, await db.issueApiKey(db.project.projectId));
  try {
    await load({ url: session.url, method: 'POST', connections, durationSeconds: seconds, warmupRequests: 0, headers: session.headers, body: toolCallBody('ping', {}) });
  } finally {
    await session.close();
  }
  await load({ url: `${bare.baseUrl}/ping`, method: 'POST', connections, durationSeconds: seconds, warmupRequests: 0, headers: { 'content-type': 'application/json' }, body: toolCallBody('ping', {}) });
}

async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:tool-call --')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--connections <n>', 'concurrent connections', integerArg, 8)
    .option('--duration <seconds>', 'seconds each side is loaded', integerArg, 10)
    .option('--warmup <requests>', 'unrecorded requests before each side', integerArg, 200)
    .option('--rounds <n>', 'interleaved MCP / bare rounds; medians are reported', integerArg, 3)
    .option('--server <entry>', 'a compiled server entry to measure (e.g. another checkout\'s dist/src/main.js, for a before/after pair) instead of compiling this checkout')
    .option('--settle <seconds>', 'unrecorded load on each freshly started server before the measurement', integerArg, 10)
    .option('--mixed <seconds>', 'before the settle, this many seconds of each of seven other requests (REST writes and reads, searches, other tools) on the server only; 0 for none', (value) => (value === '0' ? 0 : integerArg(value)), 0)
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: string; server?: string; connections: number; duration: number; warmup: number; rounds: number; settle: number; mixed: number; postgresUrl: string }>();
  const log = (message: string) => console.error(`[tool-call] ${message}`);
  const compiled = options.server ? { entry: options.server, remove: () => undefined } : await buildServer();
  try {
    for (const adapter of options.adapter.split(',') as Dialect[]) {
      const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: options.postgresUrl });
      try {
        const bare = await spawnServer({ entry: 'scripts/bench/bare-server.ts', env: {}, startTimeoutMs: START_TIMEOUT_MS });
        try {
          const server = await spawnServer({ entry: compiled.entry, env: benchServerEnv(db), startTimeoutMs: START_TIMEOUT_MS });
          try {
            if (options.mixed > 0) await mixedTraffic(db, server, options.connections, options.mixed, log);
            await settle(db, server, bare, options.connections, options.settle);
            const notes: string[] = [];
            const context = { server, serverEntry: compiled.entry, db, raw: createRawIngestor(db), seed: 42, baseTime: Date.now() - 60_000, durationSeconds: options.duration, warmupRequests: options.warmup, log, notes };
            const result = await measureToolCall(context, { projectId: db.project.projectId, connections: options.connections, bare, rounds: options.rounds });
            console.log(JSON.stringify({ adapter, mixedSeconds: options.mixed, ...result, notes }));
          } finally {
            await server.stop();
          }
        } finally {
          await bare.stop();
        }
      } finally {
        await db.close();
      }
    }
  } finally {
    compiled.remove();
  }
}

await main();
