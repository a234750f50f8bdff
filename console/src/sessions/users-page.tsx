import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { AnalyticsTabs } from '../dashboards/analytics-tabs';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { formatCost, formatCount, formatTime } from '../ui/format';
import { SortHeader } from './sort-header';

type UserSort = `${'lastSeenAt' | 'cost' | 'traceCount' | 'sessionCount' | 'totalTokens'}:${'desc' | 'asc'}`;

/** `/users` — the traced application's end users (the user id on traces; not Tracewell accounts). */
export function UsersPage() {
  const api = useApi();
  const { session } = useSession();
  const [sort, setSort] = useState<UserSort>('lastSeenAt:desc');
  const pages = useCursorPages();
  const users = useQuery({
    queryKey: ['end-users', session?.projectId, sort, pages.cursor],
    queryFn: () => api.listEndUsers({ limit: 50, sort, ...(pages.cursor ? { cursor: pages.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const onSort = (next: string) => {
    pages.reset();
    setSort(next as UserSort);
  };
  return (
    <div className="sessions-page">
      <AnalyticsTabs />
      <h1>Users</h1>
      <p className="muted">The end users of your application, as its traces name them — not the members of this Tracewell project.</p>
      <ProblemAlert error={users.error} />
      {users.data && users.data.users.length === 0 && <p className="empty">No trace of this project carries a user id yet.</p>}
      {users.data && users.data.users.length > 0 && (
        <table className="users-table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <SortHeader label="Traces" field="traceCount" sort={sort} onSort={onSort} className="num" />
              <SortHeader label="Sessions" field="sessionCount" sort={sort} onSort={onSort} className="num" />
              <SortHeader label="Last seen" field="lastSeenAt" sort={sort} onSort={onSort} />
              <SortHeader label="Cost" field="cost" sort={sort} onSort={onSort} className="num" />
              <SortHeader label="Tokens" field="totalTokens" sort={sort} onSort={onSort} className="num" />
              <th scope="col" className="num">Errors</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((u) => (
              <tr key={u.id}>
                <td>
                  <Link to={`/users/${encodeURIComponent(u.id)}`}>{u.id}</Link>
                </td>
                <td className="num">{formatCount(u.traceCount)}</td>
                <td className="num">{formatCount(u.sessionCount)}</td>
                <td>{formatTime(u.lastSeenAt)}</td>
                <td className="num">{formatCost(u.cost)}</td>
                <td className="num">{formatCount(u.totalTokens)}</td>
                <td className="num">{u.errorCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="pager">
        <button type="button" disabled={pages.isFirst} onClick={pages.newer}>
          Previous
        </button>
        <button type="button" disabled={!users.data?.page.nextCursor} onClick={() => pages.older(users.data?.page.nextCursor)}>
          Next
        </button>
      </p>
    </div>
  );
}
