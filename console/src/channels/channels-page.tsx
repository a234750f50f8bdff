import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';
import { EventTypePicker } from '../webhooks/event-types';

type Channel = Schemas['Channel'];
type Kind = Schemas['ChannelKind'];
type Delivery = Schemas['ChannelDelivery'];

const PAGE = 20;
const KIND_LABELS: Record<Kind, string> = { slack: 'Slack', pagerduty: 'PagerDuty', email: 'Email', webhook: 'Webhook' };

/** Where a channel sends, in words a person checks at a glance (secrets are never shown). */
const destinationOf = (c: Channel): string =>
  c.kind === 'email' ? (c.recipients ?? []).join(', ') : c.kind === 'pagerduty' ? `routing key set · ${c.eventsUrl ?? ''}` : c.kind === 'webhook' ? `webhook ${c.webhookId ?? ''}` : 'incoming webhook set';

/** The project's notification channels: list with routing, test sends, delivery logs, and the form that adds one. */
export function ChannelsPage() {
  const api = useApi();
  const { session } = useSession();
  const pages = useCursorPages();
  const [logOf, setLogOf] = useState<Channel | null>(null);
  const channels = useQuery({
    queryKey: ['channels', session?.projectId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listChannels({ limit: PAGE, cursor: pages.cursor }),
  });
  const list = channels.data?.channels ?? [];
  return (
    <section>
      <p>
        <Link to="/settings">Settings</Link> / Channels
      </p>
      <h1>Channels</h1>
      <p className="muted">Each channel receives the project's events routed to it: alerts to Slack or PagerDuty, notifications by email or to a webhook.</p>
      <PagedList page={channels.data?.page} items={list} pages={pages} error={channels.error} pagerLabel="Channel pages"
        empty={<p className="empty">No channels yet. Add one below to send alerts where your team already is.</p>}>
        {(items) => (
          <table>
            <caption className="visually-hidden">Channels, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">State</th>
                <th scope="col">Routed events</th>
                <th scope="col">Destination</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <ChannelRow key={c.id} channel={c} onShowLog={() => setLogOf(c)} />
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {logOf && <DeliveryLog channel={logOf} onClose={() => setLogOf(null)} />}
      <CreateChannel />
    </section>
  );
}

function ChannelRow({ channel, onShowLog }: { channel: Channel; onShowLog: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => api.testChannel(channel.id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['channel-deliveries', channel.id] }),
  });
  const toggle = useMutation({
    mutationFn: () => api.updateChannel(channel.id, { enabled: !channel.enabled }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['channels'] }),
  });
  const result = test.data;
  return (
    <tr>
      <td>{channel.name}</td>
      <td>{KIND_LABELS[channel.kind]}</td>
      <td>{channel.enabled ? 'enabled' : 'disabled'}</td>
      <td>{channel.eventTypes.includes('*') ? 'All events' : channel.eventTypes.join(', ')}</td>
      <td>{destinationOf(channel)}</td>
      <td>
        <button type="button" onClick={() => test.mutate()} disabled={test.isPending || !channel.enabled} aria-label={`Send test to ${channel.name}`}>
          Send test
        </button>{' '}
        <button type="button" onClick={onShowLog} aria-label={`Delivery log of ${channel.name}`}>
          Delivery log
        </button>{' '}
        <button type="button" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
          {channel.enabled ? 'Disable' : 'Enable'}
        </button>
        {result && (
          <p role="status">
            {result.status === 'succeeded'
              ? `Test delivered${result.responseCode ? ` (HTTP ${result.responseCode})` : ''}.`
              : `Test failed: ${result.lastError ?? result.status}.`}
          </p>
        )}
        <ProblemAlert error={test.error ?? toggle.error} />
      </td>
    </tr>
  );
}

