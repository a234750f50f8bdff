import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ConfirmAction } from '../ui/confirm-action';
import { countOf } from '../ui/format';
import { ProblemAlert } from '../ui/problem-alert';

interface ClusterMergeProps {
  cluster: Schemas['FailureCluster'];
  /** Called once the other cluster's traces are here. */
  onMerged: () => void;
}

/**
 * "Merge another cluster into this one": a person who sees two clusters describe one failure picks
 * the other (the 100 largest live clusters are offered) and confirms; its traces move here and it
 * redirects its future traces here (POST /clusters/{other}/merge with `into` this one).
 */
export function ClusterMerge({ cluster, onMerged }: ClusterMergeProps) {
  const api = useApi();
  const { session } = useSession();
  const [otherId, setOtherId] = useState('');
  const others = useQuery({ queryKey: ['failure-clusters', session?.projectId, 'merge-candidates'], queryFn: () => api.listFailureClusters({ limit: 100, sort: 'count', trendDays: 1 }) });
  const candidates = (others.data?.clusters ?? []).filter((c) => c.id !== cluster.id);
  const chosen = candidates.find((c) => c.id === otherId);
  const merge = useMutation({
    mutationFn: () => api.mergeFailureCluster(otherId, { into: cluster.id }),
    onSuccess: () => {
      setOtherId('');
      onMerged();
    },
  });

  return (
    <section className="card" aria-labelledby="cluster-merge">
      <h2 id="cluster-merge">Merge another cluster into this one</h2>
      <ProblemAlert error={others.error ?? merge.error} />
      {others.data && candidates.length === 0 && <p className="muted">No other cluster to merge.</p>}
      {candidates.length > 0 && (
        <div className="filter-actions">
          <label htmlFor="cluster-merge-other">Cluster to merge in</label>
          <select id="cluster-merge-other" value={otherId} onChange={(e) => setOtherId(e.target.value)}>
            <option value="">Choose a cluster…</option>
            {candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.template} ({countOf(c.count, 'trace')})
              </option>
            ))}
          </select>
          <ConfirmAction
            label="Merge into this cluster"
            question={chosen ? `Move the ${countOf(chosen.count, 'trace')} of "${chosen.template}" into this cluster? Its future traces will join this one too.` : ''}
            confirmLabel="Yes, merge"
            disabled={!chosen}
            pending={merge.isPending}
            onConfirm={() => merge.mutate()}
          />
        </div>
      )}
    </section>
  );
}
