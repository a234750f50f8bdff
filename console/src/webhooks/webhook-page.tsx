import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { ConfirmDelete } from '../ui/confirm-delete';
import { EditCard } from '../ui/edit-form';
import { formatTime } from '../ui/format';
import { EventTypePicker } from './event-types';
import { generateWebhookSecret } from './secret';
import { DeliveryLog } from './delivery-log';

/** One webhook: its settings (edit, enable/disable, delete), a test send and its delivery log. */
export function WebhookPage() {
  const { webhookId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const webhook = useQuery({ queryKey: ['webhook', session?.projectId, webhookId], queryFn: () => api.getWebhook(webhookId), retry: false });
  const changed = (updated: Schemas['Webhook']) => {
    queryClient.setQueryData(['webhook', session?.projectId, webhookId], updated);
    void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const toggle = useMutation({ mutationFn: (enabled: boolean) => api.updateWebhook(webhookId, { enabled }), onSuccess: changed });
  const test = useMutation({
    mutationFn: () => api.testWebhook(webhookId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['deliveries', webhookId] }),
  });
  const remove = useMutation({
    mutationFn: () => api.deleteWebhook(webhookId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
      navigate('/webhooks');
    },
  });
  const w = webhook.data;
  return (
    <section>
      <p>
        <Link to="/webhooks">All webhooks</Link>
      </p>
      <ProblemAlert error={webhook.error} />
      {w && (
        <>
          <h1>Webhook {w.name}</h1>
          <dl className="facts">
            <div>
              <dt>State</dt>
              <dd>{w.enabled ? 'enabled' : 'disabled'}</dd>
            </div>
            <div>
              <dt>Events</dt>
              <dd>{w.eventTypes.join(', ')}</dd>
            </div>
            <div>
              <dt>Destination</dt>
              <dd>{w.destinationConfigured ? 'set (the service never shows it back)' : 'not set'}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{formatTime(w.updatedAt)}</dd>
            </div>
          </dl>
          <div className="toolbar">
            <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(!w.enabled)}>
              {w.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" disabled={test.isPending} onClick={() => test.mutate()}>
              Send a test delivery
            </button>
            <ConfirmDelete question="Delete this webhook and its delivery log?" pending={remove.isPending} onConfirm={() => remove.mutate()} />
          </div>
          {test.isSuccess && <p role="status">Test delivery queued; it shows in the log below.</p>}
          <ProblemAlert error={toggle.error ?? test.error ?? remove.error} />
          <EditWebhook webhook={w} onSaved={changed} />
          <DeliveryLog webhookId={webhookId} />
        </>
      )}
    </section>
  );
}

function EditWebhook({ webhook, onSaved }: { webhook: Schemas['Webhook']; onSaved: (w: Schemas['Webhook']) => void }) {
  const api = useApi();
  const [name, setName] = useState(webhook.name);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Schemas['EventType'][]>(webhook.eventTypes);
  const [secretChoice, setSecretChoice] = useState<'keep' | 'replace' | 'remove'>('keep');
  const [secret, setSecret] = useState('');
  const [newSecret, setNewSecret] = useState<string | null>(null);
  useEffect(() => {
    setName(webhook.name);
    setEvents(webhook.eventTypes);
  }, [webhook]);
  const save = useMutation({
    mutationFn: (body: Schemas['WebhookUpdateRequest']) => api.updateWebhook(webhook.id, body),
    onSuccess: (updated, body) => {
      setNewSecret(typeof body.secret === 'string' ? body.secret : null);
      setUrl('');
      setSecret('');
      setSecretChoice('keep');
      onSaved(updated);
    },
  });
  const submit = () => {
    const body: Schemas['WebhookUpdateRequest'] = {};
    if (name.trim() !== webhook.name) body.name = name.trim();
    if (url.trim()) body.destinationUrl = url.trim();
    if (events.join() !== webhook.eventTypes.join()) body.eventTypes = events;
    if (secretChoice === 'replace') body.secret = secret;
    if (secretChoice === 'remove') body.secret = null;
    save.mutate(body);
  };
  return (
    <EditCard
      idPrefix="wh-edit"
      formClassName="wide-form"
      save={save}
      onSubmit={submit}
      submitLabel="Save changes"
      canSubmit={events.length > 0}
      // The issued secret is this save's result: no "Saved." beside it.
      savedNote={false}
      notice={
        newSecret && (
          <div className="issued" role="status">
            <p>Copy the new signing secret now: the service never shows it again.</p>
            <code className="secret">{newSecret}</code>
          </div>
        )
      }
    >
      <label htmlFor="wh-edit-name">Name</label>
      <input id="wh-edit-name" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="wh-edit-url">New destination URL (empty keeps the current one)</label>
      <input id="wh-edit-url" type="url" maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} />
      <fieldset>
        <legend>Signing secret</legend>
        {(['keep', 'replace', 'remove'] as const).map((choice) => (
          <label key={choice} className="inline">
            <input type="radio" name="wh-secret-choice" checked={secretChoice === choice} onChange={() => setSecretChoice(choice)} />{' '}
            {{ keep: 'Keep the current secret', replace: 'Replace it (rotation)', remove: 'Remove it (send unsigned)' }[choice]}
          </label>
        ))}
        {secretChoice === 'replace' && (
          <div className="wh-secret-row">
            <label htmlFor="wh-edit-secret" className="visually-hidden">
              New signing secret
            </label>
            <input id="wh-edit-secret" required maxLength={128} autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)} />
            <button type="button" onClick={() => setSecret(generateWebhookSecret())}>
              Generate a secret
            </button>
          </div>
        )}
      </fieldset>
      <EventTypePicker idPrefix="wh-edit" value={events} onChange={setEvents} />
    </EditCard>
  );
}
