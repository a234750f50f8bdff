import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { forgetBatch, knownBatches, rememberAnnotator, rememberBatch, rememberedAnnotator, type KnownBatch } from './known-batches';
import { ItemPreview } from './item-preview';
import { ResponseForm, type ResponseBody } from './response-form';

type Queue = Schemas['AnnotationQueue'];
type Batch = Schemas['AnnotationBatch'];
type Item = Schemas['AnnotationItem'];

const describeConfig = (c: Schemas['AnnotationScoreConfig']): string =>
  c.dataType === 'numeric'
    ? `${c.name}: a number from ${c.min ?? '−∞'} to ${c.max ?? '∞'}`
    : c.dataType === 'boolean'
      ? `${c.name}: yes or no`
      : `${c.name}: one of ${(c.categories ?? []).join(', ')}`;

/** `/annotations/:queueId/:batchId` — the link to a dispatched batch: remembered, then the list. */
export function AnnotationBatchLink() {
  const { session } = useSession();
  const { queueId = '', batchId = '' } = useParams();
  if (session?.projectId && queueId && batchId) rememberBatch(session.projectId, { queueId, batchId });
  return <Navigate to="/annotations" replace />;
}

/** "My annotation items": the project's queues and the items of known batches assigned to the annotator. */
export function AnnotationsPage() {
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? '';
  const queryClient = useQueryClient();
  const [batches, setBatches] = useState<KnownBatch[]>(() => knownBatches(projectId));
  useEffect(() => setBatches(knownBatches(projectId)), [projectId]);

  const queues = useQuery({ queryKey: ['annotation-queues', projectId], queryFn: () => api.listAnnotationQueues({ limit: 100 }) });
  // Names for member ids when the caller may list members (admins); otherwise ids are shown.
  const members = useQuery({ queryKey: ['members', projectId], queryFn: () => api.listMembers(), retry: false });
  const batchQueries = useQueries({
    queries: batches.map((b) => ({ queryKey: ['annotation-batch', projectId, b.batchId], queryFn: () => api.getAnnotationBatch(b.queueId, b.batchId), retry: false })),
  });
  const queueById = useMemo(() => new Map((queues.data?.annotationQueues ?? []).map((q) => [q.id, q])), [queues.data]);
  const labelOf = (userId: string): string => {
    const m = members.data?.members.find((x) => x.userId === userId);
    return m ? `${m.name} (${m.email})` : userId;
  };

  const everyMember = useMemo(() => [...new Set((queues.data?.annotationQueues ?? []).flatMap((q) => q.members))], [queues.data]);
  const [annotator, setAnnotator] = useState<string | null>(() => rememberedAnnotator(projectId));
  const me = annotator && everyMember.includes(annotator) ? annotator : everyMember.length === 1 ? everyMember[0] : null;

  const [newQueue, setNewQueue] = useState('');
  const [newBatch, setNewBatch] = useState('');
  const openBatch = (event: FormEvent) => {
    event.preventDefault();
    if (!newQueue || !newBatch.trim()) return;
    rememberBatch(projectId, { queueId: newQueue, batchId: newBatch.trim() });
    setBatches(knownBatches(projectId));
    setNewBatch('');
  };

  const respond = useMutation({
    mutationFn: (args: { batch: Batch; item: Item; body: ResponseBody }) => api.submitAnnotationResponse(args.batch.queueId, args.batch.id, args.item.id, args.body),
    onSuccess: (updated) => {
      queryClient.setQueryData(['annotation-batch', projectId, updated.id], updated);
    },
  });

  // My items across the known batches: pending first, then by deadline (soonest first).
  const mine = batchQueries
    .flatMap((q) => (q.data ? q.data.items.filter((i) => i.assignee === me).map((item) => ({ item, batch: q.data })) : []))
    .sort((a, b) => (a.item.status === b.item.status ? 0 : a.item.status === 'pending' ? -1 : 1) || a.batch.deadline.localeCompare(b.batch.deadline));
  const failed = batches.map((b, i) => ({ b, error: batchQueries[i]?.error })).filter((x) => x.error);
  const now = Date.now();

  return (
    <div className="annotations">
      <h1>My annotation items</h1>
      <section className="card" aria-labelledby="queues-heading">
        <h2 id="queues-heading">Annotation queues</h2>
        <ProblemAlert error={queues.error} />
        {queues.data && queues.data.annotationQueues.length === 0 && <p>This project has no annotation queues.</p>}
        {queues.data && queues.data.annotationQueues.length > 0 && (
          <table className="queues">
            <thead>
              <tr>
                <th scope="col">Queue</th>
                <th scope="col">Reviews</th>
                <th scope="col">Score</th>
                <th scope="col">Members</th>
              </tr>
            </thead>
            <tbody>
              {queues.data.annotationQueues.map((q) => (
                <tr key={q.id}>
                  <td>{q.name}</td>
                  <td>{q.target === 'span' ? 'spans' : 'traces'}</td>
                  <td>{describeConfig(q.scoreConfig)}</td>
                  <td>{q.members.length === 0 ? 'none' : q.members.includes(me ?? '') ? `${q.members.length} (you among them)` : q.members.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {everyMember.length > 1 && (
          <p>
            <label>
              You are{' '}
              <select
                value={me ?? ''}
                onChange={(e) => {
                  rememberAnnotator(projectId, e.target.value);
                  setAnnotator(e.target.value);
                }}
              >
                <option value="">Choose yourself among the queue members…</option>
                {everyMember.map((u) => (
                  <option key={u} value={u}>
                    {labelOf(u)}
                  </option>
                ))}
              </select>
            </label>
          </p>
        )}
        <form className="inline-form" onSubmit={openBatch}>
          <label>
            Queue{' '}
            <select value={newQueue} onChange={(e) => setNewQueue(e.target.value)}>
              <option value="">Choose…</option>
              {(queues.data?.annotationQueues ?? []).map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Batch id <input value={newBatch} onChange={(e) => setNewBatch(e.target.value)} placeholder="from the dispatch notification" />
          </label>
          <button type="submit">Open batch</button>
        </form>
        <p className="muted">Batches open from their link (/annotations/&lt;queue id&gt;/&lt;batch id&gt;) or by id; this browser remembers them.</p>
      </section>

      <section aria-labelledby="items-heading">
        <h2 id="items-heading">Items assigned to you</h2>
        {failed.map(({ b, error }) => (
          <div key={b.batchId}>
            <ProblemAlert error={error} />
            <button
              type="button"
              onClick={() => {
                forgetBatch(projectId, b.batchId);
                setBatches(knownBatches(projectId));
              }}
            >
              Forget batch {b.batchId}
            </button>
          </div>
        ))}
        {!me && everyMember.length > 0 && <p>Choose yourself among the queue members to see your items.</p>}
        {me && batches.length === 0 && <p>No batch opened yet.</p>}
        {me && batches.length > 0 && mine.length === 0 && batchQueries.every((q) => !q.isPending) && <p>No items of the opened batches are assigned to you.</p>}
        <ol className="annotation-items">
          {mine.map(({ item, batch }) => {
            const queue: Queue | undefined = queueById.get(batch.queueId);
            const overdue = item.status === 'pending' && Date.parse(batch.deadline) < now;
            return (
              <li key={item.id} className="card annotation-item" aria-label={`${queue?.name ?? batch.queueId}: ${item.spanId ?? item.traceId} (${item.status === 'pending' ? 'pending' : 'answered'})`}>
                <p>
                  <strong>{queue?.name ?? batch.queueId}</strong> ·{' '}
                  <span className={`item-status item-${item.status}`}>{item.status === 'pending' ? 'Pending' : 'Answered'}</span> · due {formatTime(batch.deadline)}
                  {overdue && <strong className="overdue"> (overdue)</strong>}
                </p>
                <ItemPreview traceId={item.traceId} spanId={item.spanId} />
                {item.status === 'done' && <p className="muted">Answered {item.respondedAt ? formatTime(item.respondedAt) : ''}.</p>}
                {item.status === 'pending' && queue && (
                  <>
                    {respond.variables?.item.id === item.id && <ProblemAlert error={respond.error} />}
                    <ResponseForm config={queue.scoreConfig} busy={respond.isPending && respond.variables?.item.id === item.id} onSubmit={(body) => respond.mutate({ batch, item, body })} />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
