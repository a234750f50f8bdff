import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { describeConfig } from './score-config';
import { BatchForm } from './batch-form';
import { batchProgress } from './batch-progress';

type Member = Schemas['Member'];

/** A user id as a person reads it: the member's name, or the id when the member list is not readable (it needs the admin role). */
export const memberName = (members: readonly Member[] | undefined, userId: string): string => members?.find((m) => m.userId === userId)?.name ?? userId;

/** `/annotation-queues/:queueId`: the queue's question, its members (who receive items) and its batches with their progress. */
export function QueuePage() {
  const { queueId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? '';
  const queue = useQuery({ queryKey: ['annotation-queue', projectId, queueId], queryFn: () => api.getAnnotationQueue(queueId) });
  const members = useQuery({ queryKey: ['members', projectId], queryFn: () => api.listMembers(), retry: false });
  const q = queue.data;
  return (
    <section>
      <p>
        <Link to="/annotations">← Annotations</Link>
      </p>
      <ProblemAlert error={queue.error} />
      {queue.isPending && <p className="muted">Loading the queue…</p>}
      {q && (
        <>
          <h1>{q.name}</h1>
          <p>
            Reviewers judge {q.target === 'span' ? 'single spans' : 'whole traces'} and answer <strong>{describeConfig(q.scoreConfig)}</strong>. Created{' '}
            {formatTime(q.createdAt)}.
          </p>
          <QueueMembers queue={q} members={members.data?.members} membersError={members.error} />
          <QueueBatches queue={q} />
        </>
      )}
    </section>
  );
}

function QueueMembers({ queue, members, membersError }: { queue: Schemas['AnnotationQueue']; members: Member[] | undefined; membersError: unknown }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState('');
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['annotation-queue'] });
    void queryClient.invalidateQueries({ queryKey: ['annotation-queues'] });
  };
  const add = useMutation({
    mutationFn: () => api.addAnnotationQueueMember(queue.id, { userId }),
    onSuccess: () => {
      setUserId('');
      refresh();
    },
  });
  // Removing keeps the items already dealt to the member theirs; only later batches skip them.
  const remove = useMutation({ mutationFn: (memberId: string) => api.removeAnnotationQueueMember(queue.id, memberId), onSuccess: refresh });
  const candidates = (members ?? []).filter((m) => !queue.members.includes(m.userId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section className="card" aria-labelledby="aq-members-heading">
      <h2 id="aq-members-heading">Members</h2>
      {queue.members.length === 0 ? (
        <p>Nobody reviews for this queue yet. Add a member below: batches are dealt out to the members in turn.</p>
      ) : (
        <ul className="plain aq-members">
          {queue.members.map((id) => (
            <li key={id}>
              <span className="aq-member-name">{memberName(members, id)}</span>{' '}
              <button type="button" disabled={remove.isPending} onClick={() => remove.mutate(id)}>
                Remove<span className="visually-hidden"> {memberName(members, id)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {queue.members.length > 0 && <p className="muted">Removing a member keeps the items already sent to them; new batches skip them.</p>}
      <ProblemAlert error={remove.error} />
      {membersError ? <ProblemAlert error={membersError} /> : null}
      {members && (
        <form className="inline-form" onSubmit={submit}>
          <label htmlFor="aq-add-member">Add a member</label>
          <select id="aq-add-member" value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">Choose a person…</option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
                {m.email ? ` (${m.email})` : ''}
              </option>
            ))}
          </select>{' '}
          <button type="submit" disabled={userId === '' || add.isPending}>
            Add member
          </button>
          <ProblemAlert error={add.error} />
        </form>
      )}
    </section>
  );
}

function QueueBatches({ queue }: { queue: Schemas['AnnotationQueue'] }) {
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? '';
  const batches = useQuery({ queryKey: ['annotation-batches', projectId, queue.id], queryFn: () => api.listAnnotationBatches(queue.id, { limit: 100 }) });
  const list = batches.data?.batches ?? [];
  // The list carries no item counts: each batch is read for its progress (at most a page of them).
  const details = useQueries({
    queries: list.map((b) => ({ queryKey: ['annotation-batch', projectId, queue.id, b.id], queryFn: () => api.getAnnotationBatch(queue.id, b.id) })),
  });
  return (
    <section className="card" aria-labelledby="aq-batches-heading">
      <h2 id="aq-batches-heading">Batches</h2>
      <ProblemAlert error={batches.error} />
      {batches.data && list.length === 0 && <p>No batches yet. Send the members a batch of {queue.target === 'span' ? 'spans' : 'traces'} with the form below.</p>}
      {list.length > 0 && (
        <table>
          <caption className="visually-hidden">Batches of {queue.name}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Sent</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Deadline</th>
            </tr>
          </thead>
          <tbody>
            {list.map((b, i) => {
              const progress = details[i]?.data ? batchProgress(details[i].data) : null;
              return (
                <tr key={b.id}>
                  <td>
                    <Link to={`/annotation-queues/${queue.id}/batches/${b.id}`}>{formatTime(b.createdAt)}</Link>
                  </td>
                  <td>{b.status}</td>
                  <td>{progress ? `${progress.done} of ${progress.total} answered` : '…'}</td>
                  <td>{formatTime(b.deadline)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <BatchForm queue={queue} />
    </section>
  );
}
