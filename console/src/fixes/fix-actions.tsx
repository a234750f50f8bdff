import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { Schemas } from '../api/operation-types';

type Fix = Schemas['Fix'];
type StatusTarget = 'in_progress' | 'resolved' | 'archived';

/** The one step forward a status move may take (the service's workflow; it refuses the others). */
const NEXT_STATUS: Partial<Record<Schemas['FixStatus'], { to: StatusTarget; label: string }>> = {
  open: { to: 'in_progress', label: 'Start work' },
  in_progress: { to: 'resolved', label: 'Mark resolved' },
  resolved: { to: 'archived', label: 'Archive' },
};

/**
 * Accept, dismiss with a reason, and move a fix forward with a note. Buttons follow the workflow
 * so people are not offered moves the service would refuse; when it refuses anyway (another person
 * moved the fix meanwhile), its Problem is shown.
 */
export function FixActions({ fix }: { fix: Fix }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const refreshed = () => {
    setReason('');
    setNote('');
    void queryClient.invalidateQueries({ queryKey: ['fixes'] });
    void queryClient.invalidateQueries({ queryKey: ['fix'] });
    void queryClient.invalidateQueries({ queryKey: ['fix-steps'] });
  };
  const accept = useMutation({ mutationFn: () => api.acceptFix(fix.id), onSuccess: refreshed });
  const dismiss = useMutation({ mutationFn: () => api.dismissFix(fix.id, reason.trim() ? { reason: reason.trim() } : {}), onSuccess: refreshed });
  const move = useMutation({
    mutationFn: (to: StatusTarget) => api.updateFixStatus(fix.id, note.trim() ? { status: to, note: note.trim() } : { status: to }),
    onSuccess: refreshed,
  });
  const next = NEXT_STATUS[fix.status];
  const dismissable = fix.status === 'draft' || fix.status === 'open' || fix.status === 'in_progress';
  const pending = accept.isPending || dismiss.isPending || move.isPending;

  const onDismiss = (event: FormEvent) => {
    event.preventDefault();
    dismiss.mutate();
  };
  const onMove = (event: FormEvent) => {
    event.preventDefault();
    if (next) move.mutate(next.to);
  };

  return (
    <section className="fix-actions" aria-label="Triage">
      {fix.status === 'draft' && (
        <button type="button" className="primary" disabled={pending} onClick={() => accept.mutate()}>
          Accept fix
        </button>
      )}
      {next && (
        <form onSubmit={onMove}>
          <label htmlFor="fix-note">Note for the move (optional)</label>
          <input id="fix-note" value={note} maxLength={10000} onChange={(e) => setNote(e.target.value)} />
          <button type="submit" disabled={pending}>
            {next.label}
          </button>
        </form>
      )}
      {dismissable && (
        <form onSubmit={onDismiss}>
          <label htmlFor="fix-reason">Reason for dismissing</label>
          <input id="fix-reason" value={reason} maxLength={10000} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" disabled={pending}>
            Dismiss fix
          </button>
        </form>
      )}
      <ProblemAlert error={accept.error ?? dismiss.error ?? move.error} />
    </section>
  );
}
