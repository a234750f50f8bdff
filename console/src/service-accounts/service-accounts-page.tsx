import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';

/** The account's role in the project the console has selected, or null when it is not bound here. */
export const roleHere = (account: Schemas['ServiceAccount'], projectId: string | null): Schemas['ProjectRole'] | null =>
  account.bindings.find((b) => b.projectId === projectId)?.role ?? null;

/** `/settings/service-accounts`: the organization's service accounts (machine identities with expiring tokens), and a form for a new one. */
export function ServiceAccountsPage() {
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = useQuery({ queryKey: ['service-accounts', projectId], queryFn: () => api.listServiceAccounts(), retry: false });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => api.createServiceAccount(description.trim() === '' ? { name: name.trim() } : { name: name.trim(), description: description.trim() }),
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: ['service-accounts'] });
      navigate(`/settings/service-accounts/${account.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const list = accounts.data?.serviceAccounts ?? [];
  return (
    <section>
      <p>
        <Link to="/settings">← Settings</Link>
      </p>
      <h1>Service accounts</h1>
      <p className="muted">
        A service account is an identity for a program (a CI job, an agent). Bind it to a project with a role, then mint tokens for it: each token has its
        own scopes and expiry, and can be rotated or revoked without touching the others.
      </p>
      <ProblemAlert error={accounts.error} />
      {accounts.data && list.length === 0 && <p>The organization has no service accounts yet. Create one below, then bind it to this project and mint a token.</p>}
      {list.length > 0 && (
        <table>
          <caption className="visually-hidden">Service accounts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role in this project</th>
              <th scope="col">Projects</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {list.map((a) => (
              <tr key={a.id}>
                <td>
                  <Link to={`/settings/service-accounts/${a.id}`}>{a.name}</Link>
                  {a.description && <div className="muted small">{a.description}</div>}
                </td>
                <td>{roleHere(a, projectId) ?? <span className="muted">not bound</span>}</td>
                <td>{a.bindings.length}</td>
                <td>{formatTime(a.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="card narrow" onSubmit={submit} noValidate>
        <h2>New service account</h2>
        <label htmlFor="sa-name">Name</label>
        <input id="sa-name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="sa-description">Description (optional)</label>
        <input id="sa-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <button type="submit" className="primary" disabled={create.isPending}>
          Create service account
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
