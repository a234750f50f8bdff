import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { ServerRunForm } from './server-run-form';

/** How often the list is read again while a server-side run is going. */
const PROGRESS_POLL_MS = 2000;

/** `/datasets/:datasetId/runs` — the dataset's runs with progress; start a server-side run or cancel one; mark the baseline; pick candidates to compare with it. */
export function RunsPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { datasetId = '' } = useParams();
  const [chosen, setChosen] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const dataset = useQuery({ queryKey: ['dataset', session?.projectId, datasetId], queryFn: () => api.getDataset(datasetId) });
  const runs = useQuery({
    queryKey: ['experiment-runs', session?.projectId, datasetId],
    queryFn: () => api.listExperimentRuns(datasetId, { limit: 100 }),
    // A server-side run's progress moves on its own: read it again while one is running.
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.status === 'running' && r.task !== null) ? PROGRESS_POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['experiment-runs', session?.projectId, datasetId] });
  const mark = useMutation({
    mutationFn: (runId: string) => api.updateExperimentRun(datasetId, runId, { baseline: true }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (runId: string) => api.updateExperimentRun(datasetId, runId, { status: 'cancelled' }),
    onSuccess: refresh,
  });
  const baseline = runs.data?.runs.find((r) => r.baseline);
  const toggle = (runId: string, on: boolean) => setChosen((list) => (on ? [...list, runId] : list.filter((id) => id !== runId)));
  const compare = () => {
    const query = new URLSearchParams({ baseline: baseline!.id });
    for (const id of chosen) query.append('candidate', id);
    navigate(`/datasets/${datasetId}/compare?${query.toString()}`);
  };

  return (
    <div className="exp-page">
      <p>
        <Link to={`/datasets/${datasetId}`}>← {dataset.data?.name ?? 'Dataset'}</Link>
      </p>
      <h1>Experiment runs{dataset.data ? ` of ${dataset.data.name}` : ''}</h1>
      <ProblemAlert error={runs.error ?? mark.error ?? cancel.error} />
      <p>
        <button type="button" aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
          New server-side run
        </button>
      </p>
      {creating && (
        <ServerRunForm
          datasetId={datasetId}
          onStarted={() => {
            setCreating(false);
            void refresh();
          }}
        />
      )}
      {runs.data && runs.data.runs.length === 0 && (
        <p className="empty">
          No runs yet. Start a server-side run above, or run your own task with <code>tracewell experiments run --dataset {datasetId} --task ./task.mjs</code>.
        </p>
      )}
      {runs.data && runs.data.runs.length > 0 && (
        <>
          {!baseline && <p>No run is the baseline yet: mark one to compare others with it.</p>}
          <table className="exp-runs">
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Run</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">Results</th>
                <th scope="col" className="num">Dataset version</th>
                <th scope="col">Started</th>
                <th scope="col">Baseline</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    {!run.baseline && (
                      <input type="checkbox" aria-label={`Compare ${run.name}`} checked={chosen.includes(run.id)} disabled={!chosen.includes(run.id) && chosen.length >= 5} onChange={(e) => toggle(run.id, e.target.checked)} />
                    )}
                  </td>
                  <td>{run.name}</td>
                  <td>
                    {run.status}
                    {run.task && <span className="muted small"> (server-side{run.task.promptName ? `: ${run.task.promptName} v${run.task.promptVersion}` : ''})</span>}
                    {run.statusReason && <div className="muted small">{run.statusReason}</div>}
                    {run.task && run.status === 'running' && (
                      <button type="button" disabled={cancel.isPending} onClick={() => cancel.mutate(run.id)} aria-label={`Cancel ${run.name}`}>
                        Cancel
                      </button>
                    )}
                  </td>
                  <td className="num">
                    {run.task && run.status === 'running' ? (
                      <progress value={run.resultCount} max={Math.max(run.itemCount, 1)} aria-label={`Progress of ${run.name}`} />
                    ) : null}{' '}
                    {run.resultCount} of {run.itemCount}
                  </td>
                  <td className="num">{run.datasetVersion}</td>
                  <td>{formatTime(run.createdAt)}</td>
                  <td>
                    {run.baseline ? (
                      <strong className="exp-baseline">Baseline</strong>
                    ) : (
                      <button type="button" disabled={mark.isPending} onClick={() => mark.mutate(run.id)} aria-label={`Mark baseline: ${run.name}`}>
                        Mark baseline
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <button type="button" className="primary" disabled={!baseline || chosen.length === 0} onClick={compare}>
              Compare with baseline
            </button>{' '}
            <span className="muted small">Choose 1 to 5 runs.</span>
          </p>
        </>
      )}
    </div>
  );
}
