import type { SpanRecord } from '../../ports/traces.js';
import type { SummarySource } from './trace-summary.js';

/** The spans of one trace in one append, and the trace metadata a new trace starts with. */
export interface SpansOfTrace {
  traceId: string;
  spans: SpanRecord[];
  metadata: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const serviceOf = (span: SpanRecord): string | null => text((span.metadata.otel as Record<string, unknown> | undefined)?.service);

/**
 * A growing trace's fields, from the spans it has so far: named after its root span (a span without
 * a parent; until one arrives, the earliest span); framework, agent (the exporting service), session
 * and user from the root first, then from the earliest span that has them.
 */
export function traceFieldsOf(spans: SpanRecord[], metadata: Record<string, unknown>): SummarySource {
  const ordered = [...spans].sort(
    (a, b) =>
      Number(a.parentSpanId !== null) - Number(b.parentSpanId !== null) ||
      (a.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
      (a.spanId < b.spanId ? -1 : 1),
  );
  const firstOf = (read: (span: SpanRecord) => string | null): string | null => {
    for (const span of ordered) {
      const value = read(span);
      if (value) return value;
    }
    return null;
  };
  return {
    name: ordered[0]?.name ?? '(empty trace)',
    metadata,
    framework: firstOf((s) => text(s.metadata.framework))?.slice(0, 100) ?? null,
    agentName: firstOf(serviceOf),
    sessionId: firstOf((s) => text(s.metadata.session_id)),
    userId: firstOf((s) => text(s.metadata.user_id)),
    spans,
  };
}

/** Spans grouped by trace id, a span id sent twice in one request kept once (the first). */
export function groupByTrace(items: { traceId: string; span: SpanRecord; metadata: Record<string, unknown> }[]): SpansOfTrace[] {
  const byTrace = new Map<string, { spans: Map<string, SpanRecord>; metadata: Record<string, unknown> }>();
  for (const { traceId, span, metadata } of items) {
    let group = byTrace.get(traceId);
    if (!group) byTrace.set(traceId, (group = { spans: new Map(), metadata }));
    if (!group.spans.has(span.spanId)) group.spans.set(span.spanId, span);
  }
  return [...byTrace].map(([traceId, group]) => ({ traceId, spans: [...group.spans.values()], metadata: group.metadata }));
}
