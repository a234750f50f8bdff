import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

/** API keys: the secret is shown once, right after creation (the service keeps only its hash). */
export function ApiKeys() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys', session?.projectId], queryFn: () => api.listApiKeys({ limit: 100 }), retry: false });
  const [name, setName] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({
    mutationFn: () => api.createApiKey({ name: name.trim(), scope: 'project', readOnly }),
    onSuccess: (created) => {
      setIssued({ name: created.apiKey.name, key: created.key });
      setName('');
      setReadOnly(false);
      refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (id: string) => api.revokeApiKey(id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <ProblemAlert error={keys.error ?? revoke.error} />
      {issued && (
        <div className="issued" role="status">
          <p>
            <strong>Copy the key “{issued.name}” now</strong>: it is shown only this once.
          </p>
          <code className="secret">{issued.key}</code>{' '}
          <button type="button" onClick={() => setIssued(null)}>
            I have copied it
          </button>
        </div>
      )}
      <table>
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Scope</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {keys.data?.apiKeys.map((k) => (
            <tr key={k.id}>
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>
                {k.scope}
                {k.readOnly ? ', read-only' : ''}
              </td>
              <td>{new Date(k.createdAt).toLocaleString()}</td>
              <td>{k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : 'never'}</td>
              <td>
                {k.revokedAt ? (
                  `revoked ${new Date(k.revokedAt).toLocaleString()}`
                ) : (
                  <button type="button" disabled={revoke.isPending} onClick={() => revoke.mutate(k.id)}>
                    Revoke<span className="visually-hidden"> {k.name}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={submit} className="inline-form">
        <h3>Create a project key</h3>
        <label htmlFor="key-name">Key name</label>
        <input id="key-name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        <label className="inline">
          <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} /> Read-only
        </label>
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
