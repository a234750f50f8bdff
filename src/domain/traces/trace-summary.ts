import type { SpanRecord, TraceRecord } from '../../ports/traces.js';
import type { ValidTrace } from './trace-input.js';

const tokensOf = (span: SpanRecord): number => {
  const m = span.metadata;
  if (typeof m.tokens_used === 'number') return m.tokens_used;
  return (typeof m.input_tokens === 'number' ? m.input_tokens : 0) + (typeof m.output_tokens === 'number' ? m.output_tokens : 0);
};

/** A native trace's `metadata.session_id` / `user_id` when they are short strings (else not a label). */
const labelOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : null);

/** What a trace summary is computed from: a validated native trace, or an OTLP trace's spans so far. */
export type SummarySource = Pick<ValidTrace, 'name' | 'metadata' | 'framework' | 'agentName' | 'spans'> & {
  sessionId?: string | null;
  userId?: string | null;
};

/**
 * The trace row derived from its spans: error when any span failed; latency of the root-level spans
 * (they contain their children; a span whose parent has not arrived counts as root-level until it
 * does); cost and tokens summed over all spans; the first failing span's error as the trace's error
 * message; created when its earliest span started, else when received.
 */
export function summarizeTrace(projectId: string, id: string, trace: SummarySource, receivedAt: Date): TraceRecord {
  const ids = new Set(trace.spans.map((span) => span.spanId));
  let latencyMs = 0;
  let cost = 0;
  let totalTokens = 0;
  let errorMessage: string | null = null;
  let failed = false;
  let earliest = Number.POSITIVE_INFINITY;
  for (const span of trace.spans) {
    if (span.parentSpanId === null || !ids.has(span.parentSpanId)) latencyMs += span.latencyMs ?? 0;
    cost += span.cost ?? 0;
    totalTokens += tokensOf(span);
    if (span.status === 'error') {
      if (!failed && span.error) errorMessage = span.error;
      failed = true;
    }
    if (span.startTime && span.startTime.getTime() < earliest) earliest = span.startTime.getTime();
  }
  return {
    projectId,
    id,
    name: trace.name,
    status: failed ? 'error' : 'success',
    createdAt: Number.isFinite(earliest) ? new Date(earliest) : receivedAt,
    latencyMs,
    cost,
    spanCount: trace.spans.length,
    totalTokens,
    framework: trace.framework,
    agentName: trace.agentName,
    errorMessage,
    metadata: trace.metadata,
    sessionId: trace.sessionId !== undefined ? trace.sessionId : labelOf(trace.metadata.session_id),
    userId: trace.userId !== undefined ? trace.userId : labelOf(trace.metadata.user_id),
  };
}
