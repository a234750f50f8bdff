import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { batchProgress } from './batch-progress';
import { memberName } from './queue-page';

/** `/annotation-queues/:queueId/batches/:batchId`: who has which item, what is answered, and the deadline. */
export function BatchPage() {
  const { queueId = '', batchId = '' } = useParams();
  const api = useApi();
  const { session } = useSession();
  const projectId = session?.projectId ?? '';
  const queue = useQuery({ queryKey: ['annotation-queue', projectId, queueId], queryFn: () => api.getAnnotationQueue(queueId) });
  const batch = useQuery({ queryKey: ['annotation-batch', projectId, queueId, batchId], queryFn: () => api.getAnnotationBatch(queueId, batchId) });
  const members = useQuery({ queryKey: ['members', projectId], queryFn: () => api.listMembers(), retry: false });
  const b = batch.data;
  const progress = b ? batchProgress(b) : null;
  return (
    <section>
      <p>
        <Link to={`/annotation-queues/${queueId}`}>← {queue.data?.name ?? 'Queue'}</Link>
      </p>
      <ProblemAlert error={batch.error} />
      {batch.isPending && <p className="muted">Loading the batch…</p>}
      {b && progress && (
        <>
          <h1>Batch sent {formatTime(b.createdAt)}</h1>
          <p>
            <strong className={`aq-batch-status aq-${b.status}`}>{b.status}</strong> · due {formatTime(b.deadline)}
            {b.remindAt && <> · reminder {formatTime(b.remindAt)}</>}
            {b.completedAt && <> · completed {formatTime(b.completedAt)}</>}
          </p>
          <p>
            <label htmlFor="aq-progress" className="inline">
              {progress.done} of {progress.total} answered
            </label>
            <progress id="aq-progress" max={progress.total} value={progress.done} />
          </p>
          <p>
            Answering happens on <Link to="/annotations">My annotation items</Link>, where each member finds the items dealt to them.
          </p>
          <table>
            <caption className="visually-hidden">Items of the batch</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Assigned to</th>
                <th scope="col">Status</th>
                <th scope="col">Answered</th>
              </tr>
            </thead>
            <tbody>
              {b.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/traces/${encodeURIComponent(item.traceId)}${item.spanId ? `?span=${encodeURIComponent(item.spanId)}` : ''}`}>
                      {item.spanId ? `${item.traceId} / ${item.spanId}` : item.traceId}
                    </Link>
                  </td>
                  <td>{memberName(members.data?.members, item.assignee)}</td>
                  <td>{item.status === 'done' ? 'answered' : 'pending'}</td>
                  <td>{item.respondedAt ? formatTime(item.respondedAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
