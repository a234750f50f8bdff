import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

/** "Add to dataset" on the trace page: copies the selected span's (else the root span's) input and output into a new item. */
export function AddToDataset({ traceId, spanId }: { traceId: string; spanId: string | null }) {
  const api = useApi();
  const { session } = useSession();
  const [open, setOpen] = useState(false);
  const [datasetId, setDatasetId] = useState('');
  const datasets = useQuery({ queryKey: ['datasets', session?.projectId], queryFn: () => api.listDatasets({ limit: 100 }), enabled: open });
  const add = useMutation({ mutationFn: (target: string) => api.createDatasetItem(target, { sourceTraceId: traceId, ...(spanId ? { sourceSpanId: spanId } : {}) }) });
  const chosen = datasetId || datasets.data?.datasets[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(chosen);
  };
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Add to dataset
      </button>
    );
  }
  return (
    <form className="inline ds-add" onSubmit={submit} aria-label="Add to dataset">
      <label htmlFor="ds-add-target">{spanId ? 'Add the selected span to' : 'Add the trace to'}</label>
      <select id="ds-add-target" value={chosen} onChange={(e) => setDatasetId(e.target.value)}>
        {datasets.data?.datasets.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <button type="submit" className="primary" disabled={!chosen || add.isPending}>
        Add
      </button>
      {datasets.data && datasets.data.datasets.length === 0 && (
        <span>
          No datasets yet: <Link to="/datasets">create one</Link>.
        </span>
      )}
      {add.data && (
        <span role="status">
          Added to <Link to={`/datasets/${add.data.datasetId}`}>{datasets.data?.datasets.find((d) => d.id === add.data.datasetId)?.name ?? 'the dataset'}</Link>.
        </span>
      )}
      <ProblemAlert error={add.error} />
    </form>
  );
}
