import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { ApiKeys } from './api-keys';
import { AuditLog } from './audit-log';
import { Members } from './members';
import { ExperimentAlpha } from './experiment-alpha';
import { Retention } from './retention';
import { GitHubTarget } from './github-target';

/**
 * The project's settings. Administration sections need an admin role (and, signed in, the access
 * scopes); without it each shows the service's Problem instead of hiding.
 */
export function SettingsPage() {
  return (
    <section>
      <h1>Settings</h1>
      <ApiKeys />
      <Members />
      <Retention />
      <ExperimentAlpha />
      <WebhooksLink />
      <ChannelsLink />
      <GitHubTarget />
      <SavedFilters />
      <ServiceAccounts />
      <ModelPrices />
      <SignInAndProvisioning />
      <AuditLog />
    </section>
  );
}

/** Webhooks have their own page (/webhooks); Settings points there so they stay easy to find. */
function WebhooksLink() {
  return (
    <section className="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        Add, test and follow webhooks on the <Link to="/webhooks">Webhooks page</Link>.
      </p>
    </section>
  );
}

/** Notification channels live under Settings (/settings/channels): the header has no room for another link. */
function ChannelsLink() {
  return (
    <section className="card" aria-labelledby="channels-heading">
      <h2 id="channels-heading">Channels</h2>
      <p>
        Send alerts to Slack, PagerDuty, email or a webhook, choose which events go where, and read each channel's delivery log on the{' '}
        <Link to="/settings/channels">Channels page</Link>.
      </p>
    </section>
  );
}

function SavedFilters() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const filters = useQuery({ queryKey: ['saved-filters', session?.projectId], queryFn: () => api.listSavedFilters({ limit: 100 }) });
  const remove = useMutation({ mutationFn: (id: string) => api.deleteSavedFilter(id), onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['saved-filters'] }) });
  return (
    <section className="card" aria-labelledby="sf-heading">
      <h2 id="sf-heading">Saved filters</h2>
      <ProblemAlert error={filters.error ?? remove.error} />
      {filters.data?.savedFilters.length === 0 && <p className="muted">None yet. Save one from the trace list.</p>}
      <ul className="plain">
        {filters.data?.savedFilters.map((f) => (
          <li key={f.id}>
            {f.name}{' '}
            <button type="button" onClick={() => remove.mutate(f.id)}>
              Delete<span className="visually-hidden"> {f.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The organization's service accounts at a glance; creating, binding and tokens are on their own page. */
function ServiceAccounts() {
  const api = useApi();
  const { session } = useSession();
  const accounts = useQuery({ queryKey: ['service-accounts', session?.projectId], queryFn: () => api.listServiceAccounts(), retry: false });
  return (
    <section className="card" aria-labelledby="sa-heading">
      <h2 id="sa-heading">Service accounts</h2>
      <ProblemAlert error={accounts.error} />
      {accounts.data?.serviceAccounts.length === 0 && <p className="muted">No service accounts.</p>}
      <ul className="plain">
        {accounts.data?.serviceAccounts.map((a) => (
          <li key={a.id}>
            <Link to={`/settings/service-accounts/${a.id}`}>{a.name}</Link> — bound to {a.bindings.length} project{a.bindings.length === 1 ? '' : 's'}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/settings/service-accounts">Manage service accounts and their tokens</Link>
      </p>
    </section>
  );
}

/** Where the project's model prices are kept (their own page: a table and forms). */
function ModelPrices() {
  return (
    <section className="card" aria-labelledby="mp-heading">
      <h2 id="mp-heading">Model prices</h2>
      <p>
        How spans without a cost are priced. <Link to="/settings/model-prices">See and change the project's model prices</Link>
      </p>
    </section>
  );
}

/** Organization owners' identity settings, each on its own page. */
function SignInAndProvisioning() {
  return (
    <section className="card" aria-labelledby="identity-heading">
      <h2 id="identity-heading">Single sign-on and provisioning</h2>
      <ul className="plain">
        <li>
          <Link to="/settings/sso">Single sign-on (OpenID Connect)</Link>: identity provider, allowed domains, group mappings, require SSO
        </li>
        <li>
          <Link to="/settings/scim">SCIM provisioning</Link>: base URL, bearer token, group mappings
        </li>
      </ul>
      <p className="muted">Organization owners only.</p>
    </section>
  );
}
