import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { kindHasMetric, MONITOR_KINDS, MONITOR_METRICS, OPERATORS, type MonitorDraft } from './monitor-model';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="mon-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * The monitor's fields: name, kind (on creation only: the service keeps a monitor's kind), the
 * metric and its detection or score name, window, scope, and the condition fields of the chosen kind.
 */
export function MonitorFields({ draft, onChange, creating, selfId }: { draft: MonitorDraft; onChange: (next: MonitorDraft) => void; creating: boolean; selfId?: string }) {
  const api = useApi();
  const { session } = useSession();
  const set = <K extends keyof MonitorDraft>(key: K, value: MonitorDraft[K]) => onChange({ ...draft, [key]: value });
  const setScope = (key: keyof MonitorDraft['scope'], value: string) => onChange({ ...draft, scope: { ...draft.scope, [key]: value } });
  const detections = useQuery({ queryKey: ['detections', session?.projectId], queryFn: () => api.listDetections({ limit: 100 }), enabled: draft.metric === 'detection_fire_count' });
  const savedFilters = useQuery({ queryKey: ['saved-filters', session?.projectId], queryFn: () => api.listSavedFilters({ limit: 100 }) });
  const monitors = useQuery({ queryKey: ['monitors', session?.projectId, 'members'], queryFn: () => api.listMonitors({ limit: 100 }), enabled: draft.kind === 'compound' });
  const hasMetric = kindHasMetric(draft.kind);
  return (
    <>
      <Field id="mon-name" label="Name">
        <input id="mon-name" required maxLength={255} value={draft.name} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field id="mon-kind" label="Kind">
        <select id="mon-kind" value={draft.kind} disabled={!creating} onChange={(e) => set('kind', e.target.value as MonitorDraft['kind'])}>
          {MONITOR_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </Field>
      {hasMetric && (
        <Field id="mon-metric" label="Metric">
          <select id="mon-metric" value={draft.metric} onChange={(e) => set('metric', e.target.value as MonitorDraft['metric'])}>
            {MONITOR_METRICS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </Field>
      )}
      {hasMetric && draft.metric === 'detection_fire_count' && (
        <Field id="mon-detection" label="Detection">
          <select id="mon-detection" value={draft.detectionId} onChange={(e) => set('detectionId', e.target.value)}>
            <option value="">Any detection</option>
            {detections.data?.detections.map((d) => (
              <option key={d.id} value={d.id}>
                {d.displayName}
              </option>
            ))}
          </select>
        </Field>
      )}
      {hasMetric && draft.metric === 'score_avg' && (
        <Field id="mon-score" label="Score name">
          <input id="mon-score" maxLength={100} value={draft.scoreName} onChange={(e) => set('scoreName', e.target.value)} />
        </Field>
      )}
      <Field id="mon-window" label="Window (minutes)">
        <input id="mon-window" type="number" min="1" max="1440" step="1" required value={draft.windowMinutes} onChange={(e) => set('windowMinutes', e.target.value)} />
      </Field>
      <Field id="mon-recover" label="Clean windows that resolve an incident">
        <input id="mon-recover" type="number" min="1" max="100" step="1" required value={draft.recoverAfterWindows} onChange={(e) => set('recoverAfterWindows', e.target.value)} />
      </Field>

      <fieldset className="mon-condition">
        <legend>Condition</legend>
        {(draft.kind === 'threshold' || draft.kind === 'sla') && (
          <Field id="mon-operator" label="Alert when the value is">
            <select id="mon-operator" value={draft.operator} onChange={(e) => set('operator', e.target.value as MonitorDraft['operator'])}>
              {OPERATORS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {draft.kind === 'threshold' && (
          <>
            <NumberField id="mon-threshold" label="Threshold" value={draft.threshold} onChange={(v) => set('threshold', v)} />
            <NumberField id="mon-recover-threshold" label="Recover threshold (optional)" value={draft.recoverThreshold} onChange={(v) => set('recoverThreshold', v)} />
          </>
        )}
        {draft.kind === 'anomaly' && (
          <>
            <NumberField id="mon-z" label="z-score threshold (default 3.5)" value={draft.zThreshold} onChange={(v) => set('zThreshold', v)} />
            <NumberField id="mon-recover-z" label="Recover z-score (default: the threshold)" value={draft.recoverZThreshold} onChange={(v) => set('recoverZThreshold', v)} />
            <Field id="mon-direction" label="Direction">
              <select id="mon-direction" value={draft.direction} onChange={(e) => set('direction', e.target.value as MonitorDraft['direction'])}>
                <option value="up">up (higher than usual)</option>
                <option value="down">down (lower than usual)</option>
                <option value="both">both</option>
              </select>
            </Field>
            <NumberField id="mon-baseline" label="Baseline windows (default 24)" value={draft.baselineWindows} onChange={(v) => set('baselineWindows', v)} step="1" />
            <NumberField id="mon-min-baseline" label="Minimum baseline windows (default 8)" value={draft.minBaseline} onChange={(v) => set('minBaseline', v)} step="1" />
          </>
        )}
        {draft.kind === 'ingestion_silence' && (
          <NumberField id="mon-expected" label="Alert after this many windows without traces (default 6)" value={draft.expectedWithinWindows} onChange={(v) => set('expectedWithinWindows', v)} step="1" />
        )}
        {draft.kind === 'sla' && (
          <>
            <NumberField id="mon-sla" label="Agreed level (SLA)" value={draft.sla} onChange={(v) => set('sla', v)} />
            <NumberField id="mon-margin" label="Warning margin in percent (default 10)" value={draft.marginPercent} onChange={(v) => set('marginPercent', v)} />
          </>
        )}
        {draft.kind === 'compound' && (
          <>
            <Field id="mon-combinator" label="Alert when">
              <select id="mon-combinator" value={draft.combinator} onChange={(e) => set('combinator', e.target.value as MonitorDraft['combinator'])}>
                <option value="and">all members alert (and)</option>
                <option value="or">any member alerts (or)</option>
              </select>
            </Field>
            <fieldset>
              <legend>Member monitors (2 to 10)</legend>
              {monitors.data?.monitors.filter((m) => m.id !== selfId).length === 0 && <p className="muted">Create the monitors to combine first.</p>}
              {monitors.data?.monitors
                .filter((m) => m.id !== selfId)
                .map((m) => (
                  <label key={m.id} className="inline mon-member">
                    <input
                      type="checkbox"
                      checked={draft.monitorIds.includes(m.id)}
                      onChange={(e) => set('monitorIds', e.target.checked ? [...draft.monitorIds, m.id] : draft.monitorIds.filter((id) => id !== m.id))}
                    />{' '}
                    {m.name}
                  </label>
                ))}
            </fieldset>
          </>
        )}
      </fieldset>

      <fieldset className="mon-scope">
        <legend>Scope (optional: only these traces)</legend>
        <Field id="mon-saved-filter" label="Saved filter">
          <select id="mon-saved-filter" value={draft.scope.savedFilterId} onChange={(e) => setScope('savedFilterId', e.target.value)}>
            <option value="">None</option>
            {savedFilters.data?.savedFilters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="mon-framework" label="Framework">
          <input id="mon-framework" maxLength={255} value={draft.scope.framework} onChange={(e) => setScope('framework', e.target.value)} />
        </Field>
        <Field id="mon-agent" label="Agent name">
          <input id="mon-agent" maxLength={255} value={draft.scope.agentName} onChange={(e) => setScope('agentName', e.target.value)} />
        </Field>
        <Field id="mon-session" label="Session id">
          <input id="mon-session" maxLength={255} value={draft.scope.sessionId} onChange={(e) => setScope('sessionId', e.target.value)} />
        </Field>
        <Field id="mon-user" label="User id">
          <input id="mon-user" maxLength={255} value={draft.scope.userId} onChange={(e) => setScope('userId', e.target.value)} />
        </Field>
      </fieldset>
    </>
  );
}

function NumberField({ id, label, value, onChange, step = 'any' }: { id: string; label: string; value: string; onChange: (v: string) => void; step?: string }) {
  return (
    <Field id={id} label={label}>
      <input id={id} type="number" step={step} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
