import { Command } from 'commander';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RssSampler } from './rss-sampler.js';
import { spawnServer, type ServerProcess } from './server-process.js';

/**
 * Memory of a whole-project export (`GET /traces/export`, docs/administration.md): a server process
 * on a fresh SQLite directory ingests `--traces` traces of about 6 KB each, then streams the export
 * while its RSS is sampled every 20 ms. Streaming, the growth is the garbage collector's slack; a
 * server that held the export would grow by at least its size. Printed as JSON; the claim checked is
 * `peak − idle < export size`. Moved here from the test suite: a memory figure depends on the
 * machine's load, so it is measured alone, not beside the parallel suite (docs/testing.md).
 * `npm run bench:export-memory -- --help`.
 */

const program = new Command()
  .name('bench:export-memory')
  .option('--traces <n>', 'traces to ingest and export', (value) => Number(value), 20_000)
  .parse();
const { traces: TRACES } = program.opts<{ traces: number }>();

const filler = 'x'.repeat(6000);
const trace = (id: string, startMs: number) => ({
  trace_id: id,
  name: `export ${id}`,
  metadata: { framework: 'alpha', agent_name: 'exporter', note: filler },
  spans: [
    { span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: 12.5, start_time: new Date(startMs).toISOString(), input: { q: 'hello' }, output: { a: 'world' } },
    { span_id: 'child', parent_span_id: 'root', name: 'tool', span_type: 'TOOL', status: 'success', start_time: new Date(startMs + 3).toISOString() },
  ],
});

const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function apiKeyOf(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /API key:\s+(tw_pk_\S+)/.exec(server.output());
    if (match) return match[1];
    if (Date.now() > deadline) throw new Error(`the server printed no API key:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-export-bench-'));
const server = await spawnServer({
  entry: 'src/main.ts',
  env: { DATA_DIR: dataDir, DATABASE_URL: '', DETECTION_WORKER_ENABLED: 'false', RATE_LIMIT_INGEST_PER_MINUTE: '100000', MAX_BODY_BYTES: String(16 * 1024 * 1024) },
  startTimeoutMs: 60_000,
});
try {
  const key = await apiKeyOf(server);
  for (let start = 0; start < TRACES; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, TRACES - start) }, (_, i) => trace(`t${start + i}`, Date.now() - (start + i) * 1000));
    const res = await fetch(`${server.baseUrl}/api/v1/public/traces/batch`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ traces: batch }) });
    if (res.status !== 201) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
  }
  // A pause before the idle sample, so the ingest's garbage is not counted as the export's.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleMb = rssMb(server.pid);
  const sampler = new RssSampler(server.pid, 20);
  sampler.start();
  const res = await fetch(`${server.baseUrl}/api/v1/public/traces/export`, { headers: { 'x-api-key': key } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const peakMb = sampler.stop()!;
  const exportMb = bytes / 1e6;
  const report = { traces: TRACES, exportedLines: lines, exportMb: Number(exportMb.toFixed(1)), idleRssMb: Number(idleMb.toFixed(1)), peakRssMb: Number(peakMb.toFixed(1)), growthMb: Number((peakMb - idleMb).toFixed(1)), met: lines === TRACES && peakMb - idleMb < exportMb };
  console.log(JSON.stringify(report, null, 2));
  if (!report.met) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
