import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { mappingText, parseMapping } from './group-mapping';

/** Organization settings → SCIM provisioning: the base URL, the bearer token (shown once on rotation) and the group mapping. */
export function ScimPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = ['scim-connection', session?.projectId];
  const connection = useQuery({ queryKey: key, queryFn: () => api.getScimConnection(), retry: false });
  const [token, setToken] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => api.rotateScimToken(),
    onSuccess: (issued) => {
      setToken(issued.token);
      queryClient.setQueryData(key, issued.connection);
    },
  });
  const data = connection.data;
  return (
    <section className="narrow">
      <p>
        <Link to="/settings">Settings</Link> / SCIM provisioning
      </p>
      <h1>SCIM provisioning</h1>
      <ProblemAlert error={connection.error} />
      {data && (
        <div className="card">
          <h2>Connection</h2>
          <p>
            Base URL for the identity provider: <code>{data.baseUrl}</code>
          </p>
          <p>{data.enabled ? `On — token ${data.tokenPrefix}… issued ${data.tokenCreatedAt}.` : 'Off: no token issued yet.'}</p>
          <button type="button" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
            {data.enabled ? 'Rotate token' : 'Issue token'}
          </button>
          {token && (
            <p role="status">
              Copy the new token now; it is shown once and the previous one no longer works: <code>{token}</code>
            </p>
          )}
          <ProblemAlert error={rotate.error} />
        </div>
      )}
      {/* Mounted once the connection is known, so the fields start with the stored mapping. */}
      {data && <ScimMappingForm connection={data} queryKey={key} />}
    </section>
  );
}

type ScimConnection = Awaited<ReturnType<ReturnType<typeof useApi>['getScimConnection']>>;

function ScimMappingForm({ connection, queryKey }: { connection: ScimConnection; queryKey: unknown[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [defaultRole, setDefaultRole] = useState<'admin' | 'member' | 'viewer'>(connection.defaultRole);
  const [mapping, setMapping] = useState(mappingText(connection.groupRoles));
  const [formError, setFormError] = useState<unknown>(null);
  // A rotation or save elsewhere on the page brings the form back to what is stored.
  useEffect(() => {
    setDefaultRole(connection.defaultRole);
    setMapping(mappingText(connection.groupRoles));
  }, [connection]);
  const save = useMutation({
    mutationFn: () => api.updateScimConnection({ defaultRole, groupRoles: parseMapping(mapping, connection.groupRoles) }),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    try {
      parseMapping(mapping, []);
    } catch (error) {
      setFormError(error);
      return;
    }
    save.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="scim-mapping-heading">
      <h2 id="scim-mapping-heading">Group mappings</h2>
      <label htmlFor="scim-default-role">Role of provisioned people in no mapped group</label>
      <select id="scim-default-role" value={defaultRole} onChange={(e) => setDefaultRole(e.target.value as typeof defaultRole)}>
        <option value="viewer">viewer</option>
        <option value="member">member</option>
        <option value="admin">admin</option>
      </select>
      <label htmlFor="scim-mapping">One per line: Group name = admin, member or viewer</label>
      <textarea id="scim-mapping" rows={4} value={mapping} onChange={(e) => setMapping(e.target.value)} />
      <button type="submit" className="primary" disabled={save.isPending}>
        Save mappings
      </button>
      {save.isSuccess && <p role="status">Saved; every provisioned member's role was recomputed.</p>}
      <ProblemAlert error={formError ?? save.error} />
    </form>
  );
}
