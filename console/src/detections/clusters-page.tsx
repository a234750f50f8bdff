import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';
import { useParamState } from '../ui/param-state';
import { Sparkline } from './sparkline';

/** Failing traces grouped by how they failed (docs/detections-learning.md#failure-clustering), largest or newest first. */
export function ClustersPage() {
  const api = useApi();
  const { session } = useSession();
  const [sortParam, setSort] = useParamState('sort');
  const sort: 'count' | 'lastSeen' = sortParam === 'lastSeen' ? 'lastSeen' : 'count';
  const clusters = useQuery({ queryKey: ['failure-clusters', session?.projectId, sort], queryFn: () => api.listFailureClusters({ limit: 100, sort, trendDays: 14 }) });

  return (
    <section>
      <div className="page-head">
        <h1>Failure clusters</h1>
        <Link className="button" to="/detections">
          Detections
        </Link>
      </div>
      <p className="muted">Failing traces grouped by their failing span and masked error message, or by the detections that fired on them.</p>
      <fieldset className="inline">
        <legend>Order</legend>
        <label className="inline">
          <input type="radio" name="cluster-sort" checked={sort === 'count'} onChange={() => setSort(null)} /> most traces
        </label>
        <label className="inline">
          <input type="radio" name="cluster-sort" checked={sort === 'lastSeen'} onChange={() => setSort('lastSeen')} /> most recently seen
        </label>
      </fieldset>
      <ProblemAlert error={clusters.error} />
      {clusters.data && clusters.data.clusters.length > 0 && (
        <table className="clusters-table">
          <caption className="visually-hidden">Failure clusters with their trace counts and 14-day trends</caption>
          <thead>
            <tr>
              <th scope="col">Failure</th>
              <th scope="col" className="num">Traces</th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
              <th scope="col">Last 14 days</th>
              <th scope="col" className="num">Detections</th>
            </tr>
          </thead>
          <tbody>
            {clusters.data.clusters.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link to={`/detections/clusters/${c.id}`}>
                    <code>{c.template}</code>
                  </Link>
                </td>
                <td className="num">{c.count}</td>
                <td>{new Date(c.firstSeenAt).toLocaleString()}</td>
                <td>{new Date(c.lastSeenAt).toLocaleString()}</td>
                <td>
                  <Sparkline days={c.trend} label={`Daily traces of ${c.template}`} />
                </td>
                <td className="num">{c.detectionIds.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {clusters.isLoading && <Skeleton label="Loading failure clusters…" lines={4} />}
      {clusters.data?.clusters.length === 0 && (
        <EmptyState title="No failing traces yet">
          <p>Traces with an error span or an error status, and traces a detection fired on, are grouped here as they are evaluated.</p>
        </EmptyState>
      )}
    </section>
  );
}
