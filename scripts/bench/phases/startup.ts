import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from '../server-process.js';
import { readRssMb } from '../rss-sampler.js';

/** One process's start: spawn → first 200 (wall and its own CPU), and its RSS after a quiet spell. */
export interface StartupSample {
  /** Spawn to the first 200 of the first GET (server: /readyz; floor: its one GET). */
  firstOkMs: number;
  /** CPU the process had used (user + system, all threads) at that answer: steadier than wall time on a shared machine. */
  firstOkCpuMs: number;
  /** Server only: spawn to the first 200 of an authenticated API read (GET /api/v1/public/project), asked right after /readyz. */
  firstApiOkMs?: number;
  firstApiOkCpuMs?: number;
  idleRssMb: number;
}

export interface StartupResult {
  idleMs: number;
  /** Medians of the interleaved rounds. */
  server: StartupSample;
  floor: StartupSample;
  /** Server ÷ floor (medians): first 200 (/readyz), first API 200, idle RSS. */
  firstOkToFloor: number;
  firstApiOkToFloor: number;
  idleRssToFloor: number;
  rounds: { server: StartupSample; floor: StartupSample }[];
}

export interface StartupOptions {
  serverEntry: string;
  serverEnv: Record<string, string>;
  apiKey: string;
  rounds: number;
  idleMs: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a process from /proc/<pid>/stat, in ms (fields 14 and 15, after the parenthesised name). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** One GET on a fresh connection; resolves with the status, or 0 when nothing answers yet. */
function getStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free loopback port: the start is timed to the first answer, so the port must be known before the process prints it. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function measureProcess(args: string[], env: Record<string, string>, probe: (baseUrl: string, pid: number, started: number) => Promise<Omit<StartupSample, 'idleRssMb'>>, idleMs: number): Promise<StartupSample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const timing = await Promise.race([
      probe(`http://127.0.0.1:${port}`, child.pid!, started),
      exited.then((code) => Promise.reject(new Error(`${args.join(' ')} exited with ${code} before answering:\n${output}`))),
    ]);
    await sleep(idleMs);
    return { ...timing, idleRssMb: readRssMb(child.pid!) ?? Number.NaN };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** Polls `url` every 5 ms until it answers 200; returns the time since `started` and the process's CPU then. */
export async function firstOk(url: string, pid: number, started: number, headers: Record<string, string> = {}): Promise<{ ms: number; cpu: number }> {
  const deadline = started + 120_000;
  for (;;) {
    const status = await getStatus(url, headers);
    if (status === 200) return { ms: Math.round(performance.now() - started), cpu: cpuMs(pid) };
    if (status !== 0 && status !== 503) throw new Error(`GET ${url} answered ${status} during start-up`);
    if (performance.now() > deadline) throw new Error(`GET ${url} never answered 200`);
    await sleep(5);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each field's median over the samples that have it. */
function medianSample(samples: StartupSample[]): StartupSample {
  const of = (key: keyof StartupSample) => {
    const values = samples.map((s) => s[key]).filter((v): v is number => typeof v === 'number');
    return values.length > 0 ? median(values) : undefined;
  };
  return { firstOkMs: of('firstOkMs')!, firstOkCpuMs: of('firstOkCpuMs')!, firstApiOkMs: of('firstApiOkMs'), firstApiOkCpuMs: of('firstApiOkCpuMs'), idleRssMb: of('idleRssMb')! };
}

/**
 * Start-up and idle memory of the compiled server beside the floor server (scripts/bench/floor-server.mjs)
 * on the same database, in interleaved rounds (floor, then server) so both see the same machine load.
 */
export async function measureStartup(options: StartupOptions, log: (message: string) => void): Promise<StartupResult> {
  const driver = path.join(path.dirname(path.dirname(options.serverEntry)), 'adapters', 'sqlite', 'driver.js');
  const rounds: StartupResult['rounds'] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const floor = await measureProcess(
      ['scripts/bench/floor-server.mjs', driver],
      { DATABASE_URL: options.serverEnv.DATABASE_URL },
      async (baseUrl, pid, started) => {
        const ok = await firstOk(`${baseUrl}/`, pid, started);
        return { firstOkMs: ok.ms, firstOkCpuMs: ok.cpu };
      },
      options.idleMs,
    );
    const server = await measureProcess(
      [options.serverEntry],
      options.serverEnv,
      async (baseUrl, pid, started) => {
        const ready = await firstOk(`${baseUrl}/readyz`, pid, started);
        const api = await firstOk(`${baseUrl}/api/v1/public/project`, pid, started, { 'x-api-key': options.apiKey });
        return { firstOkMs: ready.ms, firstOkCpuMs: ready.cpu, firstApiOkMs: api.ms, firstApiOkCpuMs: api.cpu };
      },
      options.idleMs,
    );
    log(`start-up round ${round + 1}: server /readyz ${server.firstOkMs} ms, API ${server.firstApiOkMs} ms, idle ${server.idleRssMb} MB; floor ${floor.firstOkMs} ms, ${floor.idleRssMb} MB`);
    rounds.push({ server, floor });
  }
  const server = medianSample(rounds.map((r) => r.server));
  const floor = medianSample(rounds.map((r) => r.floor));
  return {
    idleMs: options.idleMs,
    server,
    floor,
    firstOkToFloor: server.firstOkMs / floor.firstOkMs,
    firstApiOkToFloor: server.firstApiOkMs! / floor.firstOkMs,
    idleRssToFloor: server.idleRssMb / floor.idleRssMb,
    rounds,
  };
}
