/**
 * Issue #61 item 1: the server's RSS every 0.5 s for 30 s after its first answers (`/readyz`, then one
 * `GET /api/v1/public/project` unless NO_API=1), on a fresh bench database, with the collections V8 logs
 * when NODE_ARGS carries `--trace-gc` or `--trace-gc-nvp`: when the young generation is given back, and
 * by which collection. `npx tsx scripts/bench/idle-timeline.ts <compiled src/main.js>`; ADAPTER=postgres
 * for PostgreSQL, EXTRA_ENV="NAME=value …" for settings.
 */
import { spawn } from 'node:child_process';
import { openBenchDatabase } from './bench-database.js';
import { benchServerEnv } from './server-env.js';
import { firstOk, freePort } from './phases/startup.js';
import { readRssMb } from './rss-sampler.js';
import { readSetting } from '../../src/settings/read-setting.js';

const entry = process.argv[2];
const nodeArgs = (process.env.NODE_ARGS ?? '').split(' ').filter(Boolean);
const extraEnv = Object.fromEntries((process.env.EXTRA_ENV ?? '').split(' ').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = await openBenchDatabase({ adapter: (process.env.ADAPTER ?? 'sqlite') as 'sqlite', reuse: false, postgresUrl: readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test' });
const key = await db.issueApiKey(db.project.projectId);
const port = await freePort();
const t0 = performance.now();
const child = spawn(process.execPath, [...nodeArgs, entry], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), REDIS_URL: '', ...benchServerEnv(db), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout!.on('data', (c) => { for (const line of String(c).split('\n')) if (/Scavenge|Mark-Compact|Mark-sweep|Memory-reducer|idle|throughput|reduce_memory|gc=/i.test(line)) out += `${(performance.now() - t0).toFixed(0)} ${line}\n`; });
child.stderr!.on('data', (c) => (out += String(c)));
await firstOk(`http://127.0.0.1:${port}/readyz`, child.pid!, t0);
if (!process.env.NO_API) await firstOk(`http://127.0.0.1:${port}/api/v1/public/project`, child.pid!, t0, { 'x-api-key': key });
const tApi = performance.now();
console.log(`api ok at ${(tApi - t0).toFixed(0)} ms`);
const rows: string[] = [];
for (let i = 0; i <= 60; i++) {
  await sleep(Math.max(0, tApi + i * 500 - performance.now()));
  rows.push(`${(i / 2).toFixed(1)}s ${readRssMb(child.pid!)}`);
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
console.log(rows.join('  '));
console.log(out);
await db.close();
