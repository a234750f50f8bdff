import { Counter, Gauge, Histogram, Registry } from './prom-client-parts.js';

/**
 * The process's own counters and histograms. One registry per process, like the process itself:
 * every runtime in it (tests build several) adds to the same series, and /metrics reports them with
 * the per-runtime gauges (queues, pool) read at scrape time.
 */
const processRegistry = new Registry();

let defaultMetrics: Promise<void> | null = null;

/**
 * The process registry as a scrape reads it: the first scrape also loads prom-client's default
 * process metrics (CPU, memory, heap spaces, handles, event-loop lag, GC) into it. Loaded then, not
 * at start-up, where they cost ~40 ms of CPU on the way to `/readyz` (prom-client-parts.ts). Most of
 * them are read at the scrape; the event-loop lag and GC series count from the first scrape on.
 */
export async function scrapedRegistry(): Promise<Registry> {
  defaultMetrics ??= import('prom-client').then(({ collectDefaultMetrics }) => collectDefaultMetrics({ register: processRegistry, prefix: 'tracewell_' }));
  await defaultMetrics;
  return processRegistry;
}

export const requestDuration = new Histogram({
  name: 'tracewell_http_request_duration_seconds',
  help: 'HTTP requests by operation (contract operationId, mcp, oauth, health, metrics or unmatched) and status.',
  labelNames: ['operation', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const rateLimitRejections = new Counter({
  name: 'tracewell_rate_limit_rejections_total',
  help: 'Requests answered 429 by the rate limiter, by operation.',
  labelNames: ['operation'] as const,
  registers: [processRegistry],
});

const ingestedTraces = new Counter({
  name: 'tracewell_ingested_traces_total',
  help: 'Traces stored by ingestion (committed).',
  registers: [processRegistry],
});

const ingestedSpans = new Counter({
  name: 'tracewell_ingested_spans_total',
  help: 'Spans stored by ingestion (committed).',
  registers: [processRegistry],
});

const toolCalls = new Counter({
  name: 'tracewell_tool_calls_total',
  help: 'MCP tools/call requests by tool and outcome (ok, tool_error, rejected, internal_error).',
  labelNames: ['tool', 'outcome'] as const,
  registers: [processRegistry],
});

const webhookAttempts = new Counter({
  name: 'tracewell_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts recorded, by the delivery status after the attempt (succeeded, pending = retry scheduled, failed).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

const lifecycleDeletedTraces = new Counter({
  name: 'tracewell_lifecycle_deleted_traces_total',
  help: 'Traces deleted by the data-lifecycle worker (committed), by reason (retention, project_deleted).',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

const lifecyclePurgedProjects = new Counter({
  name: 'tracewell_lifecycle_purged_projects_total',
  help: 'Deleted projects whose rows the data-lifecycle worker finished purging (committed).',
  registers: [processRegistry],
});

const lifecycleAlreadyDeleted = new Counter({
  name: 'tracewell_lifecycle_already_deleted_traces_total',
  help: 'Traces a data-lifecycle batch chose that were gone when it deleted: another sweeper (or a user deleting the trace) got there first.',
  registers: [processRegistry],
});

/**
 * After a committed data-lifecycle deletion batch that chose `chosen` traces and deleted `deleted`.
 * Summed over replicas, each deletion counts once; a trace chosen but already gone is work done
 * twice (the lease should prevent that), counted on its own.
 */
export function recordLifecycleBatch(reason: 'retention' | 'project_deleted', chosen: number, deleted: number): void {
  if (deleted > 0) lifecycleDeletedTraces.inc({ reason }, deleted);
  if (chosen > deleted) lifecycleAlreadyDeleted.inc(chosen - deleted);
}

/** After the transaction that removed a deleted project's row and recorded project.purged. */
export function recordProjectPurged(): void {
  lifecyclePurgedProjects.inc();
}

/** After a committed ingest write. */
export function recordIngested(traces: readonly { spanCount: number }[]): void {
  ingestedTraces.inc(traces.length);
  ingestedSpans.inc(traces.reduce((sum, trace) => sum + trace.spanCount, 0));
}

/** After a recorded webhook delivery attempt. */
export function recordWebhookAttempt(outcome: 'succeeded' | 'pending' | 'failed' | 'cancelled'): void {
  webhookAttempts.inc({ outcome });
}

export type ToolCallOutcome = 'ok' | 'tool_error' | 'rejected' | 'internal_error';

/**
 * Runs a tools/call and counts it: a result (isError or not), or a JSON-RPC error (rejected: the
 * caller's fault, such as an unknown tool or bad arguments; internal_error: ours).
 */
export async function observeToolCall<T extends { isError?: boolean }>(tool: string, known: boolean, call: () => Promise<T>): Promise<T> {
  // Names the caller made up would be unbounded label values; one bucket holds them.
  const label = known ? tool : 'unknown';
  try {
    const result = await call();
    toolCalls.inc({ tool: label, outcome: result.isError ? 'tool_error' : 'ok' });
    return result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    toolCalls.inc({ tool: label, outcome: code === -32603 ? 'internal_error' : 'rejected' });
    throw error;
  }
}

const finalizerWorkers = new Gauge({
  name: 'tracewell_trace_finalizer_workers',
  help: "Evaluation workers (the trace finalizer) this process runs; it follows the backlog between TRACE_FINALIZER_MIN_WORKERS and _MAX_WORKERS.",
  registers: [processRegistry],
});

const finalizerScaled = new Counter({
  name: 'tracewell_trace_finalizer_scaled_total',
  help: 'Changes of the trace finalizer pool size in this process, by direction (up, down); each is an ops.trace_finalizer_scaled event.',
  labelNames: ['direction'] as const,
  registers: [processRegistry],
});

/** The finalizer pool's size now; `previous` given when it changed (counted by direction). */
export function recordFinalizerSize(size: number, previous?: number): void {
  finalizerWorkers.set(size);
  if (previous !== undefined && previous !== size) finalizerScaled.inc({ direction: size > previous ? 'up' : 'down' });
}

const idleCollections = new Counter({
  name: 'tracewell_idle_collections_total',
  help: 'Full garbage collections run because the server went quiet (IDLE_COLLECT_SECONDS), of its own heap and its threads\'.',
  registers: [processRegistry],
});

const idleCollectionSeconds = new Histogram({
  name: 'tracewell_idle_collection_seconds',
  help: 'How long each idle collection held the request thread.',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [processRegistry],
});

/** One idle collection, and how long it held the request thread. */
export function recordIdleCollection(seconds: number): void {
  idleCollections.inc();
  idleCollectionSeconds.observe(seconds);
}

const unmatchedCutScans = new Counter({
  name: 'tracewell_detection_scans_cut_total',
  help: 'Regex and pii evaluations of a trace that found nothing while a budget kept part of it unscanned, by reason (timed_out: the time budget, or the worker stopped past it; size: the field or trace character limits).',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

/**
 * After a text detection found nothing in a trace it could not scan whole: with no firing there is no
 * evidence to carry the cut (a firing's `budget`), so this is where it shows. Timed out wins over size.
 */
export function recordUnmatchedCutScan(timedOut: boolean): void {
  unmatchedCutScans.inc({ reason: timedOut ? 'timed_out' : 'size' });
}
