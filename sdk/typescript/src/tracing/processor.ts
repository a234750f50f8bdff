import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Attributes } from '@opentelemetry/api';
import { OnceLogger } from '../logger.js';
import { endTraceAttributes, traceAttributesOf } from './trace-attributes.js';

/** A masking hook: the span's attributes as they will be sent (return a new object or the same). */
export type MaskFunction = (attributes: Attributes, span: { name: string }) => Attributes;

export interface ProcessorOptions {
  exporter: SpanExporter;
  logger: OnceLogger;
  /** Spans waiting for export beyond which new ones are dropped and counted (default 2,048). */
  maxQueueSize?: number;
  /** Spans per export request (default 512, the OpenTelemetry SDKs' default). */
  maxExportBatchSize?: number;
  /** How often queued spans are sent (default 1,000 ms). */
  flushIntervalMs?: number;
  /** Share of traces kept, 0 to 1 (default 1); decided by trace id so a trace is kept whole. */
  sampleRate?: number;
  mask?: MaskFunction;
  /** Attempts at one batch before its spans are dropped and counted (default 3). */
  maxExportAttempts?: number;
}

/** Counters an operator reads to see what the SDK did and lost (`tracewell.stats()`). */
export interface ExportStats {
  /** Spans handed to the exporter and acknowledged. */
  exportedSpans: number;
  /** Spans waiting now. */
  queuedSpans: number;
  /** Spans dropped because the queue was full. */
  droppedQueueFull: number;
  /** Spans dropped after their batch failed `maxExportAttempts` times. */
  droppedAfterFailure: number;
  /** Spans left out by sampling. */
  sampledOut: number;
  /** Spans dropped because the masking hook threw (they are not sent unmasked). */
  droppedMaskFailure: number;
  /** Export requests that failed (server down, refused, timed out). */
  failedExports: number;
}

type ExportResult = Parameters<Parameters<SpanExporter['export']>[1]>[0];
// @opentelemetry/core's ExportResultCode values, spelled here so the package depends on the API and SDK only.
const SUCCESS = 0;
const FAILED = 1;

interface PendingBatch {
  spans: ReadableSpan[];
  attempts: number;
}

/**
 * A batching span processor with a hard bound on memory: at most `maxQueueSize` spans wait (queued or
 * kept for a retry or on the wire), the rest are dropped and counted — an SDK that buffers without bound turns a
 * server outage into the application's out-of-memory crash. Nothing here throws to the caller:
 * failures are counted and logged once.
 */
export class TracewellSpanProcessor implements SpanProcessor {
  private queue: ReadableSpan[] = [];
  private retry: PendingBatch | null = null;
  private exporting: Promise<void> | null = null;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly maxQueueSize: number;
  private readonly batchSize: number;
  private readonly sampleThreshold: number;
  private readonly maxAttempts: number;
  private shutDown = false;
  private inFlight = 0;

  /** Spans held outside the queue: the batch being sent, or the one kept for a retry. */
  private get held(): number {
    return this.inFlight + (this.retry?.spans.length ?? 0);
  }
  readonly counters: Omit<ExportStats, 'queuedSpans'> = {
    exportedSpans: 0,
    droppedQueueFull: 0,
    droppedAfterFailure: 0,
    sampledOut: 0,
    droppedMaskFailure: 0,
    failedExports: 0,
  };

  constructor(private readonly options: ProcessorOptions) {
    this.maxQueueSize = positiveInteger(options.maxQueueSize, 2048);
    this.batchSize = Math.min(positiveInteger(options.maxExportBatchSize, 512), this.maxQueueSize);
    this.maxAttempts = positiveInteger(options.maxExportAttempts, 3);
    const rate = options.sampleRate ?? 1;
    // The last 8 hex digits of a trace id as a fraction of 2^32: random ids make this uniform.
    this.sampleThreshold = Number.isFinite(rate) ? Math.max(0, Math.min(1, rate)) * 0x1_0000_0000 : 0x1_0000_0000;
    this.timer = setInterval(() => void this.exportSome(), positiveInteger(options.flushIntervalMs, 1000));
    // The timer must not keep a finished process alive; exit-time flushing is done by the client.
    this.timer.unref?.();
  }

  private defaults: Attributes | undefined;

  /** Attributes every span gets (environment, release). */
  setDefaults(attributes: Attributes): void {
    this.defaults = Object.keys(attributes).length > 0 ? attributes : undefined;
  }