function DeliveryLog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const api = useApi();
  const deliveries = useQuery({ queryKey: ['channel-deliveries', channel.id], retry: false, queryFn: () => api.listChannelDeliveries(channel.id, { limit: 50 }) });
  const rows: Delivery[] = deliveries.data?.deliveries ?? [];
  return (
    <section className="card" aria-labelledby="ch-log-heading">
      <h2 id="ch-log-heading">Delivery log: {channel.name}</h2>
      <button type="button" onClick={onClose}>
        Close
      </button>
      <ProblemAlert error={deliveries.error} />
      {rows.length === 0 ? (
        <p className="empty">No deliveries yet.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Response</th>
              <th scope="col">Last error</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>{d.eventType}</td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{d.responseCode ?? '—'}</td>
                <td>{d.lastError ?? '—'}</td>
                <td>{d.nextAttemptAt ? formatTime(d.nextAttemptAt) : '—'}</td>
                <td>{formatTime(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CreateChannel() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('slack');
  const [slackUrl, setSlackUrl] = useState('');
  const [routingKey, setRoutingKey] = useState('');
  const [eventsUrl, setEventsUrl] = useState('');
  const [recipients, setRecipients] = useState('');
  const [webhookId, setWebhookId] = useState('');
  const [events, setEvents] = useState<Schemas['EventType'][]>(['*']);
  const [created, setCreated] = useState<string | null>(null);
  const webhooks = useQuery({ queryKey: ['webhooks', 'for-channels'], retry: false, enabled: kind === 'webhook', queryFn: () => api.listWebhooks({ limit: 100 }) });
  const create = useMutation({
    mutationFn: (body: Schemas['ChannelCreateRequest']) => api.createChannel(body),
    onSuccess: (channel) => {
      setCreated(channel.name);
      setName('');
      setSlackUrl('');
      setRoutingKey('');
      setEventsUrl('');
      setRecipients('');
      setEvents(['*']);
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Schemas['ChannelCreateRequest'] = { name: name.trim(), kind, eventTypes: events };
    if (kind === 'slack') body.slackWebhookUrl = slackUrl.trim();
    if (kind === 'pagerduty') {
      body.routingKey = routingKey.trim();
      if (eventsUrl.trim()) body.eventsUrl = eventsUrl.trim();
    }
    if (kind === 'email') body.recipients = recipients.split(/[\s,]+/).filter(Boolean);
    if (kind === 'webhook') body.webhookId = webhookId;
    create.mutate(body);
  };
  return (
    <section className="card" aria-labelledby="ch-create-heading">
      <h2 id="ch-create-heading">Add a channel</h2>
      {created && <p role="status">Channel {created} created. Send it a test message from the list above.</p>}
      <form onSubmit={submit} className="wide-form">
        <label htmlFor="ch-name">Name</label>
        <input id="ch-name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="ch-kind">Kind</label>
        <select id="ch-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {(Object.keys(KIND_LABELS) as Kind[]).map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {kind === 'slack' && (
          <>
            <label htmlFor="ch-slack">Slack incoming-webhook URL (kept encrypted, never shown again)</label>
            <input id="ch-slack" type="url" required maxLength={2000} autoComplete="off" placeholder="https://hooks.slack.com/services/…" value={slackUrl} onChange={(e) => setSlackUrl(e.target.value)} />
          </>
        )}
        {kind === 'pagerduty' && (
          <>
            <label htmlFor="ch-key">PagerDuty integration (routing) key (kept encrypted, never shown again)</label>
            <input id="ch-key" required maxLength={128} autoComplete="off" spellCheck={false} value={routingKey} onChange={(e) => setRoutingKey(e.target.value)} />
            <label htmlFor="ch-events-url">Events API URL (optional; e.g. https://events.eu.pagerduty.com/v2/enqueue)</label>
            <input id="ch-events-url" type="url" maxLength={2000} value={eventsUrl} onChange={(e) => setEventsUrl(e.target.value)} />
          </>
        )}
        {kind === 'email' && (
          <>
            <label htmlFor="ch-recipients">Recipients (comma-separated addresses)</label>
            <input id="ch-recipients" required value={recipients} onChange={(e) => setRecipients(e.target.value)} />
          </>
        )}
        {kind === 'webhook' && (
          <>
            <label htmlFor="ch-webhook">Webhook</label>
            <select id="ch-webhook" required value={webhookId} onChange={(e) => setWebhookId(e.target.value)}>
              <option value="">Choose a webhook…</option>
              {(webhooks.data?.webhooks ?? []).map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </>
        )}
        <EventTypePicker idPrefix="ch-new" value={events} onChange={setEvents} />
        <button type="submit" disabled={create.isPending || events.length === 0}>
          Add channel
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
