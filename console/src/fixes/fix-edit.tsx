import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { BodyOf, Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

const SEVERITIES: Schemas['Severity'][] = ['critical', 'high', 'medium', 'low'];

/** Only what changed is sent: PATCH leaves the other fields (and their authors' wording) alone. */
function changes(fix: Schemas['Fix'], form: { title: string; severity: Schemas['Severity']; label: string; recommendedAction: string }): BodyOf<'updateFix'> {
  const body: BodyOf<'updateFix'> = {};
  if (form.title !== fix.title) body.title = form.title.trim();
  if (form.severity !== fix.severity) body.severity = form.severity;
  if (form.label !== (fix.label ?? '')) body.label = form.label.trim();
  if (form.recommendedAction !== (fix.recommendedAction ?? '')) body.recommendedAction = form.recommendedAction;
  return body;
}

/** Edits the fields PATCH /fixes/{id} allows: title, severity, label and the recommended action. */
export function FixEdit({ fix, onDone }: { fix: Schemas['Fix']; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ title: fix.title, severity: fix.severity, label: fix.label ?? '', recommendedAction: fix.recommendedAction ?? '' });
  const save = useMutation({
    mutationFn: () => api.updateFix(fix.id, changes(fix, form)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['fixes'] });
      void queryClient.invalidateQueries({ queryKey: ['fix'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="fx-edit" onSubmit={submit} noValidate aria-label="Edit fix">
      <label htmlFor="fx-title">Title</label>
      <input id="fx-title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
      <div className="fx-edit-row">
        <div>
          <label htmlFor="fx-severity">Severity</label>
          <select id="fx-severity" value={form.severity} onChange={(e) => setForm({ ...form, severity: e.target.value as Schemas['Severity'] })}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="fx-label">Label</label>
          <input id="fx-label" value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />
        </div>
      </div>
      <label htmlFor="fx-action">Recommended action</label>
      <textarea id="fx-action" rows={3} value={form.recommendedAction} onChange={(e) => setForm({ ...form, recommendedAction: e.target.value })} />
      <button type="submit" className="primary" disabled={save.isPending}>
        Save changes
      </button>{' '}
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      <ProblemAlert error={save.error} />
    </form>
  );
}
