import { Command } from 'commander';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../../src/ports/store.js';
import { ExportTraceServiceRequest } from '../../src/domain/otlp/otlp-protocol.js';
import { openBenchDatabase } from './bench-database.js';
import { benchServerEnv } from './server-env.js';
import { RssSampler } from './rss-sampler.js';
import { buildServer, spawnServer, type ServerProcess } from './server-process.js';

/**
 * Memory of OTLP exports of one huge trace (docs/tenant-safety-input.md, "OTLP memory"): a fresh
 * database and a compiled server of its own per adapter and encoding; one export of `--spans` spans
 * (gzip protobuf; `--json-spans` for OTLP JSON), then `--concurrent` such exports at once. For each: the server's peak RSS (the
 * kernel's high-water mark, reset before), its peak heap (memory-probe.mjs, sampled every 5 ms),
 * the RSS and heap once the answers are in and `--settle` seconds later, and after a full GC; and
 * the spans stored, counted in the database. An export refused with 503/429 (the admission budget)
 * is sent again after Retry-After, as exporters do. Printed as JSON. `npm run bench:otlp-memory -- --help`.
 */

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.mjs');

interface Usage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
interface ProbeReport {
  peak: Usage;
  now: Usage;
  afterGc: Usage;
}

type Encoding = 'protobuf' | 'json';
const CONTENT_TYPES: Record<Encoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

/**
 * One trace of `spans` spans: a root and a tree of 10 children per span, short names, no
 * attributes; as protobuf, or as OTLP JSON (hex ids, 64-bit integers as strings, as exporters write it).
 */
function hugeTraceBody(spans: number, seed: string, encoding: Encoding): Buffer {
  const id = (text: string, bytes: number) => createHash('sha256').update(`${seed}/${text}`).digest().subarray(0, bytes);
  const traceId = id('trace', 16);
  const startNs = BigInt(Date.now() - 60_000) * 1_000_000n;
  const list = Array.from({ length: spans }, (_, i) => ({
    traceId,
    spanId: id(`span ${i}`, 8),
    ...(i > 0 ? { parentSpanId: id(`span ${Math.floor((i - 1) / 10)}`, 8) } : {}),
    name: `step ${i}`,
    kind: 1,
    startTimeUnixNano: (startNs + BigInt(i) * 1000n).toString(),
    endTimeUnixNano: (startNs + BigInt(i) * 1000n + 500n).toString(),
  }));
  const request = { resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'memory-bench' } }] }, scopeSpans: [{ scope: { name: 'bench' }, spans: list }] }] };
  if (encoding === 'json') {
    const hex = (bytes: Buffer | undefined) => bytes?.toString('hex');
    return Buffer.from(JSON.stringify({ resourceSpans: [{ ...request.resourceSpans[0], scopeSpans: [{ scope: { name: 'bench' }, spans: list.map((s) => ({ ...s, traceId: hex(s.traceId), spanId: hex(s.spanId), parentSpanId: hex(s.parentSpanId) })) }] }] }));
  }
  return Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());
}

