import { problems } from '../../errors.js';
import { grantAllows, type ReadGrant } from '../../auth/principal.js';
import type { Store } from '../../ports/store.js';
import type { SpanRecord, TraceRecord } from '../../ports/traces.js';
import { TRACE_ID_PATTERN } from './trace-input.js';
import { systemClock, type Clock } from '../../clock.js';
import { ProjectRetention } from './retention.js';
import { tokenSums } from './span-tokens.js';

/** The spec's trace context depth: larger traces are cut to this many spans. */
export const MAX_CONTEXT_SPANS = 1000;

export interface SpanNode extends SpanRecord {
  children: SpanNode[];
}

export interface TraceContext {
  trace: TraceRecord;
  /** Root-level spans in the order sent, each with its children. */
  roots: SpanNode[];
  truncated: boolean;
  /** Input and output tokens over all spans of the trace (also those a truncated tree leaves out). */
  tokens: { inputTokens: number; outputTokens: number };
}

/**
 * Builds the span tree, keeping at most `limit` spans in breadth-first order so every kept span's
 * parent is kept too and the cut removes the deepest, latest detail first. The records become the
 * tree's nodes (each gains its `children`) rather than being copied: a 1,000-span trace is read
 * for this tree alone, and the copies cost as much as building it.
 */
export function buildSpanTree(spans: SpanRecord[], limit = MAX_CONTEXT_SPANS): { roots: SpanNode[]; truncated: boolean } {
  const childrenOf = new Map<string | null, SpanRecord[]>();
  for (const span of spans) {
    const siblings = childrenOf.get(span.parentSpanId);
    if (siblings) siblings.push(span);
    else childrenOf.set(span.parentSpanId, [span]);
  }
  // Roots: spans without a parent, and spans whose parent has not arrived (yet) — an OTLP trace
  // keeps them; they move under their parent when it comes.
  const ids = new Set(spans.map((span) => span.spanId));
  const roots: SpanNode[] = [];
  const queue: { span: SpanRecord; into: SpanNode[] }[] = spans
    .filter((span) => span.parentSpanId === null || !ids.has(span.parentSpanId))
    .map((span) => ({ span, into: roots }));
  let kept = 0;
  for (let head = 0; head < queue.length && kept < limit; head++) {
    const { span, into } = queue[head];
    const node = span as SpanNode;
    node.children = [];
    into.push(node);
    kept++;
    for (const child of childrenOf.get(span.spanId) ?? []) queue.push({ span: child, into: node.children });
  }
  return { roots, truncated: kept < spans.length };
}

/** One trace with its span tree, for get_trace_context and GET /traces/{traceId}. */
export class TraceContextService {
  constructor(
    private readonly store: Store,
    clock: Clock = systemClock,
    private readonly retention: ProjectRetention = new ProjectRetention(store, clock),
  ) {}

  async get(projectId: string, traceId: string, grant: ReadGrant | null = null): Promise<TraceContext> {
    if (typeof traceId !== 'string' || !TRACE_ID_PATTERN.test(traceId)) {
      throw problems.validation('The trace id format is invalid.', [
        { path: '/trace_id', code: 'invalid_id', message: 'must be 1 to 128 letters, digits or ._:- starting with a letter or digit' },
      ]);
    }
    // A guest sees exactly what was shared; anything else answers as if it did not exist.
    if (!grantAllows(grant, 'trace', traceId)) throw problems.notFound('The trace');
    const found = await this.store.traces.findWithSpans(projectId, traceId);
    // Past the project's retention a trace is gone, whether or not the worker has deleted it yet.
    const floor = found ? await this.retention.floor(projectId) : undefined;
    if (!found || (floor !== undefined && found.trace.createdAt.getTime() < floor)) throw problems.notFound('The trace');
    const tokens = tokenSums(found.spans);
    const { roots, truncated } = buildSpanTree(found.spans);
    return { trace: found.trace, roots, truncated, tokens };
  }
}
