import { Link, Navigate } from 'react-router-dom';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { ItemPreview } from './item-preview';
import { ResponseForm, type ResponseBody } from './response-form';
import { describeConfig } from './score-config';

type Queue = Schemas['AnnotationQueue'];
type Item = Schemas['MyAnnotationItem'];

/** `/annotations/:queueId/:batchId` — a dispatch notification's link: the listing already holds the batch's items. */
export function AnnotationBatchLink() {
  return <Navigate to="/annotations" replace />;
}

/** "My annotation items": the project's queues, and the items the server says are assigned to the signed-in user. */
export function AnnotationsPage() {
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? '';
  const queryClient = useQueryClient();

  const queues = useQuery({ queryKey: ['annotation-queues', projectId], queryFn: () => api.listAnnotationQueues({ limit: 100 }) });
  // Already ordered by the server: pending first, then soonest deadline.
  const items = useInfiniteQuery({
    queryKey: ['annotation-items', projectId],
    queryFn: ({ pageParam }) => api.listMyAnnotationItems({ limit: 50, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.page.nextCursor ?? undefined,
  });
  const queueById = new Map((queues.data?.annotationQueues ?? []).map((q) => [q.id, q]));

  const respond = useMutation({
    mutationFn: (args: { item: Item; body: ResponseBody }) => api.submitAnnotationResponse(args.item.queueId, args.item.batchId, args.item.id, args.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['annotation-items', projectId] }),
  });

  const mine = items.data?.pages.flatMap((p) => p.items) ?? [];
  const now = Date.now();

  return (
    <div className="annotations">
      <h1>My annotation items</h1>
      <section className="card" aria-labelledby="queues-heading">
        <div className="page-head">
          <h2 id="queues-heading">Annotation queues</h2>
          <Link className="button primary" to="/annotation-queues/new">
            New queue
          </Link>
        </div>
        <ProblemAlert error={queues.error} />
        {queues.data && queues.data.annotationQueues.length === 0 && (
          <p>
            This project has no annotation queues. <Link to="/annotation-queues/new">Create a queue</Link> with the question reviewers answer, add its members, then
            send them a batch of traces.
          </p>
        )}
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
                  <td>
                    <Link to={`/annotation-queues/${q.id}`}>{q.name}</Link>
                  </td>
                  <td>{q.target === 'span' ? 'spans' : 'traces'}</td>
                  <td>{describeConfig(q.scoreConfig)}</td>
                  <td>{q.members.length === 0 ? 'none' : q.members.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="items-heading">
        <h2 id="items-heading">Items assigned to you</h2>
        <ProblemAlert error={items.error} />
        {items.data && mine.length === 0 && <p>No items are assigned to you.</p>}
        <ol className="annotation-items">
          {mine.map((item) => {
            const queue: Queue | undefined = queueById.get(item.queueId);
            const overdue = item.status === 'pending' && Date.parse(item.deadline) < now;
            return (
              <li key={item.id} className="card annotation-item" aria-label={`${item.queueName}: ${item.spanId ?? item.traceId} (${item.status === 'pending' ? 'pending' : 'answered'})`}>
                <p>
                  <strong>{item.queueName}</strong> ·{' '}
                  <span className={`item-status item-${item.status}`}>{item.status === 'pending' ? 'Pending' : 'Answered'}</span> · due {formatTime(item.deadline)}
                  {overdue && <strong className="overdue"> (overdue)</strong>}
                </p>
                <ItemPreview traceId={item.traceId} spanId={item.spanId} />
                {item.status === 'done' && <p className="muted">Answered {item.respondedAt ? formatTime(item.respondedAt) : ''}.</p>}
                {item.status === 'pending' && queue && (
                  <>
                    {respond.variables?.item.id === item.id && <ProblemAlert error={respond.error} />}
                    <ResponseForm config={queue.scoreConfig} busy={respond.isPending && respond.variables?.item.id === item.id} onSubmit={(body) => respond.mutate({ item, body })} />
                  </>
                )}
              </li>
            );
          })}
        </ol>
        {items.hasNextPage && (
          <button type="button" disabled={items.isFetchingNextPage} onClick={() => void items.fetchNextPage()}>
            More items
          </button>
        )}
      </section>
    </div>
  );
}
