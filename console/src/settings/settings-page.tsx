import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { Schemas } from '../api/operation-types';
import { ApiKeys } from './api-keys';
import { AuditLog } from './audit-log';
import { Members } from './members';
import { Retention } from './retention';

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
      <Webhooks />
      <SavedFilters />
      <ServiceAccounts />
      <ModelPrices />
      <AuditLog />
    </section>
  );
}

function Webhooks() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: ['webhooks', session?.projectId], queryFn: () => api.listWebhooks() });
  const [shown, setShown] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const create = useMutation({
    mutationFn: () => api.createWebhook({ name, destinationUrl: url, eventTypes: ['*'] as Schemas['EventType'][] }),
    onSuccess: () => {
      setName('');
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
  const test = useMutation({
    mutationFn: (id: string) => api.testWebhook(id),
    onSuccess: (_d, id) => {
      setShown(id);
      void queryClient.invalidateQueries({ queryKey: ['deliveries', id] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <ProblemAlert error={webhooks.error ?? test.error} />
      <table>
        <caption className="visually-hidden">Webhooks</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Enabled</th>
            <th scope="col">Events</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.data?.webhooks.map((w) => (
            <tr key={w.id}>
              <td>{w.name}</td>
              <td>{w.enabled ? 'yes' : 'no'}</td>
              <td>{w.eventTypes.join(', ')}</td>
              <td>
                <button type="button" onClick={() => test.mutate(w.id)} disabled={test.isPending}>
                  Send test<span className="visually-hidden"> to {w.name}</span>
                </button>{' '}
                <button type="button" aria-expanded={shown === w.id} onClick={() => setShown(shown === w.id ? null : w.id)}>
                  Deliveries<span className="visually-hidden"> of {w.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown && <Deliveries webhookId={shown} />}
      <form onSubmit={submit} className="inline-form">
        <h3>Add a webhook (all events)</h3>
        <label htmlFor="wh-name">Name</label>
        <input id="wh-name" required value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="wh-url">Destination URL (https)</label>
        <input id="wh-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        <button type="submit" disabled={create.isPending}>
          Add webhook
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const api = useApi();
  const deliveries = useQuery({ queryKey: ['deliveries', webhookId], queryFn: () => api.listWebhookDeliveries(webhookId) });
  return (
    <section aria-label="Delivery log">
      <h3>Delivery log</h3>
      <ProblemAlert error={deliveries.error} />
      {deliveries.data?.deliveries.length === 0 && <p className="muted">No deliveries yet.</p>}
      <ul className="plain">
        {deliveries.data?.deliveries.map((d) => (
          <li key={d.id}>
            <strong>{d.status}</strong> {d.eventType} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'} · {new Date(d.createdAt).toLocaleString()}
            {d.nextAttemptAt && <> · next attempt {new Date(d.nextAttemptAt).toLocaleString()}</>}
          </li>
        ))}
      </ul>
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
