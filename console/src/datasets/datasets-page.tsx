import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCount, formatTime } from '../ui/format';

/** `/datasets` — the project's datasets, and a form to create one. */
export function DatasetsPage() {
  const api = useApi();
  const { session } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const datasets = useQuery({ queryKey: ['datasets', session?.projectId], queryFn: () => api.listDatasets({ limit: 100 }) });
  const create = useMutation({
    mutationFn: () => api.createDataset({ name, ...(description.trim() ? { description } : {}) }),
    onSuccess: (dataset) => navigate(`/datasets/${dataset.id}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <div className="ds-page">
      <h1>Datasets</h1>
      <ProblemAlert error={datasets.error} />
      {datasets.data && datasets.data.datasets.length === 0 && <p className="empty">This project has no datasets yet.</p>}
      {datasets.data && datasets.data.datasets.length > 0 && (
        <table className="ds-list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">Items</th>
              <th scope="col" className="num">Version</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {datasets.data.datasets.map((d) => (
              <tr key={d.id}>
                <td>
                  <Link to={`/datasets/${d.id}`}>{d.name}</Link>
                </td>
                <td>{d.description ?? '—'}</td>
                <td className="num">{formatCount(d.itemCount)}</td>
                <td className="num">{d.version}</td>
                <td>{formatTime(d.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="card narrow" onSubmit={submit} aria-labelledby="new-dataset-heading">
        <h2 id="new-dataset-heading">New dataset</h2>
        <ProblemAlert error={create.error} />
        <label htmlFor="dataset-name">Name</label>
        <input id="dataset-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={255} />
        <label htmlFor="dataset-description">Description</label>
        <input id="dataset-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        <p>
          <button type="submit" className="primary" disabled={create.isPending || name.trim() === ''}>
            Create dataset
          </button>
        </p>
      </form>
    </div>
  );
}
