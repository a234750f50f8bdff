import type { SpanRecord, TraceRecord } from '../../ports/traces.js';
import type { ValidTrace } from './trace-input.js';
import { spanTokens } from './span-tokens.js';


/** A native trace's `metadata.session_id` / `user_id` when they are short strings (else not a label). */
const labelOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : null);

/**
 * Environment and release: a native trace's `metadata.environment` / `metadata.release`, else the
 * OTLP resource's (`otel_resource`, written by the OTLP export) `deployment.environment.name`, its
 * older spelling `deployment.environment`, and `service.version`. Migration 038 fills stored traces alike.
 */
function deploymentOf(metadata: Record<string, unknown>): { environment: string | null; release: string | null } {
  const resource = metadata.otel_resource !== null && typeof metadata.otel_resource === 'object' ? (metadata.otel_resource as Record<string, unknown>) : {};
  return {
    environment: labelOf(metadata.environment) ?? labelOf(resource['deployment.environment.name']) ?? labelOf(resource['deployment.environment']),
    release: labelOf(metadata.release) ?? labelOf(resource['service.version']),
  };
}

/** What a trace summary is computed from: a validated native trace, or an OTLP trace's spans so far. */
export type SummarySource = Pick<ValidTrace, 'name' | 'metadata' | 'framework' | 'agentName' | 'spans'> & {
  sessionId?: string | null;
  userId?: string | null;
  /** A tag set (trace-tags.ts): a native trace's as sent, an OTLP trace's the union over its spans. */
  tags?: readonly string[];
};

/**
 * The trace row derived from its spans: error when any span failed; latency of the root-level spans
 * (they contain their children; a span whose parent has not arrived counts as root-level until it
 * does); cost and tokens summed over all spans; the first failing span's error as the trace's error
 * message; created when its earliest span started, else when received.
 */
export function summarizeTrace(projectId: string, id: string, trace: SummarySource, receivedAt: Date): TraceRecord {
  const ids = new Set(trace.spans.map((span) => span.spanId));
  const totals = new SpanTotals();
  for (const span of trace.spans) totals.add(span, span.parentSpanId === null || !ids.has(span.parentSpanId));
  return traceRecordOf(projectId, id, trace, totals, receivedAt);
}

/** summarizeTrace's sums over a trace's spans, added one at a time in the trace's order. */
export class SpanTotals {
  latencyMs = 0;
  cost = 0;
  totalTokens = 0;
  inputTokens = 0;
  outputTokens = 0;
  errorMessage: string | null = null;
  failed = false;
  earliest = Number.POSITIVE_INFINITY;
  count = 0;

  /** `rootLevel`: the span has no parent in the trace (its latency contains its children's). */
  add(span: SpanRecord, rootLevel: boolean): void {
    this.count += 1;
    if (rootLevel) this.latencyMs += span.latencyMs ?? 0;
    this.cost += span.cost ?? 0;
    // One reading of the span's counts for all three sums, so input + output and the total agree with the span's.
    const tokens = spanTokens(span.metadata);
    this.totalTokens += tokens.totalTokens ?? 0;
    this.inputTokens += tokens.inputTokens ?? 0;
    this.outputTokens += tokens.outputTokens ?? 0;
    if (span.status === 'error') {
      if (!this.failed && span.error) this.errorMessage = span.error;
      this.failed = true;
    }
    if (span.startTime && span.startTime.getTime() < this.earliest) this.earliest = span.startTime.getTime();
  }
}

/** The trace row of a trace's fields and the totals over its spans. */
export function traceRecordOf(projectId: string, id: string, trace: Omit<SummarySource, 'spans'>, totals: SpanTotals, receivedAt: Date): TraceRecord {
  return {
    projectId,
    id,
    name: trace.name,
    status: totals.failed ? 'error' : 'success',
    createdAt: Number.isFinite(totals.earliest) ? new Date(totals.earliest) : receivedAt,
    latencyMs: totals.latencyMs,
    cost: totals.cost,
    spanCount: totals.count,
    totalTokens: totals.totalTokens,
    inputTokens: totals.inputTokens,
    outputTokens: totals.outputTokens,
    framework: trace.framework,
    agentName: trace.agentName,
    errorMessage: totals.errorMessage,
    metadata: trace.metadata,
    sessionId: trace.sessionId !== undefined ? trace.sessionId : labelOf(trace.metadata.session_id),
    userId: trace.userId !== undefined ? trace.userId : labelOf(trace.metadata.user_id),
    ...deploymentOf(trace.metadata),
    tags: [...(trace.tags ?? [])],
  };
}
