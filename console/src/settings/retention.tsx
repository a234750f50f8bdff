import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

/** How long the project keeps traces: a number of days, or empty for forever. */
export function Retention() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const project = useQuery({ queryKey: ['project', session?.projectId], queryFn: () => api.getProject() });
  const [days, setDays] = useState('');
  useEffect(() => {
    if (project.data) setDays(project.data.retentionDays === null ? '' : String(project.data.retentionDays));
  }, [project.data]);
  const save = useMutation({
    mutationFn: () => api.updateProject({ retentionDays: days.trim() === '' ? null : Number(days) }),
    // The answer is the project as stored; a GET right after may still see the credential cache's copy
    // (up to CREDENTIAL_CACHE_MS), so the answer is what the page shows.
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
    <section className="card" aria-labelledby="retention-heading">
      <h2 id="retention-heading">Retention</h2>
      <ProblemAlert error={project.error} />
      {project.data && (
        <p>
          {project.data.retentionDays === null ? 'Traces are kept forever.' : `Traces older than ${project.data.retentionDays} days are hidden and deleted.`}
        </p>
      )}
      <form onSubmit={submit} className="inline-form">
        <label htmlFor="retention-days">Keep traces for (days; empty for forever)</label>
        <input id="retention-days" type="number" min="1" max="36500" step="1" value={days} onChange={(e) => setDays(e.target.value)} />
        <button type="submit" disabled={save.isPending}>
          Save retention
        </button>
        <ProblemAlert error={save.error} />
      </form>
    </section>
  );
}
