import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { mappingText, parseMapping } from './group-mapping';

type SsoConnection = NonNullable<ReturnType<typeof useSsoConnections>['connection']>;
type SsoConnectionBody = Parameters<ReturnType<typeof useApi>['createSsoConnection']>[0];

function useSsoConnections() {
  const api = useApi();
  const { session } = useSession();
  const key = ['sso-connections', session?.projectId];
  const list = useQuery({ queryKey: key, queryFn: () => api.listSsoConnections(), retry: false });
  return { key, list, connection: list.data?.ssoConnections[0] ?? null };
}

/**
 * Organization settings → Single sign-on: the OpenID Connect connection (owners only; the service
 * answers others with its Problem, shown as is). The client secret is write-only.
 */
export function SsoPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { key, list, connection } = useSsoConnections();
  const remove = useMutation({
    mutationFn: () => api.deleteSsoConnection(connection!.id),
    onSuccess: () => queryClient.setQueryData(key, { ssoConnections: [] }),
  });
  return (
    <section className="narrow">
      <p>
        <Link to="/settings">Settings</Link> / Single sign-on
      </p>
      <h1>Single sign-on</h1>
      <p>
        People of your organization sign in through its OpenID Connect identity provider with <strong>Continue with SSO</strong>. The setup for Okta,
        Entra ID, Google Workspace and Keycloak is in <code>docs/sso.md</code>.
      </p>
      <ProblemAlert error={list.error} />
      {list.data && (
        <p>
          {connection ? (
            <>
              Redirect URI to register at the provider: <code>{connection.redirectUri}</code>
            </>
          ) : (
            'No connection yet: fill in the form to create one.'
          )}
        </p>
      )}
      {/* The form mounts only once the connection is known, so its fields start with the stored values
          (an empty first paint would invite typing that the load then overwrites). */}
      {list.data && <SsoConnectionForm connection={connection} queryKey={key} />}
      {connection && (
        <div className="card">
          <h2>Remove</h2>
          <p>Single sign-on stops at once and passwords work again; accounts and memberships stay.</p>
          <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Delete connection
          </button>
          <ProblemAlert error={remove.error} />
        </div>
      )}
    </section>
  );
}

function SsoConnectionForm({ connection, queryKey }: { connection: SsoConnection | null; queryKey: unknown[] }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [issuer, setIssuer] = useState(connection?.issuer ?? '');
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(connection?.allowedDomains.join(', ') ?? '');
  const [defaultRole, setDefaultRole] = useState<'admin' | 'member' | 'viewer'>(connection?.defaultRole ?? 'member');
  const [groupClaim, setGroupClaim] = useState(connection?.groupClaim ?? 'groups');
  const [mapping, setMapping] = useState(connection ? mappingText(connection.groupRoles) : '');
  const [requireSso, setRequireSso] = useState(connection?.requireSso ?? false);
  const [formError, setFormError] = useState<unknown>(null);
  // A connection saved or deleted elsewhere on the page (or a refetch) brings the form back to what is stored.
  useEffect(() => {
    if (!connection) return;
    setIssuer(connection.issuer);
    setClientId(connection.clientId);
    setDomains(connection.allowedDomains.join(', '));
    setDefaultRole(connection.defaultRole);
    setGroupClaim(connection.groupClaim);
    setMapping(mappingText(connection.groupRoles));
    setRequireSso(connection.requireSso);
  }, [connection]);
  const save = useMutation({
    mutationFn: (body: SsoConnectionBody) => (connection ? api.replaceSsoConnection(connection.id, body) : api.createSsoConnection(body)),
    onSuccess: (saved) => {
      setClientSecret('');
      queryClient.setQueryData(queryKey, { ssoConnections: [saved] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let groupRoles;
    try {
      groupRoles = parseMapping(mapping, connection?.groupRoles ?? []);
    } catch (error) {
      setFormError(error);
      return;
    }
    save.mutate({
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      allowedDomains: domains.split(',').map((d) => d.trim()).filter(Boolean),
      defaultRole,
      groupClaim: groupClaim.trim() || 'groups',
      groupRoles,
      requireSso,
      ...(clientSecret ? { clientSecret } : {}),
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="sso-form-heading">
      <h2 id="sso-form-heading">{connection ? 'Connection' : 'New connection'}</h2>
      <label htmlFor="sso-issuer">Issuer URL</label>
      <input id="sso-issuer" type="url" required value={issuer} onChange={(e) => setIssuer(e.target.value)} placeholder="https://example.okta.com" />
      <label htmlFor="sso-client-id">Client id</label>
      <input id="sso-client-id" required value={clientId} onChange={(e) => setClientId(e.target.value)} />
      <label htmlFor="sso-client-secret">{connection ? 'Client secret (empty: keep the stored one)' : 'Client secret'}</label>
      <input id="sso-client-secret" type="password" autoComplete="off" required={!connection} value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} />
      <label htmlFor="sso-domains">Allowed email domains (comma-separated)</label>
      <input id="sso-domains" required value={domains} onChange={(e) => setDomains(e.target.value)} placeholder="example.com" />
      <label htmlFor="sso-default-role">Role of people signed in for the first time</label>
      <select id="sso-default-role" value={defaultRole} onChange={(e) => setDefaultRole(e.target.value as typeof defaultRole)}>
        <option value="viewer">viewer</option>
        <option value="member">member</option>
        <option value="admin">admin</option>
      </select>
      <label htmlFor="sso-group-claim">Group claim</label>
      <input id="sso-group-claim" value={groupClaim} onChange={(e) => setGroupClaim(e.target.value)} />
      <label htmlFor="sso-mapping">Group mappings, one per line: Group name = admin, member or viewer (applied at each sign-in)</label>
      <textarea id="sso-mapping" rows={4} value={mapping} onChange={(e) => setMapping(e.target.value)} />
      <label className="checkbox">
        <input type="checkbox" checked={requireSso} onChange={(e) => setRequireSso(e.target.checked)} /> Require SSO (passwords refused for members; owners keep an audited break-glass path)
      </label>
      <button type="submit" className="primary" disabled={save.isPending}>
        {connection ? 'Save connection' : 'Create connection'}
      </button>
      {save.isSuccess && <p role="status">Saved. The provider's discovery document was fetched and checked.</p>}
      <ProblemAlert error={formError ?? save.error} />
    </form>
  );
}
