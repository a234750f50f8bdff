import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApi } from '../auth/session-context';
import type { FlatSpan } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

const LIMIT = 280;

/** One line of JSON, cut to a few hundred characters: enough to judge, with the full trace one click away. */
export function compact(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text;
}

/** The span the item is about: its own span, or for a trace item the root (falling back to the spans that carry input/output). */
function pick(spans: readonly FlatSpan[], spanId: string | null): { input: unknown; output: unknown; name: string } | null {
  if (spanId !== null) {
    const span = spans.find((s) => s.spanId === spanId);
    return span ? { input: span.input, output: span.output, name: span.name } : null;
  }
  const root = spans.find((s) => s.parentSpanId === null) ?? spans[0];
  if (!root) return null;
  const input = root.input ?? spans.find((s) => s.input !== null)?.input ?? null;
  const output = root.output ?? [...spans].reverse().find((s) => s.output !== null)?.output ?? null;
  return { input, output, name: root.name };
}

export function ItemPreview({ traceId, spanId }: { traceId: string; spanId: string | null }) {
  const api = useApi();
  const spans = useQuery({ queryKey: ['annotation-item-spans', traceId], queryFn: () => api.listTraceSpans(traceId, { limit: 5000 }) });
  const shown = spans.data ? pick(spans.data.spans, spanId) : null;
  const href = `/traces/${encodeURIComponent(traceId)}${spanId ? `?span=${encodeURIComponent(spanId)}` : ''}`;
  return (
    <div className="item-preview">
      <p>
        <Link to={href}>
          {spanId ? `Open span ${spanId} of trace ${traceId}` : `Open trace ${traceId}`}
        </Link>
        {shown && <span className="muted"> — {shown.name}</span>}
      </p>
      <ProblemAlert error={spans.error} />
      {spans.isPending && <p className="muted">Loading the {spanId ? 'span' : 'trace'}…</p>}
      {spans.data && !shown && <p className="muted">The {spanId ? 'span' : 'trace'} has no spans to show.</p>}
      {shown && (
        <dl className="item-io">
          <dt>Input</dt>
          <dd>
            <code>{compact(shown.input)}</code>
          </dd>
          <dt>Output</dt>
          <dd>
            <code>{compact(shown.output)}</code>
          </dd>
        </dl>
      )}
    </div>
  );
}
