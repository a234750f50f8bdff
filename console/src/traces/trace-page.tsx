import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';
import { ApiProblem } from '../api/problem';
import { StatusBadge } from '../ui/status-badge';
import { formatCost, formatCount, formatLatency, formatTime } from '../ui/format';
import { Waterfall } from './waterfall';
import { connectedSpans } from './span-model';
import type { FlatSpan } from '../api/operation-types';
import { SpanPanel } from './span-panel';
import { formatTokens } from './tokens';
import { toolSpanResults } from '../conversations/messages';
import { AddToDataset } from '../datasets/add-to-dataset';

/** One trace: its facts, what fired on it, the waterfall beside the tree, and the selected span. */
export function TracePage() {
  const api = useApi();
  const { session } = useSession();
  const { traceId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const selectedSpanId = params.get('span');
  const [loaded, setLoaded] = useState(0);

  const trace = useQuery({ queryKey: ['trace', session?.projectId, traceId], queryFn: () => api.getTrace(traceId) });
  // A big trace is drawn from its first page while the rest loads (the spans that already hang from a root).
  const [partial, setPartial] = useState<FlatSpan[] | null>(null);
  const spans = useQuery({
    queryKey: ['trace-spans', session?.projectId, traceId],
    queryFn: () =>
      api.allSpans(traceId, (count, soFar, more) => {
        setLoaded(count);
        setPartial(more ? connectedSpans(soFar) : null);
      }),
    staleTime: Infinity,
  });
  const shown = spans.data ?? (partial && partial.length > 0 ? partial : null);
  const firings = useQuery({ queryKey: ['trace-firings', session?.projectId, traceId], queryFn: () => api.listTraceDetections(traceId) });
  const scores = useQuery({ queryKey: ['trace-scores', session?.projectId, traceId], queryFn: () => api.listTraceScores(traceId) });
  const toolResults = useMemo(() => toolSpanResults(spans.data ?? []), [spans.data]);
  const selected = shown?.find((s) => s.spanId === selectedSpanId) ?? null;
  const select = (spanId: string) => setParams({ span: spanId }, { replace: true });
  const t = trace.data;

  // Every read of a missing trace answers 404: say it once, with the way back, instead of one box per read.
  if (trace.error instanceof ApiProblem && trace.error.status === 404) {
    return (
      <EmptyState title="Trace not found" tone="not-found" actions={<Link to="/traces">Back to traces</Link>}>
        <p>
          No trace <code>{traceId}</code> in this project. It may belong to another project (switch above), be older than
          the retention period, or not be ingested yet.
        </p>
      </EmptyState>
    );
  }

  return (
    <section className="trace-page">
      <p>
        <Link to="/traces">← Traces</Link>
      </p>
      {/* The other reads wait for the trace: a missing trace is reported once (above), not once per read. */}
      <ProblemAlert error={trace.error ?? (t ? spans.error : null)} />
      {t && (
        <header className="trace-head">
          <h1>{t.name}</h1>
          <dl className="facts inline-facts">
            <dt>Status</dt>
            <dd><StatusBadge status={t.status} /></dd>
            <dt>Time</dt>
            <dd>{formatTime(t.createdAt)}</dd>
            <dt>Latency</dt>
            <dd>{formatLatency(t.latencyMs)}</dd>
            <dt>Cost</dt>
            <dd>{formatCost(t.cost)}</dd>
            <dt>Tokens</dt>
            <dd>{formatTokens(t)}</dd>
            <dt>Spans</dt>
            <dd>{formatCount(t.spanCount)}</dd>
            <dt>Framework</dt>
            <dd>{t.framework ?? '—'}</dd>
            <dt>Agent</dt>
            <dd>{t.agentName ?? '—'}</dd>
            <dt>Tags</dt>
            <dd>
              {t.tags.length === 0
                ? '—'
                : t.tags.map((tag) => (
                    <span key={tag} className="tag-chip">
                      {tag}
                    </span>
                  ))}
            </dd>
          </dl>
          {t.errorMessage && <p className="span-error">First error: {t.errorMessage}</p>}
          <AddToDataset traceId={traceId} spanId={selectedSpanId} />
        </header>
      )}
      {t && (
        <section aria-labelledby="fired-heading" className="firings">
          <h2 id="fired-heading">Detections that fired</h2>
          <ProblemAlert error={firings.error} />
          {firings.data && firings.data.firings.length === 0 && <p className="muted">None fired on this trace.</p>}
          <ul className="plain">
            {firings.data?.firings.map((f) => (
              <li key={f.detectionId} className={`firing severity-${f.severity}`}>
                <span className="severity">{f.severity}</span> <Link to={`/detections/${f.detectionId}`}>{f.displayName}</Link> ({f.type}, score {f.score})
                {f.spanId && (
                  <>
                    {' '}
                    on span{' '}
                    <button type="button" className="link" onClick={() => select(f.spanId!)}>
                      {f.spanId}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {t && (
        <section aria-labelledby="scores-heading" className="scores">
          <h2 id="scores-heading">Scores</h2>
          <ProblemAlert error={scores.error} />
          {scores.data && scores.data.scores.length === 0 && <p className="muted">No scores on this trace.</p>}
          <ul className="plain">
            {scores.data?.scores.map((s) => (
              <li key={s.id} className="score">
                <strong>{s.name}</strong> {String(s.value)} <span className="muted">({s.source}{s.spanId ? `, span ${s.spanId}` : ''}{s.author ? `, ${s.author}` : ''})</span>
                {s.comment && <p className="muted">{s.comment}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {trace.isLoading && <Skeleton label="Loading the trace…" lines={2} widths={[40, 70]} />}
      {spans.isLoading && !shown && (
        <div className="trace-body">
          <div className="skeleton-block">
            <Skeleton label={`Loading spans… ${loaded > 0 ? `${loaded.toLocaleString()} so far` : ''}`} lines={10} />
          </div>
          <div className="skeleton-block" aria-hidden="true">
            <Skeleton label="" lines={5} widths={[50, 90, 80, 85, 60]} />
          </div>
        </div>
      )}
      {shown && (
        <div className="trace-body">
          {/* Remounted once complete: the tree's indexes change when the rest of the spans arrive. */}
          <Waterfall key={spans.data ? 'all' : 'partial'} spans={shown} selectedSpanId={selectedSpanId} onSelect={select} loadingMore={spans.data ? null : loaded} />
          {selected ? (
            <SpanPanel span={selected} toolResults={toolResults} deepLink={`/traces/${encodeURIComponent(traceId)}?span=${encodeURIComponent(selected.spanId)}`} />
          ) : (
            <aside className="span-panel muted" aria-label="Selected span">
              Select a span to see its input, output, error and metadata.
            </aside>
          )}
        </div>
      )}
    </section>
  );
}
