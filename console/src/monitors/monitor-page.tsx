import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { ConfirmDelete } from '../ui/confirm-delete';
import { EditCard } from '../ui/edit-form';
import { formatTime } from '../ui/format';
import { MonitorFields } from './monitor-form';
import { createBody, draftOf, emptyDraft, updateBody, type MonitorDraft } from './monitor-model';
import { monitorMode } from './monitors-page';

const HOUR = 3_600_000;

/** /monitors/new: the form; on success the new monitor's page. */
export function NewMonitorPage() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<MonitorDraft>(emptyDraft);
  const create = useMutation({
    mutationFn: () => api.createMonitor(createBody(draft)),
    onSuccess: (m) => {
      void queryClient.invalidateQueries({ queryKey: ['monitors'] });
      navigate(`/monitors/${m.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section>
      <p>
        <Link to="/monitors">All monitors</Link>
      </p>
      <h1>New monitor</h1>
      <form onSubmit={submit} className="wide-form mon-form">
        <MonitorFields draft={draft} onChange={setDraft} creating />
        <button type="submit" disabled={create.isPending}>
          Create monitor
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}

/** /monitors/{id}: state, mute/unmute, enable/disable, delete, the edit form and a link to its incidents. */
export function MonitorPage() {
  const { monitorId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = ['monitor', session?.projectId, monitorId];
  const monitor = useQuery({ queryKey: key, queryFn: () => api.getMonitor(monitorId), retry: false });
  const changed = (m: Schemas['Monitor']) => {
    queryClient.setQueryData(key, m);
    void queryClient.invalidateQueries({ queryKey: ['monitors'] });
  };
  const patch = useMutation({ mutationFn: (body: Schemas['MonitorUpdateRequest']) => api.updateMonitor(monitorId, body), onSuccess: changed });
  const remove = useMutation({
    mutationFn: () => api.deleteMonitor(monitorId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['monitors'] });
      navigate('/monitors');
    },
  });
  const m = monitor.data;
  const muted = m?.mutedUntil && Date.parse(m.mutedUntil) > Date.now();
  return (
    <section>
      <p>
        <Link to="/monitors">All monitors</Link>
      </p>
      <ProblemAlert error={monitor.error} />
      {m && (
        <>
          <h1>Monitor {m.name}</h1>
          <dl className="facts">
            <div>
              <dt>State</dt>
              <dd className={`mon-state mon-state-${m.state}`}>{m.state}</dd>
            </div>
            <div>
              <dt>Alerts</dt>
              <dd>{monitorMode(m)}</dd>
            </div>
            <div>
              <dt>Event type</dt>
              <dd>{m.eventType}</dd>
            </div>
            <div>
              <dt>Last evaluated window end</dt>
              <dd>{formatTime(m.lastEvaluatedWindowEnd)}</dd>
            </div>
            <div>
              <dt>Incidents</dt>
              <dd>
                {m.openIncidentId && (
                  <>
                    <Link to={`/incidents/${m.openIncidentId}`}>Open incident</Link>
                    {' · '}
                  </>
                )}
                <Link to={`/incidents?monitorId=${m.id}`}>Incident history</Link>
              </dd>
            </div>
          </dl>
          <div className="toolbar">
            {muted ? (
              <button type="button" disabled={patch.isPending} onClick={() => patch.mutate({ mutedUntil: null })}>
                Unmute
              </button>
            ) : (
              <>
                <button type="button" disabled={patch.isPending} onClick={() => patch.mutate({ mutedUntil: new Date(Date.now() + HOUR).toISOString() })}>
                  Mute for 1 hour
                </button>
                <button type="button" disabled={patch.isPending} onClick={() => patch.mutate({ mutedUntil: new Date(Date.now() + 24 * HOUR).toISOString() })}>
                  Mute for 24 hours
                </button>
              </>
            )}
            <button type="button" disabled={patch.isPending} onClick={() => patch.mutate({ enabled: !m.enabled })}>
              {m.enabled ? 'Disable' : 'Enable'}
            </button>
            <ConfirmDelete question="Delete this monitor with its incidents?" pending={remove.isPending} onConfirm={() => remove.mutate()} />
          </div>
          <ProblemAlert error={patch.error ?? remove.error} />
          <EditMonitor monitor={m} onSaved={changed} />
        </>
      )}
    </section>
  );
}

function EditMonitor({ monitor, onSaved }: { monitor: Schemas['Monitor']; onSaved: (m: Schemas['Monitor']) => void }) {
  const api = useApi();
  const [draft, setDraft] = useState<MonitorDraft>(() => draftOf(monitor));
  useEffect(() => setDraft(draftOf(monitor)), [monitor]);
  const save = useMutation({ mutationFn: () => api.updateMonitor(monitor.id, updateBody(draft)), onSuccess: onSaved });
  return (
    <EditCard idPrefix="mon-edit" formClassName="wide-form mon-form" save={save} onSubmit={() => save.mutate()} submitLabel="Save monitor">
      <MonitorFields draft={draft} onChange={setDraft} creating={false} selfId={monitor.id} />
    </EditCard>
  );
}
