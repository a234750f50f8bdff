import { Command } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { batchBody, prepareBatch } from './batch-payload.js';
import { openBenchDatabase } from './bench-database.js';
import { generateTraces, inBatches } from './generate-traces.js';
import { load } from './load.js';
import { RssSampler, readRssMb } from './rss-sampler.js';
import { spawnServer } from './server-process.js';
import { benchServerEnv } from './server-env.js';
import { readSetting } from '../../src/settings/read-setting.js';

/**
 * Issue #61 item 1: a memory candidate against the server as it runs today, in the same minutes.
 * Each round starts one server per candidate, in turn (so a noisy machine's load falls on all of
 * them alike), and drives HTTP batch ingest at one concurrency into a new project: the server's
 * idle RSS, its peak over the ingest, spans/s and batch p99, and its RSS `--settle` seconds later.
 * Candidates: `base` (no change), `arenaN` (MALLOC_ARENA_MAX=N),
 * settings written as `env:HEAP_GROWING_PERCENT=0,…`, node flags
 * written as `flags:--max-semi-space-size=8,…`, or another build written as `entry:<its src/main.js>`.
 */
interface Candidate {
  name: string;
  env: Record<string, string>;
  nodeArgs: string[];
  /** A compiled server other than `--entry`. */
  entry?: string;
}

function candidate(spec: string): Candidate {
  if (spec === 'base') return { name: spec, env: {}, nodeArgs: [] };
  if (spec.startsWith('arena')) return { name: spec, env: { MALLOC_ARENA_MAX: spec.slice('arena'.length) }, nodeArgs: [] };
  if (spec.startsWith('env:')) return { name: spec, env: Object.fromEntries(spec.slice('env:'.length).split(',').map((pair) => pair.split('=') as [string, string])), nodeArgs: [] };
  if (spec.startsWith('flags:')) return { name: spec, env: {}, nodeArgs: spec.slice('flags:'.length).split(',') };
  if (spec.startsWith('entry:')) return { name: spec, env: {}, nodeArgs: [], entry: spec.slice('entry:'.length) };
  throw new Error(`unknown candidate ${spec}`);
}

