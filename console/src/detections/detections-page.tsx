import { useParamState } from '../ui/param-state';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';
import { TrendChart } from './trend-chart';

/** Detections with how often each fired (24 h / 7 d), and a trend chart for the chosen one. */
export function DetectionsPage() {
  const api = useApi();
  const { session } = useSession();
  const detections = useQuery({ queryKey: ['detections', session?.projectId], queryFn: () => api.listDetections({ limit: 100 }) });
  // The open trend and its granularity are in the address (?trend=&per=), so the chart can be linked to.
  const [trendSlug, setTrendSlug] = useParamState('trend');
  const [per, setGranularity] = useParamState('per');
  const granularity: 'hour' | 'day' = per === 'hour' ? 'hour' : 'day';
  const trend = useQuery({
    queryKey: ['detection-trend', session?.projectId, trendSlug, granularity],
    enabled: trendSlug !== null,
    queryFn: () => api.getDetectionTrend({ name: trendSlug!, granularity, dateRange: granularity === 'hour' ? 'last_24h' : 'last_7d' }),
  });

  return (
    <section>
      <div className="page-head">
        <h1>Detections</h1>
        <Link className="button" to="/detections/clusters">
          Failure clusters
        </Link>
        <Link className="button primary" to="/detections/new">
          New detection
        </Link>
      </div>
      <ProblemAlert error={detections.error} />
      <table>
        <caption className="visually-hidden">Detections with firings in the last 24 hours and 7 days</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Active</th>
            <th scope="col" className="num">Fired 24 h</th>
            <th scope="col" className="num">Fired 7 d</th>
            <th scope="col">Last fired</th>
            <th scope="col">Trend</th>
          </tr>
        </thead>
        <tbody>
          {detections.data?.detections.map((d) => {
            return (
              <tr key={d.id}>
                <td>
                  <Link to={`/detections/${d.id}`}>{d.displayName}</Link> <span className="muted">{d.slug}</span>
                </td>
                <td>{d.type}</td>
                <td>{d.isActive ? 'yes' : 'no'}</td>
                <td className="num">{d.fireCount24h}</td>
                <td className="num">{d.fireCount7d}</td>
                <td>{d.lastFiredAt ? new Date(d.lastFiredAt).toLocaleString() : 'never'}</td>
                <td>
                  <button type="button" aria-pressed={trendSlug === d.slug} onClick={() => setTrendSlug(trendSlug === d.slug ? null : d.slug)}>
                    {trendSlug === d.slug ? 'Hide trend' : 'Show trend'}
                    <span className="visually-hidden"> of {d.displayName}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {detections.isLoading && <Skeleton label="Loading detections…" lines={4} />}
      {detections.data?.detections.length === 0 && (
        <EmptyState title="No detections yet" actions={<Link to="/detections/new">Create a detection</Link>}>
          <p>A detection checks every new trace — a pattern, leaked personal data, an anomaly or a rule — and opens a draft fix when it fires.</p>
        </EmptyState>
      )}
      {trendSlug && (
        <section className="card" aria-labelledby="trend-heading">
          <h2 id="trend-heading">Trend of {trendSlug}</h2>
          <fieldset className="inline">
            <legend>Buckets</legend>
            <label className="inline">
              <input type="radio" name="granularity" checked={granularity === 'hour'} onChange={() => setGranularity('hour')} /> per hour (24 h)
            </label>
            <label className="inline">
              <input type="radio" name="granularity" checked={granularity === 'day'} onChange={() => setGranularity('day')} /> per day (7 d)
            </label>
          </fieldset>
          <ProblemAlert error={trend.error} />
          {trend.data && <TrendChart label={`Firings of ${trendSlug} per ${granularity}`} points={trend.data.trend} />}
        </section>
      )}
    </section>
  );
}
