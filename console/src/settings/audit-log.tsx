import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';

const PAGE = 50;

/** Who changed what, newest first, cursor-paged. */
export function AuditLog() {
  const api = useApi();
  const { session } = useSession();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const events = useQuery({
    queryKey: ['audit-events', session?.projectId, cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listAuditEvents({ limit: PAGE, cursor }),
  });
  return (
    <section className="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <ProblemAlert error={events.error} />
      <table>
        <caption className="visually-hidden">Audit events, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Actor</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {events.data?.auditEvents.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.createdAt).toLocaleString()}</td>
              <td>{e.action}</td>
              <td>
                {e.targetType}
                {e.targetId ? ` ${e.targetId}` : ''}
              </td>
              <td>
                {e.actor.kind} {e.actor.credentialId}
              </td>
              <td>
                <code>{e.requestId ?? '—'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {events.data?.auditEvents.length === 0 && <p className="muted">No events yet.</p>}
      <nav className="pager" aria-label="Audit log pages">
        <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </button>
        <button type="button" disabled={!events.data?.page.hasMore} onClick={() => setCursors([...cursors, events.data?.page.nextCursor ?? undefined])}>
          Older
        </button>
      </nav>
    </section>
  );
}
