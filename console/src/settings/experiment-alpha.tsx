import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

/** The project's significance level for experiment comparisons and notification.experiment_significant. */
export function ExperimentAlpha() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const project = useQuery({ queryKey: ['project', session?.projectId], queryFn: () => api.getProject() });
  const [alpha, setAlpha] = useState('');
  useEffect(() => {
    if (project.data) setAlpha(String(project.data.experimentAlpha));
  }, [project.data]);
  const save = useMutation({
    // The service checks the bounds and answers a Problem at /body/experimentAlpha, shown below the form.
    mutationFn: () => api.updateProject({ experimentAlpha: Number(alpha) }),
    // As for retention: the answer is the stored project (a GET may still see the credential cache's copy).
    onSuccess: (updated) => {
      queryClient.setQueryData(['project', session?.projectId], updated);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="card" aria-labelledby="experiment-alpha-heading">
      <h2 id="experiment-alpha-heading">Experiment significance</h2>
      <ProblemAlert error={project.error} />
      {project.data && <p>{`Experiment runs are called significantly better or worse than the baseline at alpha ${project.data.experimentAlpha}.`}</p>}
      <form onSubmit={submit} className="inline-form">
        <label htmlFor="experiment-alpha">Alpha (above 0, at most 0.5)</label>
        <input id="experiment-alpha" type="number" min="0.001" max="0.5" step="any" value={alpha} onChange={(e) => setAlpha(e.target.value)} />
        <button type="submit" disabled={save.isPending}>
          Save alpha
        </button>
        <ProblemAlert error={save.error} />
      </form>
    </section>
  );
}
