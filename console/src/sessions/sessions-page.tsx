import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { AnalyticsTabs } from '../dashboards/analytics-tabs';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { SessionTable } from './session-table';

type SessionSort = 'lastSeenAt:desc' | 'lastSeenAt:asc' | 'cost:desc' | 'cost:asc' | 'traceCount:desc' | 'traceCount:asc' | 'durationMs:desc' | 'durationMs:asc';

/** `/sessions` — the project's sessions (traces sharing a session id), sortable by column. */
export function SessionsPage() {
  const api = useApi();
  const { session } = useSession();
  const [sort, setSort] = useState<SessionSort>('lastSeenAt:desc');
  const pages = useCursorPages();
  const sessions = useQuery({
    queryKey: ['sessions', session?.projectId, sort, pages.cursor],
    queryFn: () => api.listSessions({ limit: 50, sort, ...(pages.cursor ? { cursor: pages.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const onSort = (next: string) => {
    // A cursor is bound to its order: a new order starts at the first page.
    pages.reset();
    setSort(next as SessionSort);
  };
  return (
    <div className="sessions-page">
      <AnalyticsTabs />
      <h1>Sessions</h1>
      <p className="muted">Conversations: the traces that share a session id, with their totals.</p>
      <ProblemAlert error={sessions.error} />
      {sessions.data && sessions.data.sessions.length === 0 && <p className="empty">No trace of this project carries a session id yet.</p>}
      {sessions.data && sessions.data.sessions.length > 0 && <SessionTable sessions={sessions.data.sessions} sort={sort} onSort={onSort} />}
      <p className="pager">
        <button type="button" disabled={pages.isFirst} onClick={pages.newer}>
          Previous
        </button>
        <button type="button" disabled={!sessions.data?.page.nextCursor} onClick={() => pages.older(sessions.data?.page.nextCursor)}>
          Next
        </button>
      </p>
    </div>
  );
}
