import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase } from './bench-database.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer, type ServerProcess } from './server-process.js';
import { load } from './load.js';
import { openMcpSession, toolCallBody, type McpSession } from './mcp-client.js';
import { mixedTraffic } from './mixed-traffic.js';

/**
 * Server CPU per `tools/call ping` (utime + stime of the server process from /proc/<pid>/stat over a
 * fixed number of answered requests) against the bare express endpoint's, per adapter — and, with
 * `--server`, of several compiled servers side by side on the same database in the same minutes
 * (e.g. main's build as "before"). On a shared machine requests per second measure the neighbours
 * as much as the code; CPU seconds per request are the server's own work (issue #61 item 3).
 * `--cpu-prof <dir>` starts every server under `node --cpu-prof` for a profile of the same load.
 * An entry ending in `+mixed` is that build given `--mixed` seconds of each of seven other kinds of
 * request before its settle (scripts/bench/mixed-traffic.ts): the same build with and without them
 * side by side says what a server that served other traffic first pays per ping.
 */
const MIXED_SUFFIX = '+mixed';
const START_TIMEOUT_MS = 300_000;
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const integerArg = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a positive integer');
  return parsed;
};

/** utime and stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat, after the command). */
function cpuTicks(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

interface Target {
  label: string;
  server: ServerProcess;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  /** utime + stime per answered request. */
  microseconds: number;
  /** The kernel's share (stime) of it: the socket's reads and writes, epoll, timers. */
  systemMicroseconds: number;
  requestsPerSecond: number;
  failed: number;
}

async function cpuPerRequest(target: Target, connections: number, requests: number): Promise<Measured> {
  const before = cpuTicks(target.server.pid);
  const result = await load({ url: target.url, method: 'POST', connections, amount: requests, warmupRequests: 0, headers: target.headers, body: toolCallBody('ping', {}) });
  const after = cpuTicks(target.server.pid);
  const perRequest = (ticks: number) => Math.round(((ticks / TICKS_PER_SECOND) * 1e6) / result.requests);
  return {
    microseconds: perRequest(after.user - before.user + after.system - before.system),
    systemMicroseconds: perRequest(after.system - before.system),
    requestsPerSecond: Math.round(result.requestsPerSecond),
    failed: result.failed,
  };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:tool-call-cpu --')
    .option('--adapter <list>', 'sqlite, postgres or sqlite,postgres', 'sqlite,postgres')
    .option('--server <entries>', 'compiled server entries to compare, comma-separated (default: this checkout, compiled)')
    .option('--connections <n>', 'concurrent connections', integerArg, 8)
    .option('--requests <n>', 'answered requests per measurement', integerArg, 20_000)
    .option('--rounds <n>', 'interleaved rounds; medians are reported', integerArg, 3)
    .option('--settle <requests>', 'unrecorded requests on each server first', integerArg, 20_000)
    .option('--mixed <seconds>', 'seconds of each kind of other traffic for the entries ending in +mixed', integerArg, 5)
    .option('--together', 'load every target at once in each round (each with --connections): a slow spell of a shared machine then weighs on all of them alike, where one after the other it lands on whichever ran then')
    .option('--cpu-prof <dir>', 'run the servers under node --cpu-prof, profiles written here')
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: string; server?: string; connections: number; requests: number; rounds: number; settle: number; mixed: number; together?: boolean; cpuProf?: string; postgresUrl: string }>();
  const log = (message: string) => console.error(`[tool-call-cpu] ${message}`);
  const compiled = options.server ? null : await buildServer();
  const entries = options.server ? options.server.split(',') : [compiled!.entry];
  const nodeArgs = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProf)}`] : [];
  try {
    for (const adapter of options.adapter.split(',') as Dialect[]) {
      const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: options.postgresUrl });
      const servers: ServerProcess[] = [];
      const sessions: McpSession[] = [];
      try {
        const bare = await spawnServer({ entry: 'scripts/bench/bare-server.ts', env: {}, nodeArgs, startTimeoutMs: START_TIMEOUT_MS });
        servers.push(bare);
        const targets: Target[] = [{ label: 'bare', server: bare, url: `${bare.baseUrl}/ping`, headers: { 'content-type': 'application/json' } }];
        for (const label of entries) {
          const mixed = label.endsWith(MIXED_SUFFIX);
          const entry = mixed ? label.slice(0, -MIXED_SUFFIX.length) : label;
          const server = await spawnServer({ entry, env: benchServerEnv(db), nodeArgs, startTimeoutMs: START_TIMEOUT_MS });
          servers.push(server);
          if (mixed) await mixedTraffic(db, server, options.connections, options.mixed, log);
          const session = await openMcpSession(server.baseUrl, await db.issueApiKey(db.project.projectId));
          sessions.push(session);
          targets.push({ label, server, url: session.url, headers: session.headers });
        }
        for (const target of targets) {
          log(`${adapter} ${target.label}: settling (${options.settle} requests)…`);
          await cpuPerRequest(target, options.connections, options.settle);
        }
        const rounds: Record<string, Measured[]> = {};
        const record = (round: number, target: Target, measured: Measured) => {
          log(`${adapter} round ${round + 1} ${target.label}: ${measured.microseconds} µs/request (${measured.systemMicroseconds} in the kernel), ${measured.requestsPerSecond} req/s`);
          (rounds[target.label] ??= []).push(measured);
        };
        for (let round = 0; round < options.rounds; round++) {
          if (options.together) {
            const measured = await Promise.all(targets.map((target) => cpuPerRequest(target, options.connections, options.requests)));
            targets.forEach((target, i) => record(round, target, measured[i]));
            continue;
          }
          for (const target of targets) record(round, target, await cpuPerRequest(target, options.connections, options.requests));
        }
        const medians = Object.fromEntries(
          Object.entries(rounds).map(([label, list]) => [label, { microsecondsPerRequest: median(list.map((r) => r.microseconds)), systemMicrosecondsPerRequest: median(list.map((r) => r.systemMicroseconds)), requestsPerSecond: median(list.map((r) => r.requestsPerSecond)), failed: list.reduce((sum, r) => sum + r.failed, 0) }]),
        );
        console.log(JSON.stringify({ adapter, connections: options.connections, requests: options.requests, medians, rounds }));
      } finally {
        for (const session of sessions) await session.close();
        for (const server of servers) await server.stop();
        await db.close();
      }
    }
  } finally {
    compiled?.remove();
  }
}

await main();
