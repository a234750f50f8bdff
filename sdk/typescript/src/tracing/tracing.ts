import { context, trace, type Tracer, type TracerProvider } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { credentialHeaders, type Connection } from '../config.js';
import type { OnceLogger } from '../logger.js';
import { ATTR, DEFAULT_MAX_VALUE_LENGTH } from './attributes.js';
import { TracewellSpanProcessor, type MaskFunction } from './processor.js';
import type { TracerSource } from './observe.js';

export const SDK_NAME = '@tracewell/sdk';
export const SDK_VERSION = '0.1.0';

export interface TracingOptions {
  /** Turn tracing off (default on). */
  enabled?: boolean;
  /** resource `service.name` — the trace's agent name on the server (default `OTEL_SERVICE_NAME`). */
  serviceName?: string;
  /** On every span (`tracewell.environment`) and the resource (`deployment.environment.name`). Default `TRACEWELL_ENVIRONMENT`. */
  environment?: string;
  /** On every span (`tracewell.release`) and the resource (`service.version`). Default `TRACEWELL_RELEASE`. */
  release?: string;
  /** Share of traces kept, 0 to 1 (default `TRACEWELL_SAMPLE_RATE`, else 1). */
  sampleRate?: number;
  /** Spans waiting for export beyond which new ones are dropped and counted (default 2,048). */
  maxQueueSize?: number;
  maxExportBatchSize?: number;
  flushIntervalMs?: number;
  /** Per export request (default 10,000 ms). */
  exportTimeoutMs?: number;
  mask?: MaskFunction;
  /** Serialized inputs, outputs and messages are cut to this many characters (default 65,536). */
  maxValueLength?: number;
  /**
   * The application's own provider: observed spans are made by its tracers, so they go wherever the
   * application's processors send them, and to Tracewell through `tracewell.spanProcessor` — add
   * that to the provider's `spanProcessors` (OpenTelemetry JS 2.x has no way to add one later; a 1.x
   * provider's `addSpanProcessor` is called for you).
   */
  tracerProvider?: TracerProvider;
  /** Make the SDK's own provider the global one (default false: an application's setup is never replaced). */
  registerGlobal?: boolean;
  /** Replaces the OTLP exporter (tests, other transports). */
  exporter?: SpanExporter;
  /** Flush when the process is about to exit (default true). */
  flushOnExit?: boolean;
}

/**
 * The tracing half of a client: its processor, its provider (its own, or the application's), and
 * the exit hook.
 */
export class Tracing implements TracerSource {
  readonly processor: TracewellSpanProcessor;
  private readonly provider: BasicTracerProvider | undefined;
  private readonly appProvider: TracerProvider | undefined;
  private cachedTracer: Tracer | undefined;
  private readonly valueLength: number;
  private readonly exitHook: (() => void) | undefined;
  readonly enabled: boolean;

  constructor(connection: Connection, options: TracingOptions, logger: OnceLogger) {
    const env = process.env;
    this.enabled = options.enabled ?? env.TRACEWELL_TRACING_ENABLED !== 'false';
    this.valueLength = options.maxValueLength ?? DEFAULT_MAX_VALUE_LENGTH;
    const environment = options.environment ?? env.TRACEWELL_ENVIRONMENT;
    const release = options.release ?? env.TRACEWELL_RELEASE;
    const sampleRate = options.sampleRate ?? (env.TRACEWELL_SAMPLE_RATE !== undefined ? Number(env.TRACEWELL_SAMPLE_RATE) : 1);
    const exporter =
      options.exporter ??
      new OTLPTraceExporter({
        url: `${connection.baseUrl}/v1/traces`,
        headers: credentialHeaders(connection),
        timeoutMillis: options.exportTimeoutMs ?? 10_000,
      });
    this.processor = new TracewellSpanProcessor({
      exporter,
      logger,
      maxQueueSize: options.maxQueueSize,
      maxExportBatchSize: options.maxExportBatchSize,
      flushIntervalMs: options.flushIntervalMs,
      sampleRate,
      mask: options.mask,
    });
    const everySpan: Record<string, string> = {};
    if (environment) everySpan[ATTR.environment] = environment;
    if (release) everySpan[ATTR.release] = release;
    this.processor.setDefaults(everySpan);

    // AsyncLocalStorage context so nested calls nest; an application's context manager, when it has
    // one, is kept (setGlobalContextManager refuses a second one and returns false).
    const manager = new AsyncLocalStorageContextManager();
    if (!context.setGlobalContextManager(manager.enable())) manager.disable();

    if (options.tracerProvider) {
      this.appProvider = options.tracerProvider;
      const legacy = options.tracerProvider as TracerProvider & { addSpanProcessor?: (p: TracewellSpanProcessor) => void };
      if (typeof legacy.addSpanProcessor === 'function') legacy.addSpanProcessor(this.processor);
    } else {
      const resource: Record<string, string> = { 'service.name': options.serviceName ?? env.OTEL_SERVICE_NAME ?? 'unknown_service:node', 'telemetry.sdk.name': SDK_NAME, 'telemetry.sdk.version': SDK_VERSION };
      if (environment) resource['deployment.environment.name'] = environment;
      if (release) resource['service.version'] = release;
      this.provider = new BasicTracerProvider({ resource: resourceFromAttributes(resource), spanProcessors: [this.processor] });
      if (options.registerGlobal) trace.setGlobalTracerProvider(this.provider);
    }

    if (options.flushOnExit !== false) {
      // beforeExit is the last point where asynchronous work (the export) can still run; a process
      // ended by process.exit() or a signal skips it, so call flush()/shutdown() there yourself.
      // Once: beforeExit fires again whenever the loop empties, and a server that is down must not
      // hold the exit for more than one export attempt (at most exportTimeoutMs).
      let flushed = false;
      this.exitHook = () => {
        if (flushed) return;
        flushed = true;
        void this.processor.forceFlush();
      };
      process.on('beforeExit', this.exitHook);
    }
  }

  tracer(): Tracer | undefined {
    if (!this.enabled) return undefined;
    this.cachedTracer ??= (this.provider ?? this.appProvider)?.getTracer(SDK_NAME, SDK_VERSION);
    return this.cachedTracer;
  }

  /** A tracer of the same provider under another instrumentation-scope name (the server reads the scope, e.g. `ai`). */
  tracerNamed(name: string, version?: string): Tracer | undefined {
    if (!this.enabled) return undefined;
    return this.tracerProvider()?.getTracer(name, version);
  }

  maxValueLength(): number {
    return this.valueLength;
  }

  /** The provider spans are made by: the SDK's own, or the application's. */
  tracerProvider(): TracerProvider | undefined {
    return this.provider ?? this.appProvider;
  }

  async shutdown(): Promise<void> {
    if (this.exitHook) process.off('beforeExit', this.exitHook);
    try {
      if (this.provider) await this.provider.shutdown();
      else await this.processor.shutdown();
    } catch {
      // Shutting down never throws to the application.
    }
  }
}
