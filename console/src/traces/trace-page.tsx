import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { StatusBadge } from '../ui/status-badge';
import { formatCost, formatCount, formatLatency, formatTime } from '../ui/format';
import { Waterfall } from './waterfall';
import { SpanPanel } from './span-panel';
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
  const spans = useQuery({ queryKey: ['trace-spans', session?.projectId, traceId], queryFn: () => api.allSpans(traceId, setLoaded), staleTime: Infinity });
  const firings = useQuery({ queryKey: ['trace-firings', session?.projectId, traceId], queryFn: () => api.listTraceDetections(traceId) });
  const scores = useQuery({ queryKey: ['trace-scores', session?.projectId, traceId], queryFn: () => api.listTraceScores(traceId) });
  const selected = spans.data?.find((s) => s.spanId === selectedSpanId) ?? null;
  const select = (spanId: string) => setParams({ span: spanId }, { replace: true });
  const t = trace.data;

  return (
    <section className="trace-page">
      <p>
        <Link to="/traces">← Traces</Link>
      </p>
      <ProblemAlert error={trace.error ?? spans.error} />
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
            <dt>Spans</dt>
            <dd>{formatCount(t.spanCount)}</dd>
            <dt>Framework</dt>
            <dd>{t.framework ?? '—'}</dd>
            <dt>Agent</dt>
            <dd>{t.agentName ?? '—'}</dd>
          </dl>
          {t.errorMessage && <p className="span-error">First error: {t.errorMessage}</p>}
          <AddToDataset traceId={traceId} spanId={selectedSpanId} />
        </header>
      )}
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
      {spans.isLoading && <p role="status">Loading spans… {loaded > 0 ? `${loaded.toLocaleString()} so far` : ''}</p>}
      {spans.data && (
        <div className="trace-body">
          <Waterfall spans={spans.data} selectedSpanId={selectedSpanId} onSelect={select} />
          {selected ? (
            <SpanPanel span={selected} deepLink={`/traces/${encodeURIComponent(traceId)}?span=${encodeURIComponent(selected.spanId)}`} />
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
