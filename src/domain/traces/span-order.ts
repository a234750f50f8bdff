/**
 * The order spans are listed in (GET /traces/{traceId}/spans): by start time, a parent before its
 * children when they start in the same millisecond (start times are stored to the millisecond, and a
 * parent and its first child usually share one), then as sent, then by span id. OTLP exporters send a
 * child before its parent (it ends first), and all OTLP spans share position 0, so neither the order
 * sent nor the start time alone gives this order.
 */

import type { SpanOrderInput } from '../../ports/traces.js';

/** A span's place in the order; a page's last one is its cursor. */
export interface SpanOrderKey {
  /** Epoch ms; a span without a start time starts with its parent; a root without one, first (null). */
  start: number | null;
  /** Ancestors within the trace (a span whose parent is missing, or in a cycle, is a root). */
  depth: number;
  position: number;
  spanId: string;
}

export function compareSpanKeys(a: SpanOrderKey, b: SpanOrderKey): number {
  if (a.start !== b.start) {
    if (a.start === null) return -1;
    if (b.start === null) return 1;
    return a.start - b.start;
  }
  if (a.depth !== b.depth) return a.depth - b.depth;
  if (a.position !== b.position) return a.position - b.position;
  return a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0;
}

/** Every span's key, sorted. Linear in the spans plus the sort; no recursion (traces may be deep). */
export function orderSpans(spans: readonly SpanOrderInput[]): SpanOrderKey[] {
  const byId = new Map<string, SpanOrderInput>();
  for (const span of spans) byId.set(span.spanId, span);
  const keys = new Map<string, SpanOrderKey>();
  for (const span of spans) {
    if (keys.has(span.spanId)) continue;
    // Walk up to the nearest span already keyed (or a root), then key the path back down.
    const path: SpanOrderInput[] = [];
    const onPath = new Set<string>();
    let current: SpanOrderInput | undefined = span;
    while (current && !keys.has(current.spanId) && !onPath.has(current.spanId)) {
      path.push(current);
      onPath.add(current.spanId);
      current = current.parentSpanId === null ? undefined : byId.get(current.parentSpanId);
    }
    // `current` is keyed (its key is the parent's), or on the path (a cycle: its top is a root), or absent.
    let parent = current && keys.has(current.spanId) ? keys.get(current.spanId)! : null;
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i];
      const key: SpanOrderKey = {
        start: node.startTime ? node.startTime.getTime() : (parent?.start ?? null),
        depth: parent ? parent.depth + 1 : 0,
        position: node.position,
        spanId: node.spanId,
      };
      keys.set(node.spanId, key);
      parent = key;
    }
  }
  return [...keys.values()].sort(compareSpanKeys);
}
