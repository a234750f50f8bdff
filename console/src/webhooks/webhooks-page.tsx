import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { useIdempotencyKey } from '../api/idempotency';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';
import { EventTypePicker } from './event-types';
import { generateWebhookSecret } from './secret';

const PAGE = 20;

/** The project's webhooks: the list (newest first, paged) and the form that adds one. */
export function WebhooksPage() {
  const api = useApi();
  const { session } = useSession();
  const pages = useCursorPages();
  const webhooks = useQuery({
    queryKey: ['webhooks', session?.projectId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listWebhooks({ limit: PAGE, cursor: pages.cursor }),
  });
  const list = webhooks.data?.webhooks ?? [];
  return (
    <section>
      <h1>Webhooks</h1>
      <p className="muted">Each webhook receives the project's events it subscribes to, signed when it has a secret. Open one to edit it, send a test or read its delivery log.</p>
      <PagedList page={webhooks.data?.page} items={list} pages={pages} error={webhooks.error} pagerLabel="Webhook pages"
        empty={<p className="empty">No webhooks yet. Add one below to receive alerts and notifications at your own endpoint.</p>}>
        {(items) => (
          <table>
            <caption className="visually-hidden">Webhooks, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Events</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr key={w.id}>
                  <td>
                    <Link to={`/webhooks/${w.id}`}>{w.name}</Link>
                  </td>
                  <td>{w.enabled ? 'enabled' : 'disabled'}</td>
                  <td>{w.eventTypes.join(', ')}</td>
                  <td>{formatTime(w.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      <CreateWebhook />
    </section>
  );
}

function CreateWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<Schemas['EventType'][]>(['*']);
  const [created, setCreated] = useState<{ id: string; name: string; secret: string | null } | null>(null);
  const create = useMutation({
    mutationFn: (body: Schemas['WebhookCreateRequest']) => api.createWebhook(body, idempotency.keyFor(body)),
    onSuccess: (webhook, body) => {
      idempotency.done();
      setCreated({ id: webhook.id, name: webhook.name, secret: body.secret ?? null });
      setName('');
      setUrl('');
      setSecret('');
      setEvents(['*']);
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), destinationUrl: url.trim(), eventTypes: events, ...(secret ? { secret } : {}) });
  };
  return (
    <section className="card" aria-labelledby="wh-create-heading">
      <h2 id="wh-create-heading">Add a webhook</h2>
      {created && (
        <div className="issued" role="status">
          <p>
            Webhook <Link to={`/webhooks/${created.id}`}>{created.name}</Link> created.
            {created.secret ? ' Copy its signing secret now: the service never shows it again.' : ' Its deliveries are unsigned (no secret).'}
          </p>
          {created.secret && <code className="secret">{created.secret}</code>}{' '}
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <form onSubmit={submit} className="wide-form">
        <label htmlFor="wh-name">Name</label>
        <input id="wh-name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="wh-url">Destination URL</label>
        <input id="wh-url" type="url" required maxLength={2000} placeholder="https://example.com/hooks/tracewell" value={url} onChange={(e) => setUrl(e.target.value)} />
        <label htmlFor="wh-secret">Signing secret (optional; leave empty to send unsigned)</label>
        <div className="wh-secret-row">
          <input id="wh-secret" maxLength={128} autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)} />
          <button type="button" onClick={() => setSecret(generateWebhookSecret())}>
            Generate a secret
          </button>
        </div>
        <EventTypePicker idPrefix="wh-new" value={events} onChange={setEvents} />
        <button type="submit" disabled={create.isPending || events.length === 0}>
          Add webhook
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
