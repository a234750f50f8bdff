import type { SpanRecord, TraceRecord } from '../../ports/traces.js';
import type { ValidTrace } from './trace-input.js';

const tokensOf = (span: SpanRecord): number => {
  const m = span.metadata;
  if (typeof m.tokens_used === 'number') return m.tokens_used;
  return (typeof m.input_tokens === 'number' ? m.input_tokens : 0) + (typeof m.output_tokens === 'number' ? m.output_tokens : 0);
};

/**
 * The trace row derived from its spans: error when any span failed; latency of the root-level spans
 * (they contain their children); cost and tokens summed over all spans; the first failing span's
 * error as the trace's error message; created when its earliest span started, else when received.
 */
export function summarizeTrace(projectId: string, id: string, trace: ValidTrace, receivedAt: Date): TraceRecord {
  let latencyMs = 0;
  let cost = 0;
  let totalTokens = 0;
  let errorMessage: string | null = null;
  let failed = false;
  let earliest = Number.POSITIVE_INFINITY;
  for (const span of trace.spans) {
    if (span.parentSpanId === null) latencyMs += span.latencyMs ?? 0;
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
  };
}
