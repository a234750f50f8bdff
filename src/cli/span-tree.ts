import { formatCost, formatMs } from './output.js';

/** The fields of a span of GET /traces/{traceId} the tree shows. */
export interface SpanNode {
  name: string;
  spanType: string;
  status: string;
  latencyMs: number | null;
  error: string | null;
  metadata: Record<string, unknown>;
  children: SpanNode[];
}

export interface TraceNode {
  id: string;
  name: string;
  status: string;
  latencyMs: number;
  cost: number;
  spanCount: number;
  truncated: boolean;
  spans: SpanNode[];
}

/** A span's own cost: `metadata.cost` in dollars, as sent at ingestion. */
const costOf = (span: SpanNode): number | null => (typeof span.metadata.cost === 'number' ? span.metadata.cost : null);

function spanLine(span: SpanNode): string {
  const status = span.status === 'error' ? `  ERROR${span.error ? `: ${span.error.replace(/\s+/g, ' ').slice(0, 80)}` : ''}` : '';
  return `${span.name} [${span.spanType}]  ${formatMs(span.latencyMs)}  ${formatCost(costOf(span))}${status}`;
}

/** The span tree indented with box-drawing guides, one span per line with latency and cost. */
export function renderTraceTree(trace: TraceNode): string {
  const lines = [`${trace.name} (${trace.id})  ${trace.status}  ${formatMs(trace.latencyMs)}  ${formatCost(trace.cost)}  ${trace.spanCount} spans`];
  const walk = (spans: SpanNode[], prefix: string): void => {
    spans.forEach((span, index) => {
      const last = index === spans.length - 1;
      lines.push(`${prefix}${last ? '└─ ' : '├─ '}${spanLine(span)}`);
      walk(span.children, `${prefix}${last ? '   ' : '│  '}`);
    });
  };
  walk(trace.spans, '');
  if (trace.truncated) lines.push(`(truncated: showing the first 1000 of ${trace.spanCount} spans)`);
  return `${lines.join('\n')}\n`;
}
