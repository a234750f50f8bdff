import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ApiProblem } from '../api/problem';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';

/**
 * The project's GitHub target (docs/integrations.md#github): the repository dispatched fixes become
 * issues in. The token is write-only; a generated webhook secret is shown once, right after saving.
 */
export function GitHubTarget() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = ['github-target', session?.projectId];
  const target = useQuery({ queryKey: key, queryFn: () => api.getGithubTarget(), retry: false });
  const none = target.error instanceof ApiProblem && target.error.status === 404;
  const [repository, setRepository] = useState<string | null>(null);
  const [labels, setLabels] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api.setGithubTarget({
        repository: (repository ?? target.data?.repository ?? '').trim(),
        labels: (labels ?? target.data?.labels.join(', ') ?? '').split(',').map((l) => l.trim()).filter(Boolean),
        ...(token.trim() ? { token: token.trim() } : {}),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setShownSecret(saved.webhookSecret);
      setToken('');
      setRepository(null);
      setLabels(null);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.deleteGithubTarget(),
    onSuccess: () => {
      setShownSecret(null);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const t = target.data;
  return (
    <section className="card" aria-labelledby="github-heading">
      <h2 id="github-heading">GitHub</h2>
      <p className="muted">A fix dispatched to GitHub becomes an issue in this repository; closing or reopening the issue resolves or reopens the fix.</p>
      {t && (
        <dl className="github-target">
          <dt>Repository</dt>
          <dd>
            <a href={`https://github.com/${t.repository}`} rel="noreferrer" target="_blank">
              {t.repository}
            </a>
          </dd>
          <dt>Labels</dt>
          <dd>{t.labels.length ? t.labels.join(', ') : 'none'}</dd>
          <dt>Webhook Payload URL</dt>
          <dd>
            <code>{t.webhookUrl}</code>
          </dd>
          <dt>Updated</dt>
          <dd>{formatTime(t.updatedAt)}</dd>
        </dl>
      )}
      {shownSecret && (
        <p role="status">
          Webhook secret (shown once — paste it into the repository's webhook with content type application/json and the Issues event): <code>{shownSecret}</code>
        </p>
      )}
      {(t || none) && (
        <form className="stack-form" onSubmit={submit}>
          <label htmlFor="github-repository">Repository (owner/name)</label>
          <input id="github-repository" required value={repository ?? t?.repository ?? ''} maxLength={140} onChange={(e) => setRepository(e.target.value)} />
          <label htmlFor="github-labels">Labels (comma-separated)</label>
          <input id="github-labels" value={labels ?? t?.labels.join(', ') ?? ''} onChange={(e) => setLabels(e.target.value)} />
          <label htmlFor="github-token">{t ? 'New token (leave empty to keep the current one)' : 'Token (Issues: read and write)'}</label>
          <input id="github-token" type="password" autoComplete="off" required={!t} value={token} maxLength={500} onChange={(e) => setToken(e.target.value)} />
          <p>
            <button type="submit" className="primary" disabled={save.isPending}>
              {t ? 'Save GitHub target' : 'Connect GitHub'}
            </button>{' '}
            {t && (
              <button type="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Remove GitHub target
              </button>
            )}
          </p>
        </form>
      )}
      <ProblemAlert error={(none ? null : target.error) ?? save.error ?? remove.error} />
    </section>
  );
}
