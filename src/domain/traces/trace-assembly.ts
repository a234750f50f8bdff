import type { SpanRecord } from '../../ports/traces.js';
import type { SummarySource } from './trace-summary.js';
import { spanTraceTags, unionOfTags } from './trace-tags.js';

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
  const fields = new TraceFieldsFold();
  for (const span of spans) fields.add(span);
  return { ...fields.fieldsOf(metadata), spans };
}

/** Root first, then by start (unknown last), then by span id: the order traceFieldsOf reads spans in. */
const before = (a: SpanRecord, b: SpanRecord): boolean =>
  (Number(a.parentSpanId !== null) - Number(b.parentSpanId !== null) ||
    (a.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
    (a.spanId < b.spanId ? -1 : 1)) < 0;

/**
 * traceFieldsOf over spans added one at a time (a huge trace read a page at a time): for the name
 * and each field, the first span in that order that has it, kept as spans pass instead of sorting them all.
 */
export class TraceFieldsFold {
  private first: SpanRecord | null = null;
  /** The union of the spans' trace tags (an append adds to them; a tag is never taken away). */
  private readonly tags: string[][] = [];
  private readonly firsts: { read: (span: SpanRecord) => string | null; span: SpanRecord | null; value: string | null }[] = [
    { read: (s) => text(s.metadata.framework), span: null, value: null },
    { read: serviceOf, span: null, value: null },
    { read: (s) => text(s.metadata.session_id), span: null, value: null },
    { read: (s) => text(s.metadata.user_id), span: null, value: null },
  ];

  add(span: SpanRecord): void {
    if (this.first === null || before(span, this.first)) this.first = span;
    const tags = spanTraceTags(span.metadata);
    if (tags.length > 0) this.tags.push(tags);
    for (const field of this.firsts) {
      if (field.span !== null && !before(span, field.span)) continue;
      const value = field.read(span);
      if (value) {
        field.span = span;
        field.value = value;
      }
    }
  }

  fieldsOf(metadata: Record<string, unknown>): Omit<SummarySource, 'spans'> {
    const [framework, agentName, sessionId, userId] = this.firsts.map((field) => field.value);
    return {
      name: this.first?.name ?? '(empty trace)',
      metadata,
      framework: framework?.slice(0, 100) ?? null,
      agentName,
      sessionId,
      userId,
      tags: unionOfTags(this.tags),
    };
  }
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
