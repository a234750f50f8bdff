import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ConfirmAction } from '../ui/confirm-action';
import { countOf } from '../ui/format';
import { ProblemAlert } from '../ui/problem-alert';

interface ClusterTracesProps {
  cluster: Schemas['FailureCluster'];
  traces: Schemas['FailureClusterTrace'][];
  /** Called with the new cluster made of the traces split off. */
  onSplit: (created: Schemas['FailureCluster']) => void;
}

/**
 * A cluster's traces, newest first, each selectable: the ones that do not belong are split off into
 * a new cluster (POST /clusters/{id}/split) after a confirmation. A split must leave the cluster a
 * trace, so selecting every member keeps the button disabled; a merged cluster offers no split.
 */
export function ClusterTraces({ cluster, traces, onSplit }: ClusterTracesProps) {
  const api = useApi();
  const [selected, setSelected] = useState<string[]>([]);
  const split = useMutation({
    mutationFn: () => api.splitFailureCluster(cluster.id, { traceIds: selected }),
    onSuccess: (created) => {
      setSelected([]);
      onSplit(created);
    },
  });
  const splittable = !cluster.mergedInto;
  const toggle = (traceId: string, on: boolean) => setSelected(on ? [...selected, traceId] : selected.filter((t) => t !== traceId));

  return (
    <>
      {splittable && (
        <div className="filter-actions">
          <span>{selected.length === 0 ? 'Select the traces that do not belong to split them off.' : `${selected.length} selected`}</span>
          <ConfirmAction
            label="Split off into a new cluster"
            question={`Move the ${countOf(selected.length, 'selected trace')} into a new cluster?`}
            confirmLabel="Yes, split"
            disabled={selected.length === 0 || selected.length >= cluster.count}
            pending={split.isPending}
            onConfirm={() => split.mutate()}
          />
        </div>
      )}
      <ProblemAlert error={split.error} />
      <table className="cluster-traces">
        <caption className="visually-hidden">The traces of this cluster, newest first</caption>
        <thead>
          <tr>
            {splittable && (
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
            )}
            <th scope="col">Trace</th>
            <th scope="col">Seen</th>
            <th scope="col">Failure</th>
          </tr>
        </thead>
        <tbody>
          {traces.map((t) => (
            <tr key={t.traceId}>
              {splittable && (
                <td>
                  <input type="checkbox" aria-label={`Select ${t.name ?? t.traceId}`} checked={selected.includes(t.traceId)} onChange={(e) => toggle(t.traceId, e.target.checked)} />
                </td>
              )}
              <td>
                <Link to={`/traces/${encodeURIComponent(t.traceId)}`}>{t.name ?? t.traceId}</Link>
              </td>
              <td>{new Date(t.seenAt).toLocaleString()}</td>
              <td>
                <code>{t.signature}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