/** Asks the probe for its report (SIGUSR2) and waits for the line it prints. */
async function probe(server: ServerProcess): Promise<ProbeReport> {
  const before = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /memory-probe (\{.*\})/.exec(server.output().slice(before));
    if (match) return JSON.parse(match[1]) as ProbeReport;
    if (Date.now() > deadline) throw new Error(`no memory-probe report:\n${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One export, retried as an OTLP exporter retries (429 and 503, after Retry-After) until it is
 * taken: the status of the last answer and the number of 503/429 answers before it.
 */
async function postExport(baseUrl: string, apiKey: string, gzipped: Buffer, encoding: Encoding): Promise<{ status: number; refusals: number; body: string }> {
  for (let refusals = 0; ; refusals++) {
    const res = await fetch(`${baseUrl}/v1/traces`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': CONTENT_TYPES[encoding], 'content-encoding': 'gzip' },
      body: gzipped,
    });
    const body = Buffer.from(await res.arrayBuffer());
    if ((res.status === 503 || res.status === 429) && refusals < 120) {
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? '1') * 1000));
      continue;
    }
    return { status: res.status, refusals, body: res.status === 200 ? '' : body.toString('latin1').slice(0, 200) };
  }
}

async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:otlp-memory --')
    .option('--adapter <names>', 'sqlite, postgres or both (comma-separated)', 'sqlite,postgres')
    .option('--encoding <names>', 'protobuf, json or both (comma-separated); each on a fresh database and server', 'protobuf,json')
    .option('--spans <n>', 'spans in the one trace of each protobuf export', '100000')
    .option('--json-spans <n>', 'spans in the one trace of each JSON export (100,000 would pass the 16 MiB decompressed limit)', '60000')
    .option('--concurrent <n>', 'exports sent at once in the second measurement', '3')
    .option('--settle <seconds>', 'seconds to wait after the answers before measuring what stayed', '5')
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: string; encoding: string; spans: string; jsonSpans: string; concurrent: string; settle: string; postgresUrl: string }>();
  const concurrent = Number(options.concurrent);
  const log = (message: string) => console.error(`[otlp-memory] ${message}`);
  const compiled = await buildServer();
  const results: Record<string, unknown>[] = [];
  try {
    for (const adapter of options.adapter.split(',') as Dialect[]) for (const encoding of options.encoding.split(',') as Encoding[]) {
      const spans = Number(encoding === 'json' ? options.jsonSpans : options.spans);
      const db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: options.postgresUrl });
      let server: ServerProcess | undefined;
      try {
        const projectId = await db.createProject('OTLP memory');
        const apiKey = await db.issueApiKey(projectId);
        server = await spawnServer({ entry: compiled.entry, env: benchServerEnv(db), nodeArgs: ['--expose-gc', '--import', PROBE] });
        const running = server;
        const countSpans = async () => Number(((await db.database.knex('spans').where({ project_id: projectId }).count({ n: '*' })) as { n: number | string }[])[0].n);
        const settle = () => new Promise((resolve) => setTimeout(resolve, Number(options.settle) * 1000));

        const measure = async (label: string, bodies: Buffer[]) => {
          await probe(running); // peaks start from here
          const sampler = new RssSampler(running.pid, 20);
          sampler.start();
          const started = Date.now();
          const answers = await Promise.all(bodies.map((body) => postExport(running.baseUrl, apiKey, body, encoding)));
          const elapsedMs = Date.now() - started;
          const peakRssMb = sampler.stop();
          const during = await probe(running);
          await settle();
          const settled = await probe(running);
          log(`${adapter} ${encoding} ${label}: ${answers.map((a) => a.status).join(', ')} in ${elapsedMs} ms, peak RSS ${peakRssMb} MB, peak heap ${during.peak.heapUsed} MB`);
          // An answer other than 200 is a failure of the server: its log says why.
          if (answers.some((a) => a.status !== 200)) log(`${adapter} ${encoding} ${label}: server output:\n${running.output().slice(-4000)}`);
          return {
            answers: answers.map((a) => ({ status: a.status, refusedFirst: a.refusals, ...(a.body ? { body: a.body } : {}) })),
            elapsedMs,
            peakRssMb,
            peakHeapUsedMb: during.peak.heapUsed,
            peakExternalMb: during.peak.external,
            rssAtAnswerMb: during.now.rss,
            rssAfterSettleMb: settled.now.rss,
            heapUsedAfterSettleMb: settled.now.heapUsed,
            rssAfterGcMb: settled.afterGc.rss,
            heapUsedAfterGcMb: settled.afterGc.heapUsed,
          };
        };

        const idle = await probe(running);
        const one = hugeTraceBody(spans, `${adapter}-${encoding}-one`, encoding);
        const oneGzipped = gzipSync(one);
        log(`${adapter}: export of ${spans} spans: ${one.length} bytes ${encoding}, ${oneGzipped.length} gzipped`);
        const single = await measure('one export', [oneGzipped]);
        const storedAfterSingle = await countSpans();
        const many = Array.from({ length: concurrent }, (_, i) => gzipSync(hugeTraceBody(spans, `${adapter}-${encoding}-many-${i}`, encoding)));
        const parallel = await measure(`${concurrent} exports at once`, many);
        const storedAfterParallel = (await countSpans()) - storedAfterSingle;
        results.push({
          adapter,
          encoding,
          spansPerExport: spans,
          decompressedBytes: one.length,
          gzippedBytes: oneGzipped.length,
          idle: { rssMb: idle.now.rss, heapUsedMb: idle.now.heapUsed, rssAfterGcMb: idle.afterGc.rss, heapUsedAfterGcMb: idle.afterGc.heapUsed },
          single: { ...single, spansStored: storedAfterSingle, peakAboveIdlePerDecompressedByte: single.peakRssMb === null ? null : Math.round(((single.peakRssMb - idle.now.rss) / (one.length / 2 ** 20)) * 10) / 10 },
          concurrent: { exports: concurrent, ...parallel, spansStored: storedAfterParallel },
        });
      } finally {
        await server?.stop();
        await db.close();
      }
    }
  } finally {
    compiled.remove();
  }
  console.log(JSON.stringify(results, null, 2));
}

await main();
