import { createServer } from 'node:net';
import { Tracewell } from '@tracewell/sdk';
import { startOtlpSink, type OtlpSink } from './otlp-sink.js';

export interface SoakOptions {
  spans: number;
  /** The share of spans made while the server is down (the rest after it comes up). */
  downShare?: number;
  maxQueueSize?: number;
  /** Spans made between two pauses (so exports can run, as in an application). */
  burst?: number;
  /** How long each phase lasts at least: spans are spread over it (the down phase must outlast the export timeout). */
  downMs?: number;
  upMs?: number;
  sampleEvery?: number;
}

export interface SoakReport {
  spans: number;
  exportedSpans: number;
  receivedBySink: number;
  droppedQueueFull: number;
  droppedAfterFailure: number;
  failedExports: number;
  maxQueuedSpans: number;
  heapStartMb: number;
  heapMaxMb: number;
  heapEndMb: number;
  rssMaxMb: number;
  seconds: number;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** A port nothing listens on yet (the "server down" phase sends to it; the sink takes it later). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Makes `spans` spans through the SDK while its server is down, then up: memory must stay bounded
 * (the queue never passes its limit, the heap does not grow with the span count) and nothing may
 * throw. Every span is accounted for: exported, dropped (counted), or still queued.
 */
export async function soak(options: SoakOptions): Promise<SoakReport> {
  const port = await freePort();
  const burst = options.burst ?? 500;
  const sampleEvery = options.sampleEvery ?? 10_000;
  const downUntil = Math.floor(options.spans * (options.downShare ?? 0.5));
  const tw = new Tracewell({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'soak', flushOnExit: false, maxQueueSize: options.maxQueueSize ?? 2048, flushIntervalMs: 200, exportTimeoutMs: 1000, logger: { warn: () => undefined } });
  const pauseMs = (phaseMs: number, phaseSpans: number) => phaseMs / Math.max(1, Math.ceil(phaseSpans / burst));
  const downPause = pauseMs(options.downMs ?? 5000, downUntil);
  const upPause = pauseMs(options.upMs ?? 5000, options.spans - downUntil);
  const work = tw.observe((i: number) => i + 1, { name: 'soak', captureInput: false, captureOutput: false });
  let sink: OtlpSink | undefined;
  let maxQueued = 0;
  global.gc?.();
  const heapStart = process.memoryUsage().heapUsed;
  let heapMax = heapStart;
  let rssMax = process.memoryUsage().rss;
  const started = performance.now();
  try {
    for (let i = 0; i < options.spans; i++) {
      if (i === downUntil) sink = await startOtlpSink(port);
      work(i);
      if (i % burst === burst - 1) await new Promise((resolve) => setTimeout(resolve, i < downUntil ? downPause : upPause));
      if (i % sampleEvery === 0) {
        const memory = process.memoryUsage();
        heapMax = Math.max(heapMax, memory.heapUsed);
        rssMax = Math.max(rssMax, memory.rss);
        maxQueued = Math.max(maxQueued, tw.stats().queuedSpans);
      }
    }
    sink ??= await startOtlpSink(port);
    for (let i = 0; i < 5 && tw.stats().queuedSpans > 0; i++) await tw.flush();
    const stats = tw.stats();
    global.gc?.();
    return {
      spans: options.spans,
      exportedSpans: stats.exportedSpans,
      receivedBySink: sink.spans(),
      droppedQueueFull: stats.droppedQueueFull,
      droppedAfterFailure: stats.droppedAfterFailure,
      failedExports: stats.failedExports,
      maxQueuedSpans: Math.max(maxQueued, stats.queuedSpans),
      heapStartMb: mb(heapStart),
      heapMaxMb: mb(heapMax),
      heapEndMb: mb(process.memoryUsage().heapUsed),
      rssMaxMb: mb(rssMax),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await tw.shutdown();
    await sink?.close();
  }
}
