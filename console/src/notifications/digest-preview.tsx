import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCost, formatCount, formatTime } from '../ui/format';

/** The latest complete daily digest or weekly report, as its notification carries it. */
export function DigestPreview({ initial }: { initial: 'daily' | 'weekly' | null }) {
  const api = useApi();
  const { session } = useSession();
  const [kind, setKind] = useState<'daily' | 'weekly' | null>(initial);
  const digest = useQuery({ queryKey: ['digest', session?.projectId, kind], queryFn: () => api.getDigest(kind!), enabled: kind !== null, retry: false });
  const d = digest.data;
  return (
    <section className="card" aria-labelledby="nt-digest-heading">
      <h2 id="nt-digest-heading">Digests</h2>
      <div className="toolbar">
        <button type="button" aria-pressed={kind === 'daily'} onClick={() => setKind('daily')}>
          Latest daily digest
        </button>
        <button type="button" aria-pressed={kind === 'weekly'} onClick={() => setKind('weekly')}>
          Latest weekly report
        </button>
      </div>
      <ProblemAlert error={digest.error} />
      {d && (
        <div aria-label={d.kind === 'daily' ? 'Daily digest' : 'Weekly report'} role="region">
          <p>
            {formatTime(d.periodStart)} to {formatTime(d.periodEnd)} ({d.timezone})
          </p>
          <dl className="facts">
            <div>
              <dt>Traces</dt>
              <dd>{formatCount(d.traces.count)}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>
                {formatCount(d.traces.errorCount)} ({(d.traces.errorRate * 100).toFixed(1)}%)
              </dd>
            </div>
            <div>
              <dt>Cost</dt>
              <dd>{formatCost(d.cost.total)}</dd>
            </div>
            <div>
              <dt>New fixes</dt>
              <dd>{d.newFixes.total}</dd>
            </div>
            <div>
              <dt>Resolved fixes</dt>
              <dd>{d.resolvedFixes.total}</dd>
            </div>
          </dl>
          <h3>Top detections</h3>
          {d.topDetections.length === 0 ? (
            <p className="muted">No detection fired in this period.</p>
          ) : (
            <ol>
              {d.topDetections.map((t) => (
                <li key={t.detectionId}>
                  <Link to={`/detections/${t.detectionId}`}>{t.displayName}</Link>: {t.fireCount} firing{t.fireCount === 1 ? '' : 's'}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}
