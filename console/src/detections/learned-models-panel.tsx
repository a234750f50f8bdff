import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { Schemas } from '../api/operation-types';

const metric = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(3));

/**
 * The model versions of a learned custom_trained detection (docs/detections-learning.md): each
 * training's status, hold-out metrics, confusion matrix and examples per class; "Train now" and
 * "Activate". Trainings run in the background, so the list is refreshed while one is unfinished.
 */
export function LearnedModelsPanel({ detection }: { detection: Schemas['Detection'] }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = ['detection-models', session?.projectId, detection.id];
  const models = useQuery({
    queryKey: key,
    queryFn: () => api.listDetectionModels(detection.id),
    refetchInterval: (query) => (query.state.data?.models.some((m) => m.status === 'queued' || m.status === 'training') ? 2000 : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const train = useMutation({ mutationFn: () => api.trainDetection(detection.id), onSuccess: refresh });
  const activate = useMutation({ mutationFn: (version: number) => api.activateDetectionModel(detection.id, version), onSuccess: refresh });
  const source = (detection.config as { labelSource?: { kind?: string } } | null)?.labelSource?.kind;

  return (
    <section className="card" aria-labelledby="models-heading">
      <div className="page-head">
        <h2 id="models-heading">Model versions</h2>
        {source !== 'upload' && (
          <button type="button" className="primary" disabled={train.isPending} onClick={() => train.mutate()}>
            Train now
          </button>
        )}
      </div>
      {source === 'upload' && <p className="muted">This detection learns from uploaded examples: train it with the CLI (`tracewell detections train --examples`) or the API.</p>}
      <ProblemAlert error={models.error ?? train.error ?? activate.error} />
      {models.data?.models.length === 0 && <p>No versions yet: train the detection to make one.</p>}
      {models.data && models.data.models.length > 0 && (
        <table className="models-table">
          <caption className="visually-hidden">Model versions, newest first, with their hold-out evaluation</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">Precision</th>
              <th scope="col" className="num">Recall</th>
              <th scope="col" className="num">F1</th>
              <th scope="col" className="num">ROC AUC</th>
              <th scope="col">Confusion (TP / FP / TN / FN)</th>
              <th scope="col">Examples (positive / negative)</th>
              <th scope="col">Active</th>
            </tr>
          </thead>
          <tbody>
            {models.data.models.map((m) => {
              const e = m.evaluation;
              return (
                <tr key={m.id}>
                  <td>{m.version}</td>
                  <td>
                    {m.status}
                    {m.reason && <div className="muted">{m.reason}</div>}
                  </td>
                  <td className="num">{metric(e?.precision)}</td>
                  <td className="num">{metric(e?.recall)}</td>
                  <td className="num">{metric(e?.f1)}</td>
                  <td className="num">{metric(e?.rocAuc)}</td>
                  <td>{e ? `${e.confusionMatrix.truePositives} / ${e.confusionMatrix.falsePositives} / ${e.confusionMatrix.trueNegatives} / ${e.confusionMatrix.falseNegatives}` : '–'}</td>
                  <td>{m.examples ? `${m.examples.positive} / ${m.examples.negative}` : '–'}</td>
                  <td>
                    {m.active ? (
                      'active'
                    ) : m.status === 'trained' ? (
                      <button type="button" disabled={activate.isPending} onClick={() => activate.mutate(m.version)}>
                        Activate<span className="visually-hidden"> version {m.version}</span>
                      </button>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
