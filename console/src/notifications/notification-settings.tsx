import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
type Settings = Schemas['NotificationSettings'];

/** The project's digest schedule, action-item age and dispatch approval rules (admins change them). */
export function NotificationSettingsForm() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = ['notification-settings', session?.projectId];
  const settings = useQuery({ queryKey: key, queryFn: () => api.getNotificationSettings(), retry: false });
  const [draft, setDraft] = useState<Settings | null>(null);
  // What the person typed wins over a refetch that lands afterwards; a save makes the form clean again.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (settings.data && !dirty) setDraft(settings.data);
  }, [settings.data, dirty]);
  const save = useMutation({
    mutationFn: (body: Schemas['NotificationSettingsUpdate']) => api.updateNotificationSettings(body),
    onSuccess: (saved) => {
      setDirty(false);
      queryClient.setQueryData(key, saved);
      void queryClient.invalidateQueries({ queryKey: ['digest'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  const set = <K extends keyof Settings>(name: K, value: Settings[K]) => {
    if (!draft) return;
    setDirty(true);
    setDraft({ ...draft, [name]: value });
  };
  return (
    <section className="card" aria-labelledby="nt-settings-heading">
      <h2 id="nt-settings-heading">Notification settings</h2>
      <ProblemAlert error={settings.error} />
      {draft && (
        <form onSubmit={submit} className="wide-form">
          <label htmlFor="nt-hour">Digest hour (0–23, local time)</label>
          <input id="nt-hour" type="number" min="0" max="23" step="1" required value={draft.digestHour} onChange={(e) => set('digestHour', Number(e.target.value))} />
          <label htmlFor="nt-timezone">Time zone (IANA, e.g. Europe/Berlin)</label>
          <input id="nt-timezone" required maxLength={64} value={draft.timezone} onChange={(e) => set('timezone', e.target.value)} />
          <label htmlFor="nt-weekday">Weekly report on</label>
          <select id="nt-weekday" value={draft.weeklyDay} onChange={(e) => set('weeklyDay', Number(e.target.value))}>
            {DAYS.map((day, i) => (
              <option key={day} value={i}>
                {day}
              </option>
            ))}
          </select>
          <label htmlFor="nt-age">An assigned fix unchanged this many hours needs action</label>
          <input id="nt-age" type="number" min="1" max="8760" step="1" required value={draft.actionItemAgeHours} onChange={(e) => set('actionItemAgeHours', Number(e.target.value))} />
          <label className="inline">
            <input type="checkbox" checked={draft.dispatchApprovalRequired} onChange={(e) => set('dispatchApprovalRequired', e.target.checked)} /> Dispatching a fix needs an
            admin's approval
          </label>
          <label htmlFor="nt-ttl">A pending approval expires after (hours)</label>
          <input id="nt-ttl" type="number" min="1" max="8760" step="1" required value={draft.approvalTtlHours} onChange={(e) => set('approvalTtlHours', Number(e.target.value))} />
          <button type="submit" disabled={save.isPending}>
            Save notification settings
          </button>
          {save.isSuccess && !save.isPending && <p role="status">Notification settings saved.</p>}
          <ProblemAlert error={save.error} />
        </form>
      )}
    </section>
  );
}
