import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

type Preferences = Schemas['EmailPreferences'];

/** Each kind of notification mail as a person reads it, in the order the service lists them. */
const KINDS: { kind: keyof Preferences; label: string }[] = [
  { kind: 'mention', label: 'Someone mentions me in a fix comment' },
  { kind: 'approval_requested', label: 'A fix dispatch needs my approval' },
  { kind: 'approval_outcome', label: 'A dispatch I requested or am assigned is approved, rejected or expires' },
  { kind: 'daily_digest', label: 'The daily digest' },
  { kind: 'weekly_report', label: 'The weekly report' },
  { kind: 'annotation_assignment', label: 'I am added to an annotation queue or dealt items' },
  { kind: 'annotation_deadline', label: 'Annotation reminders and deadlines' },
];

/**
 * The signed-in user's email preferences (all projects): which notification mail they receive.
 * Invitations and password links are always sent; nothing is sent unless the deployment has SMTP.
 */
export function EmailPreferencesForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = ['email-preferences'];
  const preferences = useQuery({ queryKey: key, queryFn: () => api.getEmailPreferences(), retry: false });
  const [draft, setDraft] = useState<Preferences | null>(null);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (preferences.data && !dirty) setDraft(preferences.data);
  }, [preferences.data, dirty]);
  const save = useMutation({
    mutationFn: (body: Schemas['EmailPreferencesUpdate']) => api.updateEmailPreferences(body),
    onSuccess: (saved) => {
      setDirty(false);
      queryClient.setQueryData(key, saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };
  return (
    <section className="card" aria-labelledby="email-preferences-heading">
      <h2 id="email-preferences-heading">Email preferences</h2>
      <p className="muted">Mail is sent when the server has an SMTP server configured. Invitations and password links always are.</p>
      <ProblemAlert error={preferences.error} />
      {draft && (
        <form onSubmit={submit} className="wide-form">
          <fieldset>
            <legend>Email me when</legend>
            {KINDS.map(({ kind, label }) => (
              <label className="inline" key={kind}>
                <input
                  type="checkbox"
                  checked={draft[kind]}
                  onChange={(e) => {
                    setDirty(true);
                    setDraft({ ...draft, [kind]: e.target.checked });
                  }}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={save.isPending}>
            Save email preferences
          </button>
          {save.isSuccess && !save.isPending && !dirty && <p role="status">Email preferences saved.</p>}
          <ProblemAlert error={save.error} />
        </form>
      )}
    </section>
  );
}

/** /settings/email: where the preferences link of every notification mail leads. */
export function EmailPreferencesPage() {
  return (
    <section>
      <h1>Email preferences</h1>
      <EmailPreferencesForm />
    </section>
  );
}