const program = new Command()
  .option('--adapter <name>', 'sqlite or postgres', 'sqlite')
  .option('--entry <file>', 'compiled server entry', 'dist/src/main.js')
  .option('--candidates <list>', 'semicolon-separated candidates', 'base;arena2')
  .option('--rounds <n>', 'rounds', '3')
  .option('--traces <n>', 'traces per ingest', '5000')
  .option('--concurrency <n>', 'ingest concurrency', '32')
  .option('--settle <s>', 'seconds before the RSS after ingest is read', '15')
  .option('--idle <s>', 'seconds from start to the idle reading (past IDLE_COLLECT_SECONDS to read it after the idle collection)', '5')
  .option('--breakdown', 'read the server\'s /metrics at idle and after the settle: V8 heap spaces (committed/used), the heap\'s total, external memory, RSS, idle collections', false)
  .option('--trace-gc', 'run each server with --trace-gc and report its full (mark-compact) and young (scavenge) collections over the ingest', false)
  .option('--postgres-url <url>', 'PostgreSQL server', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test');
program.parse(process.argv);
const options = program.opts<{ adapter: Dialect; entry: string; candidates: string; rounds: string; traces: string; concurrency: string; settle: string; idle: string; traceGc: boolean; breakdown: boolean; postgresUrl: string }>();

/** Collections and their summed pause in --trace-gc lines ("[pid:0x…] 1234 ms: Mark-Compact 80.1 (95.2) -> 60.3 (90.1) MB, 35.2 / 0.0 ms …"). */
function gcSummary(output: string): Record<string, { count: number; ms: number }> {
  const summary: Record<string, { count: number; ms: number }> = {};
  for (const match of output.matchAll(/ms: (Mark-Compact|Scavenge|Minor Mark-Compact)[^,]*, ([\d.]+) \/ /g)) {
    const entry = (summary[match[1]] ??= { count: 0, ms: 0 });
    entry.count += 1;
    entry.ms = Math.round((entry.ms + Number(match[2])) * 10) / 10;
  }
  return summary;
}
const candidates = options.candidates.split(';').map(candidate);
const METRICS_TOKEN = 'rss-ab-breakdown';

/**
 * Where the server's memory is, in MB, from its own /metrics (prom-client's process metrics): each V8
 * heap space committed/used, the heap's total, the external memory V8 knows of, RSS and the idle collections
 * run so far. RSS minus the heap's committed size minus external is node's code, the threads' isolates and
 * the allocator's own.
 */
async function memoryBreakdown(baseUrl: string): Promise<Record<string, string>> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const breakdown: Record<string, string> = {};
  for (const match of text.matchAll(/^tracewell_nodejs_heap_space_size_(total|used)_bytes\{space="(\w+)"\} (\d+)/gm)) {
    breakdown[match[2]] = breakdown[match[2]] ? `${breakdown[match[2]]}/${mb(Number(match[3]))}` : mb(Number(match[3]));
  }
  const collections = text.match(/^tracewell_idle_collections_total (\d+)/m);
  if (collections) breakdown.idle_collections = collections[1];
  for (const name of ['nodejs_external_memory_bytes', 'nodejs_heap_size_total_bytes', 'process_resident_memory_bytes']) {
    const match = text.match(new RegExp(`^tracewell_${name} (\\d+)`, 'm'));
    if (match) breakdown[name.replace(/_bytes$/, '')] = mb(Number(match[1]));
  }
  return breakdown;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const db = await openBenchDatabase({ adapter: options.adapter, reuse: false, postgresUrl: options.postgresUrl });
try {
  let from = 10_000_000;
  for (let round = 1; round <= Number(options.rounds); round++) {
    for (const c of candidates) {
      const projectId = await db.createProject(`rss-ab ${c.name} ${round}`);
      const apiKey = await db.issueApiKey(projectId);
      const bodies = [...inBatches(generateTraces(from, Number(options.traces), { seed: 42, baseTime: Date.now() - 60_000 }), 20)].map(prepareBatch).map(batchBody);
      from += Number(options.traces);
      const server = await spawnServer({ entry: c.entry ?? options.entry, env: { ...benchServerEnv(db), ...(options.breakdown ? { METRICS_TOKEN } : {}), ...c.env }, nodeArgs: [...c.nodeArgs, ...(options.traceGc ? ['--trace-gc'] : [])] });
      try {
        await sleep(Number(options.idle) * 1000);
        const idleMb = readRssMb(server.pid);
        const idleBreakdown = options.breakdown ? await memoryBreakdown(server.baseUrl) : undefined;
        const gcBefore = server.output().length;
        let next = 0;
        const rss = new RssSampler(server.pid, 50);
        rss.start();
        const result = await load({
          url: `${server.baseUrl}/api/v1/public/traces/batch`,
          method: 'POST',
          connections: Number(options.concurrency),
          amount: bodies.length,
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          nextBody: () => (next < bodies.length ? bodies[next++] : null),
        });
        const peakMb = rss.stop();
        const gc = options.traceGc ? gcSummary(server.output().slice(gcBefore)) : undefined;
        const settleFrom = server.output().length;
        await sleep(Number(options.settle) * 1000);
        // The collections of the quiet spell after the burst (the idle collector's), as --trace-gc printed them.
        const settleGc = options.traceGc ? server.output().slice(settleFrom).split('\n').filter((line) => / ms: /.test(line)).map((line) => line.replace(/^\[[^\]]*\]\s*/, '')) : undefined;
        const afterMb = readRssMb(server.pid);
        const afterBreakdown = options.breakdown ? await memoryBreakdown(server.baseUrl) : undefined;
        const spansPerSecond = Math.round((Number(options.traces) * 25.6) / result.seconds);
        console.log(JSON.stringify({ round, candidate: c.name, adapter: options.adapter, idleMb, peakMb, afterMb, batchesPerSecond: result.requestsPerSecond, approxSpansPerSecond: spansPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failed: result.failed, gc, settleGc, idleBreakdown, afterBreakdown }));
      } finally {
        await server.stop();
        await db.deleteProject(projectId);
      }
    }
  }
} finally {
  await db.close();
}
