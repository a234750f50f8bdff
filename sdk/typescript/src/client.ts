import { trace, type AttributeValue, type Tracer } from '@opentelemetry/api';
import { ApiClient } from './api/client.js';
import { resolveConnection, type ConnectionOptions } from './config.js';
import { runExperiment, type ExperimentOutcome, type RunExperimentOptions } from './experiments/run-experiment.js';
import { aiSdkTelemetryWith, type AiSdkTelemetryOptions, type AiSdkTelemetrySettings } from './integrations/ai-sdk.js';
import { wrapOpenAIWith, type WrapOpenAIOptions } from './integrations/openai.js';
import { consoleLogger, OnceLogger, type SdkLogger } from './logger.js';
import { PromptClient, type GetPromptOptions, type Prompt } from './prompts/prompt-client.js';
import { createScore, type Score, type ScoreInput } from './scores.js';
import { ATTR, attributeValue } from './tracing/attributes.js';
import { observedWith, observeWith, runObserved, startSpanIn, type ObserveOptions, type TracerSource } from './tracing/observe.js';
import type { ExportStats } from './tracing/processor.js';
import { SpanHandle } from './tracing/span-handle.js';
import { setTraceAttribute } from './tracing/trace-attributes.js';
import { Tracing, type TracingOptions } from './tracing/tracing.js';

export interface TracewellOptions extends ConnectionOptions, TracingOptions {
  logger?: SdkLogger;
}

/**
 * One configured SDK: tracing, prompts, scores and experiments against one Tracewell server. Make
 * one with `init()` (which also makes it the one the top-level functions use) or `new Tracewell()`.
 */
export class Tracewell {
  readonly api: ApiClient;
  readonly prompts: PromptClient;
  private readonly tracing: Tracing;
  private readonly logger: OnceLogger;

  constructor(options: TracewellOptions = {}) {
    const connection = resolveConnection(options);
    this.logger = new OnceLogger(options.logger ?? consoleLogger);
    this.api = new ApiClient(connection);
    this.prompts = new PromptClient(this.api, this.logger);
    this.tracing = new Tracing(connection, options, this.logger);
  }

  /** Add to your own provider's `spanProcessors` to send its spans to Tracewell too. */
  get spanProcessor() {
    return this.tracing.processor;
  }

  /** Where observed calls get their tracer (for wrappers made before a client exists). */
  tracerSource(): TracerSource {
    return this.tracing;
  }

  /** The tracer observed spans are made with (undefined when tracing is off). */
  tracer(): Tracer | undefined {
    return this.tracing.tracer();
  }

  /** `fn` traced: each call is a span, nested under the active one. */
  observe<A extends unknown[], R>(fn: (...args: A) => R, options: ObserveOptions = {}): (...args: A) => R {
    return observeWith(this.tracing, fn, options);
  }

  /** Decorator form of `observe` for class methods. */
  observed(options: ObserveOptions = {}) {
    return observedWith(this.tracing, options);
  }

  /** Runs `fn` in a new active span and hands it the span; ends it when `fn` returns or settles. */
  span<T>(name: string, fn: (span: SpanHandle | undefined) => T, options: ObserveOptions = {}): T {
    return runObserved(this.tracing, name, { ...options, captureInput: false }, [], fn);
  }

  /** A span that is not made active: end it yourself. Undefined when tracing is off. */
  startSpan(name: string, options: ObserveOptions = {}): SpanHandle | undefined {
    return startSpanIn(this.tracing, name, options)?.handle;
  }

  /** The active span, to update it. */
  currentSpan(): SpanHandle | undefined {
    const span = trace.getActiveSpan();
    return span ? new SpanHandle(span, this.tracing.maxValueLength()) : undefined;
  }

  setSession(sessionId: string): void {
    this.setTraceAttribute(ATTR.sessionId, sessionId);
  }

  setUser(userId: string): void {
    this.setTraceAttribute(ATTR.userId, userId);
  }

  setTags(tags: string[]): void {
    this.setTraceAttribute(ATTR.tags, tags.map(String));
  }

  setMetadata(metadata: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(metadata)) this.setTraceAttribute(ATTR.metadataPrefix + key, attributeValue(value));
  }

  setEnvironment(environment: string): void {
    this.setTraceAttribute(ATTR.environment, environment);
  }

  setRelease(release: string): void {
    this.setTraceAttribute(ATTR.release, release);
  }

  /** `experimental_telemetry` for the Vercel AI SDK. */
  aiSdkTelemetry(options: AiSdkTelemetryOptions = {}): AiSdkTelemetrySettings {
    // Scope `ai`, as the AI SDK names its own tracer: the server reads it as the vercel-ai-sdk framework.
    return aiSdkTelemetryWith(this.tracing.tracerNamed('ai'), options);
  }

  /** The openai client with chat completions and responses traced. */
  wrapOpenAI<T extends object>(client: T, options: WrapOpenAIOptions = {}): T {
    return wrapOpenAIWith(this.tracing, client, options);
  }

  getPrompt(name: string, options: GetPromptOptions = {}): Promise<Prompt> {
    return this.prompts.getPrompt(name, options);
  }

  score(input: ScoreInput): Promise<Score> {
    return createScore(this.api, input);
  }

  runExperiment(options: RunExperimentOptions): Promise<ExperimentOutcome> {
    return runExperiment(
      {
        api: this.api,
        inSpan: (name, fn) => this.span(name, fn, { type: 'chain' }),
        flush: () => this.flush(),
      },
      options,
    );
  }

  /** Sends every queued span now; never rejects. */
  flush(): Promise<void> {
    return this.tracing.processor.forceFlush();
  }

  /** Flushes and stops; spans ended afterwards are not sent. */
  shutdown(): Promise<void> {
    return this.tracing.shutdown();
  }

  /** What was sent, queued, dropped and failed. */
  stats(): ExportStats {
    return this.tracing.processor.stats();
  }

  /**
   * Sets a trace-wide attribute: on the active span now, and on every span of the trace that starts
   * later, until its root span ends. Outside any span there is nothing to set it on.
   */
  private setTraceAttribute(key: string, value: AttributeValue): void {
    try {
      const span = trace.getActiveSpan();
      if (!span) {
        this.logger.warnOnce(`outside:${key}`, `${key} was set outside any span: it applies to spans, so call it inside observe()/span()`);
        return;
      }
      span.setAttribute(key, value);
      setTraceAttribute(span.spanContext().traceId, key, value);
    } catch {
      // Never surfaces.
    }
  }
}