  onStart(span: Span, _parentContext: Context): void {
    try {
      if (this.defaults) span.setAttributes(this.defaults);
      const traceWide = traceAttributesOf(span.spanContext().traceId);
      if (traceWide) span.setAttributes(traceWide);
    } catch {
      // Never break the span's creation.
    }
  }

  onEnd(span: ReadableSpan): void {
    // A local root ends its trace's trace-wide attributes (a remote parent counts as none).
    if (!span.parentSpanContext || span.parentSpanContext.isRemote) endTraceAttributes(span.spanContext().traceId);
    if (this.shutDown) return;
    if (this.sampleThreshold < 0x1_0000_0000 && !this.sampled(span.spanContext().traceId)) {
      this.counters.sampledOut++;
      return;
    }
    // The batch on the wire and the one kept for a retry count against the bound too: the limit holds
    // while the server is down.
    if (this.queue.length + this.held >= this.maxQueueSize) {
      this.counters.droppedQueueFull++;
      return;
    }
    this.queue.push(span);
    if (this.queue.length >= this.batchSize && !this.exporting) void this.exportSome();
  }

  stats(): ExportStats {
    return { ...this.counters, queuedSpans: this.queue.length + this.held };
  }

  /** Sends everything queued now; resolves when done or when an export failed (never rejects). */
  async forceFlush(): Promise<void> {
    try {
      for (let guard = 0; guard < 10_000; guard++) {
        if (this.exporting) await this.exporting;
        if (this.queue.length === 0 && !this.retry) return;
        const failuresBefore = this.counters.failedExports;
        await this.exportSome();
        // A failed export keeps its batch for later: a flush does not spin against a server that is down.
        if (this.counters.failedExports !== failuresBefore) return;
      }
    } catch {
      // forceFlush is called from application code and exit hooks: it must not reject.
    }
  }

  async shutdown(): Promise<void> {
    if (this.shutDown) return;
    await this.forceFlush();
    this.shutDown = true;
    clearInterval(this.timer);
    try {
      await this.options.exporter.shutdown();
    } catch {
      // Nothing to report to: the SDK is going away.
    }
  }

  private sampled(traceId: string): boolean {
    const tail = Number.parseInt(traceId.slice(-8), 16);
    return Number.isFinite(tail) && tail < this.sampleThreshold;
  }

  /** Sends one batch (the one to retry first); at most one export at a time. */
  private exportSome(): Promise<void> {
    if (this.exporting) return this.exporting;
    if (!this.retry && this.queue.length === 0) return Promise.resolve();
    const batch = this.retry ?? { spans: this.takeBatch(), attempts: 0 };
    this.retry = null;
    this.inFlight = batch.spans.length;
    this.exporting = this.send(batch).finally(() => {
      this.inFlight = 0;
      this.exporting = null;
    });
    return this.exporting;
  }

  private takeBatch(): ReadableSpan[] {
    const spans = this.queue.length <= this.batchSize ? this.queue : this.queue.slice(0, this.batchSize);
    this.queue = this.queue.length <= this.batchSize ? [] : this.queue.slice(this.batchSize);
    return spans;
  }

  private async send(batch: PendingBatch): Promise<void> {
    const spans = this.masked(batch.spans);
    if (spans.length === 0) return;
    const result = await new Promise<ExportResult>((resolve) => {
      try {
        this.options.exporter.export(spans, resolve);
      } catch (error) {
        resolve({ code: FAILED, error: error as Error });
      }
    });
    if (result.code === SUCCESS) {
      this.counters.exportedSpans += spans.length;
      return;
    }
    this.counters.failedExports++;
    this.options.logger.warnOnce('export', `exporting spans failed (${result.error?.message ?? 'unknown error'}); later failures are counted, not logged (tracewell.stats())`);
    if (batch.attempts + 1 < this.maxAttempts) this.retry = { spans, attempts: batch.attempts + 1 };
    else this.counters.droppedAfterFailure += spans.length;
  }

  /** The spans with the masking hook applied; a span the hook fails on is dropped, never sent unmasked. */
  private masked(spans: ReadableSpan[]): ReadableSpan[] {
    const mask = this.options.mask;
    if (!mask) return spans;
    const out: ReadableSpan[] = [];
    for (const span of spans) {
      try {
        const attributes = mask({ ...span.attributes }, { name: span.name });
        // A view of the span with other attributes: the exporter reads every other field from the span itself.
        out.push(Object.create(span, { attributes: { value: attributes, enumerable: true } }) as ReadableSpan);
      } catch (error) {
        this.counters.droppedMaskFailure++;
        this.options.logger.warnOnce('mask', `the masking hook threw (${(error as Error).message}); such spans are dropped`);
      }
    }
    return out;
  }
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}
