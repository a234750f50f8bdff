import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ApiProblem } from '../api/problem';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';

type Fix = Schemas['Fix'];
type Dispatch = Schemas['FixDispatch'];
type DispatchStatus = Schemas['DispatchStatus'];

const STATUS_WORDS: Record<DispatchStatus, string> = {
  pending_approval: 'waiting for approval',
  approved: 'approved, not sent yet',
  rejected: 'rejected',
  expired: 'approval expired',
  dispatched: 'sent, waiting for the receiver',
  acknowledged: 'acknowledged by the receiver',
  completed: 'completed',
  failed: 'failed at the receiver',
};

/** From these (or never requested) a dispatch may be requested again (the service's state machine). */
const REQUESTABLE: readonly (DispatchStatus | null)[] = [null, 'rejected', 'expired', 'completed', 'failed'];

/** The "Send to" choices besides the webhooks: values of the select, never a webhook id. */
const GITHUB = 'target:github';
const AGENTS = 'target:agent';

const useDispatch = (fixId: string) => {
  const api = useApi();
  const { session } = useSession();
  return useQuery({ queryKey: ['fix-dispatch', session?.projectId, fixId], queryFn: () => api.getFixDispatch(fixId) });
};

/** Assign the fix to a project member, or to nobody. */
export function FixAssignee({ fixId }: { fixId: string }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const dispatch = useDispatch(fixId);
  const members = useQuery({ queryKey: ['members', session?.projectId], queryFn: () => api.listMembers(), retry: false });
  const current = dispatch.data?.assigneeUserId ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: (userId: string | null) => api.assignFix(fixId, { userId }),
    onSuccess: (state) => {
      queryClient.setQueryData(['fix-dispatch', session?.projectId, fixId], state);
      setChosen(null);
    },
  });
  const value = chosen ?? current ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign.mutate(value === '' ? null : value);
  };
  const name = (id: string) => members.data?.members.find((m) => m.userId === id)?.name ?? id;
  const membersHidden = members.error instanceof ApiProblem && members.error.status === 403;
  return (
    <section className="fx-assignee" aria-labelledby="fx-assignee-heading">
      <h3 id="fx-assignee-heading">Assignee</h3>
      <p>{dispatch.data ? (current ? <strong>{name(current)}</strong> : 'Nobody is assigned.') : '…'}</p>
      {members.data && (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor="fx-assign">Assign to</label>
          <select id="fx-assign" value={value} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Nobody</option>
            {members.data.members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>{' '}
          <button type="submit" disabled={assign.isPending || value === (current ?? '')}>
            Save assignee
          </button>
        </form>
      )}
      {membersHidden && <p className="muted">Choosing an assignee needs the member list, which only project admins can read.</p>}
      <ProblemAlert error={dispatch.error ?? (membersHidden ? null : members.error) ?? assign.error} />
    </section>
  );
}

/**
 * Sending the fix to a coding agent or tracker (a webhook): request, then — when the project requires
 * it — an admin approves or rejects, then it is sent. The receiver's acknowledge/fail come over the API.
 */
