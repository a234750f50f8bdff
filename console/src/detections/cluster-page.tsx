import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { Skeleton } from '../ui/skeleton';
import { ClusterMerge } from './cluster-merge';
import { ClusterTraces } from './cluster-traces';
import { TrendChart } from './trend-chart';

/** One failure cluster: its template, counts and 30-day trend, its newest traces, "Create fix", and the corrections — split traces off, merge another cluster in. */
export function ClusterPage() {
  const api = useApi();
  const { session } = useSession();
  const { clusterId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // After a merge or split every cluster's count may have changed: the lists and this page reload.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['failure-clusters'] });
    void queryClient.invalidateQueries({ queryKey: ['failure-cluster'] });
    void queryClient.invalidateQueries({ queryKey: ['failure-cluster-traces'] });
  };
  const cluster = useQuery({ queryKey: ['failure-cluster', session?.projectId, clusterId], queryFn: () => api.getFailureCluster(clusterId!, { trendDays: 30 }) });
  const traces = useQuery({ queryKey: ['failure-cluster-traces', session?.projectId, clusterId], queryFn: () => api.listFailureClusterTraces(clusterId!, { limit: 100 }) });
  const createFix = useMutation({
    mutationFn: () => api.createFailureClusterFix(clusterId!, {}),
    onSuccess: (fix) => navigate(`/fixes/${fix.id}`),
  });
  const c = cluster.data;

  return (
    <section>
      <div className="page-head">
        <h1>Failure cluster</h1>
        <Link className="button" to="/detections/clusters">
          All clusters
        </Link>
        {c && !c.mergedInto && (
          <button type="button" className="primary" disabled={createFix.isPending} onClick={() => createFix.mutate()}>
            Create fix
          </button>
        )}
      </div>
      <ProblemAlert error={cluster.error ?? createFix.error} />
      {cluster.isLoading && <Skeleton label="Loading the cluster…" lines={3} />}
      {c && (
        <>
          <p>
            <code className="cluster-template">{c.template}</code>
          </p>
          <dl className="cluster-facts">
            <dt>Traces</dt>
            <dd>{c.count}</dd>
            <dt>First seen</dt>
            <dd>{new Date(c.firstSeenAt).toLocaleString()}</dd>
            <dt>Last seen</dt>
            <dd>{new Date(c.lastSeenAt).toLocaleString()}</dd>
            <dt>Detections</dt>
            <dd>{c.detectionIds.length === 0 ? 'none' : c.detectionIds.map((id) => <Link key={id} to={`/detections/${id}`}>{id.slice(0, 8)} </Link>)}</dd>
            {c.fixId && (
              <>
                <dt>Fix</dt>
                <dd>
                  <Link to={`/fixes/${c.fixId}`}>Open the fix</Link>
                </dd>
              </>
            )}
            {c.mergedInto && (
              <>
                <dt>Merged into</dt>
                <dd>
                  <Link to={`/detections/clusters/${c.mergedInto}`}>another cluster</Link>
                </dd>
              </>
            )}
          </dl>
          <section className="card" aria-labelledby="cluster-trend">
            <h2 id="cluster-trend">Traces per day (30 days)</h2>
            <TrendChart label="Traces of this cluster per day" points={c.trend.map((d) => ({ timestamp: `${d.date}T00:00:00.000Z`, count: d.count }))} />
          </section>
        </>
      )}
      <h2>Traces</h2>
      <ProblemAlert error={traces.error} />
      {c && traces.data && (
        <ClusterTraces
          cluster={c}
          traces={traces.data.traces}
          onSplit={(created) => {
            refresh();
            navigate(`/detections/clusters/${created.id}`);
          }}
        />
      )}
      {c && !c.mergedInto && <ClusterMerge cluster={c} onMerged={refresh} />}
    </section>
  );
}
