import { useParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { formatCost, formatCount, formatTokenSide, formatTime } from '../ui/format';
import { SessionTable } from './session-table';

/** `/users/:userId` — one end user of the traced application: usage and their sessions. */
export function UserPage() {
  const api = useApi();
  const { session } = useSession();
  const userId = useParams().userId ?? '';
  const pages = useCursorPages();
  const user = useQuery({
    queryKey: ['end-user', session?.projectId, userId, pages.cursor],
    queryFn: () => api.getEndUser(userId, { limit: 50, ...(pages.cursor ? { cursor: pages.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const u = user.data?.user;
  return (
    <div className="sessions-page">
      <h1>User {userId}</h1>
      <ProblemAlert error={user.error} />
      {u && (
        <dl className="session-summary">
          <dt>Traces</dt>
          <dd>{formatCount(u.traceCount)}</dd>
          <dt>Sessions</dt>
          <dd>{formatCount(u.sessionCount)}</dd>
          <dt>Cost</dt>
          <dd>{formatCost(u.cost)}</dd>
          <dt>Tokens</dt>
          <dd>{formatCount(u.totalTokens)}</dd>
          <dt>Input tokens</dt>
          <dd>{formatTokenSide(u.inputTokens, u)}</dd>
          <dt>Output tokens</dt>
          <dd>{formatTokenSide(u.outputTokens, u)}</dd>
          <dt>Errors</dt>
          <dd>{u.errorCount}</dd>
          <dt>First seen</dt>
          <dd>{formatTime(u.firstSeenAt)}</dd>
          <dt>Last seen</dt>
          <dd>{formatTime(u.lastSeenAt)}</dd>
        </dl>
      )}
      <h2>Sessions</h2>
      {user.data && user.data.sessions.length === 0 && <p className="empty">None of their traces carries a session id.</p>}
      {user.data && user.data.sessions.length > 0 && <SessionTable sessions={user.data.sessions} />}
      <p className="pager">
        <button type="button" disabled={pages.isFirst} onClick={pages.newer}>
          Previous
        </button>
        <button type="button" disabled={!user.data?.page.nextCursor} onClick={() => pages.older(user.data?.page.nextCursor)}>
          Next
        </button>
      </p>
    </div>
  );
}
