/**
 * @tracewell/sdk — instrument an agent on OpenTelemetry, fetch prompts, record scores, run
 * experiments. `init()` once; the functions below then use that client (each is also a method of
 * `Tracewell` for applications that keep several).
 */
import type { Tracer } from '@opentelemetry/api';
import { Tracewell, type TracewellOptions } from './client.js';
import type { ExperimentOutcome, RunExperimentOptions } from './experiments/run-experiment.js';
import type { AiSdkTelemetryOptions, AiSdkTelemetrySettings } from './integrations/ai-sdk.js';
import type { WrapOpenAIOptions } from './integrations/openai.js';
import type { GetPromptOptions, Prompt } from './prompts/prompt-client.js';
import type { Score, ScoreInput } from './scores.js';
import { observedWith, observeWith, type ObserveOptions, type TracerSource } from './tracing/observe.js';
import { wrapOpenAIWith } from './integrations/openai.js';
import type { ExportStats } from './tracing/processor.js';
import type { SpanHandle } from './tracing/span-handle.js';

export { Tracewell, type TracewellOptions } from './client.js';
export { TracewellApiError } from './api/client.js';
export type { ObserveOptions } from './tracing/observe.js';
export type { SpanHandle, SpanUpdate } from './tracing/span-handle.js';
export type { SpanType, ChatMessage, Usage, GenerationUpdate } from './tracing/attributes.js';
export type { ExportStats, MaskFunction } from './tracing/processor.js';
export { Prompt, type GetPromptOptions } from './prompts/prompt-client.js';
export { PromptCompileError, compileTemplate } from './prompts/template.js';
export type { Score, ScoreInput } from './scores.js';
export type { RunExperimentOptions, ExperimentOutcome, Evaluator, EvaluatorScore, DatasetItem } from './experiments/run-experiment.js';
export type { AiSdkTelemetryOptions, AiSdkTelemetrySettings } from './integrations/ai-sdk.js';
export type { WrapOpenAIOptions } from './integrations/openai.js';
export type { paths, components, operations } from './generated/openapi.js';

let current: Tracewell | undefined;

/** Configures the SDK (options, else TRACEWELL_BASE_URL / TRACEWELL_API_KEY) and makes it the default client. */
export function init(options: TracewellOptions = {}): Tracewell {
  current = new Tracewell(options);
  return current;
}

/** The default client, made from the environment on first use when `init()` was not called. */
export function client(): Tracewell {
  current ??= new Tracewell();
  return current;
}

/**
 * The default client's tracer, looked up at each call: a function wrapped at import time uses the
 * client that init() makes later.
 */
const defaultSource: TracerSource = {
  tracer: () => client().tracerSource().tracer(),
  maxValueLength: () => client().tracerSource().maxValueLength(),
};

export const observe = <A extends unknown[], R>(fn: (...args: A) => R, options?: ObserveOptions): ((...args: A) => R) => observeWith(defaultSource, fn, options);
export const observed = (options?: ObserveOptions) => observedWith(defaultSource, options);
export const span = <T>(name: string, fn: (span: SpanHandle | undefined) => T, options?: ObserveOptions): T => client().span(name, fn, options);
export const startSpan = (name: string, options?: ObserveOptions): SpanHandle | undefined => client().startSpan(name, options);
export const currentSpan = (): SpanHandle | undefined => client().currentSpan();
export const setSession = (sessionId: string): void => client().setSession(sessionId);
export const setUser = (userId: string): void => client().setUser(userId);
export const setTags = (tags: string[]): void => client().setTags(tags);
export const setMetadata = (metadata: Record<string, unknown>): void => client().setMetadata(metadata);
export const setEnvironment = (environment: string): void => client().setEnvironment(environment);
export const setRelease = (release: string): void => client().setRelease(release);
export const aiSdkTelemetry = (options?: AiSdkTelemetryOptions): AiSdkTelemetrySettings => client().aiSdkTelemetry(options);
export const wrapOpenAI = <T extends object>(openai: T, options?: WrapOpenAIOptions): T => wrapOpenAIWith(defaultSource, openai, options);
export const getPrompt = (name: string, options?: GetPromptOptions): Promise<Prompt> => client().getPrompt(name, options);
export const score = (input: ScoreInput): Promise<Score> => client().score(input);
export const runExperiment = (options: RunExperimentOptions): Promise<ExperimentOutcome> => client().runExperiment(options);
export const flush = (): Promise<void> => client().flush();
export const shutdown = (): Promise<void> => client().shutdown();
export const stats = (): ExportStats => client().stats();
export const tracer = (): Tracer | undefined => client().tracer();
