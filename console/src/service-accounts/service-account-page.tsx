import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { ApiClient } from '../api/client';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { roleHere } from './service-accounts-page';
import { AccountTokens } from './account-tokens';

const ROLES: Schemas['ProjectRole'][] = ['viewer', 'editor', 'admin'];

/** There is no single-account read: the account is found in the organization's list, page by page. */
async function findAccount(api: ApiClient, id: string): Promise<Schemas['ServiceAccount'] | null> {
  let cursor: string | undefined;
  do {
    const page = await api.listServiceAccounts({ limit: 100, ...(cursor ? { cursor } : {}) });
    const found = page.serviceAccounts.find((a) => a.id === id);
    if (found) return found;
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return null;
}

/** `/settings/service-accounts/:accountId`: the account's binding to this project and its tokens. */
export function ServiceAccountPage() {
  const { accountId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? null;
  const account = useQuery({ queryKey: ['service-account', projectId, accountId], queryFn: () => findAccount(api, accountId), retry: false });
  const a = account.data;
  return (
    <section>
      <p>
        <Link to="/settings/service-accounts">← Service accounts</Link>
      </p>
      <ProblemAlert error={account.error} />
      {account.isPending && <p className="muted">Loading the service account…</p>}
      {account.data === null && (
        <p>
          There is no service account with this id in the organization. <Link to="/settings/service-accounts">See all service accounts</Link>.
        </p>
      )}
      {a && (
        <>
          <h1>{a.name}</h1>
          {a.description && <p>{a.description}</p>}
          <Binding account={a} projectId={projectId} />
          <AccountTokens accountId={a.id} bound={roleHere(a, projectId) !== null} />
        </>
      )}
    </section>
  );
}

function Binding({ account, projectId }: { account: Schemas['ServiceAccount']; projectId: string | null }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const current = roleHere(account, projectId);
  const [role, setRole] = useState<Schemas['ProjectRole']>(current ?? 'viewer');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['service-account'] });
    void queryClient.invalidateQueries({ queryKey: ['service-accounts'] });
  };
  const bind = useMutation({ mutationFn: () => api.bindServiceAccount(account.id, { role }), onSuccess: refresh });
  const unbind = useMutation({ mutationFn: () => api.unbindServiceAccount(account.id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    bind.mutate();
  };
  const others = account.bindings.filter((b) => b.projectId !== projectId).length;
  return (
    <section className="card" aria-labelledby="sa-binding-heading">
      <h2 id="sa-binding-heading">This project</h2>
      <p>
        {current ? (
          <>
            Bound as <strong>{current}</strong>: its tokens work in this project with that role.
          </>
        ) : (
          <>Not bound: its tokens do not work in this project. Bind it with a role to let them in.</>
        )}
        {others > 0 && ` Also bound to ${others} other project${others === 1 ? '' : 's'}.`}
      </p>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="sa-role">Role</label>
        <select id="sa-role" value={role} onChange={(e) => setRole(e.target.value as Schemas['ProjectRole'])}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>{' '}
        <button type="submit" disabled={bind.isPending}>
          {current ? 'Change role' : 'Bind to this project'}
        </button>{' '}
        {current && (
          <button type="button" disabled={unbind.isPending} onClick={() => unbind.mutate()}>
            Remove from this project
          </button>
        )}
      </form>
      <ProblemAlert error={bind.error ?? unbind.error} />
    </section>
  );
}
