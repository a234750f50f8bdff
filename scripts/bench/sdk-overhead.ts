/**
 * `npm run bench:sdk` — the SDK's cost per span against an uninstrumented loop and against bare
 * OpenTelemetry (BatchSpanProcessor + the OTLP/HTTP exporter), and the soak.
 *
 *   npm run bench:sdk                       # overhead: 100,000 spans per variant, 3 runs each
 *   npm run bench:sdk -- --spans 200000 --runs 5
 *   npm run bench:sdk -- --soak             # 1,000,000 spans, server down 30 s then up 30 s
 *
 * Each variant runs in a fresh Node process (so one's heap does not weigh on the next) and sends to
 * the same OTLP sink in this process, which counts what arrived. CPU is the child's user + system
 * time from the first span to the end of the final flush, so export work is included; memory is
 * the heap's peak growth. Every span is exported in every variant (queues sized to hold them all,
 * the loop yields every 512 spans): a variant that dropped spans would look cheaper than it is.
 * Bare OpenTelemetry's forceFlush sends every queued batch at once, so its exporter is given a
 * concurrency limit that cannot refuse them (at the default, 30, the flush fails).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Tracewell } from '@tracewell/sdk';
import { startOtlpSink } from './otlp-sink.js';
import { soak } from './sdk-soak.js';

const run = promisify(execFile);
type Variant = 'uninstrumented' | 'bare-otel' | 'sdk' | 'sdk-capture';
const VARIANTS: Variant[] = ['uninstrumented', 'bare-otel', 'sdk', 'sdk-capture'];

interface Measurement {
  variant: Variant;
  spans: number;
  cpuUs: number;
  wallMs: number;
  heapPeakMb: number;
}

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** The instrumented work: small on purpose, so the instrumentation is what is measured. */
const work = (i: number) => (i * 2654435761) % 1000003;

async function measureInChild(variant: Variant, spans: number, url: string): Promise<Measurement> {
  const heapStart = process.memoryUsage().heapUsed;
  let heapPeak = heapStart;
  const sampleHeap = () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  let call: (i: number) => unknown = work;
  let finish: () => Promise<void> = async () => undefined;
  if (variant === 'bare-otel') {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'bench' }),
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${url}/v1/traces`, concurrencyLimit: 1_000_000 }), { maxQueueSize: spans, maxExportBatchSize: 512, scheduledDelayMillis: 1000 })],
    });
    const tracer = provider.getTracer('bench');
    call = (i) =>
      tracer.startActiveSpan('work', (span) => {
        const result = work(i);
        span.end();
        return result;
      });
    finish = async () => {
      await provider.forceFlush();
      await provider.shutdown();
    };
  } else if (variant === 'sdk' || variant === 'sdk-capture') {
    const tw = new Tracewell({ baseUrl: url, apiKey: 'bench', serviceName: 'bench', flushOnExit: false, maxQueueSize: spans, maxExportBatchSize: 512, flushIntervalMs: 1000 });
    call = tw.observe(work, { name: 'work', captureInput: variant === 'sdk-capture', captureOutput: variant === 'sdk-capture' });
    finish = async () => {
      await tw.flush();
      await tw.shutdown();
    };
  }
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  for (let i = 0; i < spans; i++) {
    call(i);
    if (i % 512 === 511) {
      sampleHeap();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  sampleHeap();
  await finish();
  const cpu = process.cpuUsage(cpuStart);
  return { variant, spans, cpuUs: cpu.user + cpu.system, wallMs: performance.now() - wallStart, heapPeakMb: (heapPeak - heapStart) / 1048576 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function overhead(): Promise<void> {
  const spans = arg('--spans', 100_000);
  const runs = arg('--runs', 3);
  const sink = await startOtlpSink();
  const results = new Map<Variant, Measurement[]>(VARIANTS.map((v) => [v, []]));
  try {
    for (let r = 0; r < runs; r++) {
      // Interleaved, so a machine that gets busier during the bench weighs on every variant alike.
      for (const variant of VARIANTS) {
        const before = sink.spans();
        const { stdout } = await run(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant, '--spans', String(spans), '--url', sink.url], { maxBuffer: 1 << 20 });
        const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as Measurement;
        const arrived = sink.spans() - before;
        if (variant !== 'uninstrumented' && arrived !== spans) throw new Error(`${variant}: ${arrived} of ${spans} spans arrived`);
        results.get(variant)!.push(measured);
      }
    }
  } finally {
    await sink.close();
  }
  const cpuPerSpan = (v: Variant) => median(results.get(v)!.map((m) => m.cpuUs / m.spans));
  const base = cpuPerSpan('uninstrumented');
  const bare = cpuPerSpan('bare-otel') - base;
  console.log(`SDK overhead per span — ${spans.toLocaleString('en-US')} spans, median of ${runs} runs, node ${process.version}`);
  console.log('| variant | CPU µs/span | overhead µs/span | × bare OTel | heap peak growth MB | wall ms |');
  console.log('|---|---|---|---|---|---|');
  for (const variant of VARIANTS) {
    const cpu = cpuPerSpan(variant);
    const over = cpu - base;
    const ratio = variant === 'uninstrumented' ? '—' : (over / bare).toFixed(2);
    const heap = median(results.get(variant)!.map((m) => m.heapPeakMb));
    const wall = median(results.get(variant)!.map((m) => m.wallMs));
    console.log(`| ${variant} | ${cpu.toFixed(2)} | ${variant === 'uninstrumented' ? '—' : over.toFixed(2)} | ${ratio} | ${heap.toFixed(1)} | ${wall.toFixed(0)} |`);
  }
  const ratio = (cpuPerSpan('sdk') - base) / bare;
  console.log(`\nsdk / bare OpenTelemetry overhead: ${ratio.toFixed(2)}× (goal ≤ 1.20×) — ${ratio <= 1.2 ? 'met' : 'missed'}`);
}

async function main(): Promise<void> {
  const child = process.argv.indexOf('--child');
  if (child >= 0) {
    const variant = process.argv[child + 1] as Variant;
    const url = process.argv[process.argv.indexOf('--url') + 1];
    console.log(JSON.stringify(await measureInChild(variant, arg('--spans', 100_000), url)));
    return;
  }
  if (process.argv.includes('--soak')) {
    const spans = arg('--spans', 1_000_000);
    const report = await soak({ spans, downMs: arg('--down-ms', 30_000), upMs: arg('--up-ms', 30_000), sampleEvery: 10_000 });
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  await overhead();
}

await main();
