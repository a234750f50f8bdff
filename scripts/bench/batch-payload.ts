import type { GeneratedSpan, GeneratedTrace } from './generate-traces.js';

/**
 * The wire shape of one trace for `POST /api/v1/public/traces/batch` (contract: TraceInput /
 * SpanInput). Span cost travels as `metadata.cost`, which the service sums into the trace cost.
 */
export interface TraceInputPayload {
  trace_id: string;
  name: string;
  metadata: { framework: string; agent_name: string };
  spans: SpanInputPayload[];
}

interface SpanInputPayload {
  span_id: string;
  parent_span_id: string | null;
  name: string;
  span_type: string;
  status: 'success' | 'error';
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  error: string | null;
  latency_ms: number;
  metadata: Record<string, unknown>;
  start_time: string;
}

function spanPayload(span: GeneratedSpan): SpanInputPayload {
  return {
    span_id: span.spanId,
    parent_span_id: span.parentSpanId,
    name: span.name,
    span_type: span.spanType,
    status: span.status,
    input: span.input,
    output: span.output,
    error: span.error,
    latency_ms: span.latencyMs,
    metadata: span.cost > 0 ? { ...span.metadata, cost: span.cost } : span.metadata,
    start_time: new Date(span.startTime).toISOString(),
  };
}

export function tracePayload(trace: GeneratedTrace): TraceInputPayload {
  return {
    trace_id: trace.traceId,
    name: trace.name,
    metadata: { framework: trace.framework, agent_name: trace.agentName },
    spans: trace.spans.map(spanPayload),
  };
}

/** A prepared batch: the payloads, their span count, and the request body. */
export interface PreparedBatch {
  traces: TraceInputPayload[];
  spanCount: number;
}

export function prepareBatch(traces: GeneratedTrace[]): PreparedBatch {
  return { traces: traces.map(tracePayload), spanCount: traces.reduce((sum, t) => sum + t.spans.length, 0) };
}

export const batchBody = (batch: PreparedBatch): string => JSON.stringify({ traces: batch.traces });