export function FixDispatch({ fix }: { fix: Fix }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const dispatch = useDispatch(fix.id);
  const webhooks = useQuery({ queryKey: ['webhooks', session?.projectId], queryFn: () => api.listWebhooks(), retry: false });
  // Reading the member list needs the same project admin role as deciding an approval: a 403 there
  // means the buttons would only earn a 403, so the page says who can decide instead.
  const members = useQuery({ queryKey: ['members', session?.projectId], queryFn: () => api.listMembers(), retry: false });
  const mayDecide = !(members.error instanceof ApiProblem && members.error.status === 403);
  // Actors are recorded as `user:{id}` (or a key, a service account): people are shown by name when known.
  const actorName = (actor: string) => members.data?.members.find((m) => `user:${m.userId}` === actor)?.name ?? actor;
  const [webhookId, setWebhookId] = useState('');
  const [note, setNote] = useState('');
  const done = (state: Dispatch) => {
    queryClient.setQueryData(['fix-dispatch', session?.projectId, fix.id], state);
    void queryClient.invalidateQueries({ queryKey: ['fix'] });
    setNote('');
  };
  const withNote = <T extends object>(body: T): T & { note?: string } => (note.trim() === '' ? body : { ...body, note: note.trim() });
  const github = useQuery({ queryKey: ['github-target', session?.projectId], queryFn: () => api.getGithubTarget(), retry: false });
  const requestBody = () =>
    webhookId === GITHUB ? { action: 'request' as const, target: 'github' as const } : webhookId === AGENTS ? { action: 'request' as const, target: 'agent' as const } : { action: 'request' as const, webhookId };
  const request = useMutation({ mutationFn: () => api.actOnFixDispatch(fix.id, withNote(requestBody())), onSuccess: done });
  const send = useMutation({ mutationFn: () => api.actOnFixDispatch(fix.id, withNote({ action: 'dispatch' as const })), onSuccess: done });
  const decide = useMutation({ mutationFn: (decision: 'approve' | 'reject') => api.decideFixDispatch(fix.id, withNote({ decision })), onSuccess: done });
  const d = dispatch.data;
  const status = d?.status ?? null;
  const enabled = (webhooks.data?.webhooks ?? []).filter((w) => w.enabled);
  const target = (id: string | null) =>
    d?.target === 'github' ? `GitHub (${github.data?.repository ?? 'the repository'})` : d?.target === 'agent' ? 'the coding agents' : (webhooks.data?.webhooks.find((w) => w.id === id)?.name ?? 'its webhook');
  const busy = request.isPending || send.isPending || decide.isPending;
  const onRequest = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  const requestable = REQUESTABLE.includes(status) && (fix.status === 'open' || fix.status === 'in_progress');

  return (
    <section className="fx-dispatch" aria-labelledby="fx-dispatch-heading">
      <h3 id="fx-dispatch-heading">Dispatch</h3>
      {d && (
        <p>
          {status === null ? 'Not requested yet.' : <>Dispatch <strong>{STATUS_WORDS[status]}</strong> to {target(d.webhookId)}.</>}
          {status === 'pending_approval' && d.expiresAt && <> The request expires {formatTime(d.expiresAt)}.</>}
          {d.claimedBy && <> Claimed by {actorName(d.claimedBy)}.</>}
        </p>
      )}
      {d?.githubIssue && (
        <p className="fx-github-issue">
          GitHub issue:{' '}
          <a href={d.githubIssue.url} rel="noreferrer" target="_blank">
            #{d.githubIssue.number}
          </a>
        </p>
      )}
      {d?.target === 'github' && status === 'dispatched' && !d.githubIssue && d.githubDelivery && (
        <p className="muted">
          Creating the GitHub issue… attempt {d.githubDelivery.attempts}
          {d.githubDelivery.lastError && <>; last error: {d.githubDelivery.lastError}</>}
        </p>
      )}
      {(requestable || (status === 'pending_approval' && mayDecide) || status === 'approved') && (
        <>
          <label htmlFor="fx-dispatch-note">Note (optional)</label>
          <input id="fx-dispatch-note" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </>
      )}
      {requestable && (
        <form className="inline-form" onSubmit={onRequest}>
          <label htmlFor="fx-dispatch-target">Send to</label>
          <select id="fx-dispatch-target" value={webhookId} onChange={(e) => setWebhookId(e.target.value)}>
            <option value="">Choose a target…</option>
            {github.data && <option value={GITHUB}>GitHub issue in {github.data.repository}</option>}
            <option value={AGENTS}>Coding agents (MCP queue)</option>
            {enabled.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>{' '}
          <button type="submit" disabled={busy || webhookId === ''}>
            Request dispatch
          </button>
        </form>
      )}
      {!requestable && status === null && d && <p className="muted">Accept the fix first: only an open or in-progress fix can be dispatched.</p>}
      {status === 'pending_approval' && !mayDecide && <p className="muted">Only a project admin can approve or reject this dispatch.</p>}
      {status === 'pending_approval' && mayDecide && (
        <p className="fx-decide">
          <button type="button" className="primary" disabled={busy} onClick={() => decide.mutate('approve')}>
            Approve dispatch
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => decide.mutate('reject')}>
            Reject dispatch
          </button>
        </p>
      )}
      {status === 'approved' && (
        <button type="button" className="primary" disabled={busy} onClick={() => send.mutate()}>
          Send to {target(d?.webhookId ?? null)}
        </button>
      )}
      <ProblemAlert error={dispatch.error ?? request.error ?? send.error ?? decide.error} />
      {d && d.transitions.length > 0 && (
        <ol className="plain fx-trail" aria-label="Dispatch history">
          {d.transitions.map((t) => (
            <li key={`${t.createdAt}-${t.action}`}>
              <strong>{t.action}</strong> → {STATUS_WORDS[t.toStatus]} <span className="muted">by {actorName(t.actor)}, {formatTime(t.createdAt)}</span>
              {t.note && <span> — {t.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
