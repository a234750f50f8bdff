import type { FlatSpan } from '../api/operation-types';

/**
 * The span tree as arrays indexed by span position, so a 10,000-span trace is a few typed arrays
 * and computing the visible rows after a collapse is one pass.
 */
export interface SpanTree {
  spans: FlatSpan[];
  children: number[][];
  roots: number[];
  depth: Int32Array;
  /** Start and end of each span on the trace's time axis, in ms since the trace start. */
  start: Float64Array;
  end: Float64Array;
  totalMs: number;
  indexOf: Map<string, number>;
  parent: Int32Array;
}

export function buildSpanTree(spans: FlatSpan[]): SpanTree {
  const n = spans.length;
  const indexOf = new Map<string, number>();
  spans.forEach((s, i) => indexOf.set(s.spanId, i));
  const children: number[][] = Array.from({ length: n }, () => []);
  const roots: number[] = [];
  const parent = new Int32Array(n).fill(-1);
  spans.forEach((s, i) => {
    const p = s.parentSpanId === null ? undefined : indexOf.get(s.parentSpanId);
    if (p === undefined) roots.push(i);
    else {
      children[p].push(i);
      parent[i] = p;
    }
  });

  // Absolute starts where sent; a span without one starts with its parent (or the trace).
  const absolute = new Float64Array(n);
  const depth = new Int32Array(n);
  let origin = Infinity;
  for (const s of spans) if (s.startTime) origin = Math.min(origin, Date.parse(s.startTime));
  if (!Number.isFinite(origin)) origin = 0;
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  let totalMs = 0;
  // Iterative DFS: parents are placed before children whatever the order sent.
  const stack: number[] = [...roots].reverse();
  for (const r of roots) absolute[r] = spans[r].startTime ? Date.parse(spans[r].startTime!) : origin;
  while (stack.length) {
    const i = stack.pop()!;
    const s = spans[i];
    start[i] = absolute[i] - origin;
    end[i] = start[i] + Math.max(0, s.latencyMs ?? 0);
    totalMs = Math.max(totalMs, end[i]);
    const kids = children[i];
    for (let k = kids.length - 1; k >= 0; k--) {
      const c = kids[k];
      depth[c] = depth[i] + 1;
      absolute[c] = spans[c].startTime ? Date.parse(spans[c].startTime!) : absolute[i];
      stack.push(c);
    }
  }
  return { spans, children, roots, depth, start, end, totalMs: totalMs || 1, indexOf, parent };
}

/**
 * The spans of a partly loaded trace that hang from a real root (no parent): what can be drawn in its
 * final place before the rest arrives. A span whose parent is still to come waits, rather than showing
 * as a root and jumping once its parent loads.
 */
export function connectedSpans(spans: readonly FlatSpan[]): FlatSpan[] {
  const byParent = new Map<string, FlatSpan[]>();
  const roots: FlatSpan[] = [];
  for (const s of spans) {
    if (s.parentSpanId === null) roots.push(s);
    else {
      const siblings = byParent.get(s.parentSpanId);
      if (siblings) siblings.push(s);
      else byParent.set(s.parentSpanId, [s]);
    }
  }
  const reached = new Set<FlatSpan>();
  const stack = [...roots];
  while (stack.length) {
    const s = stack.pop()!;
    reached.add(s);
    for (const child of byParent.get(s.spanId) ?? []) stack.push(child);
  }
  // In the order received, which the full list keeps too.
  return spans.filter((s) => reached.has(s));
}

/** The rows shown: depth-first, skipping the subtrees of collapsed spans. */
export function visibleRows(tree: SpanTree, collapsed: ReadonlySet<number>): number[] {
  const rows: number[] = [];
  const stack: number[] = [...tree.roots].reverse();
  while (stack.length) {
    const i = stack.pop()!;
    rows.push(i);
    if (collapsed.has(i)) continue;
    const kids = tree.children[i];
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  return rows;
}
