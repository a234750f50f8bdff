import { Link } from 'react-router-dom';
import type { components } from '../../../generated/openapi';
import { formatCost, formatCount, formatLatency, formatTime } from '../ui/format';
import { SortHeader } from './sort-header';

type Session = components['schemas']['SessionSummary'];

/** Sessions as rows (the sessions list and a user's page); headers sort when `onSort` is given. */
export function SessionTable({ sessions, sort, onSort }: { sessions: Session[]; sort?: string; onSort?: (sort: string) => void }) {
  const header = (label: string, field: string | null, className?: string) =>
    field && onSort && sort ? <SortHeader key={label} label={label} field={field} sort={sort} onSort={onSort} className={className} /> : <th key={label} scope="col" className={className}>{label}</th>;
  return (
    <table className="sessions-table">
      <thead>
        <tr>
          {header('Session', null)}
          {header('User', null)}
          {header('Traces', 'traceCount', 'num')}
          {header('Last seen', 'lastSeenAt')}
          {header('Duration', 'durationMs', 'num')}
          {header('Cost', 'cost', 'num')}
          {header('Tokens', null, 'num')}
          {header('Errors', null, 'num')}
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td>
              <Link to={`/sessions/${encodeURIComponent(s.id)}`}>{s.id}</Link>
            </td>
            <td>{s.userId ? <Link to={`/users/${encodeURIComponent(s.userId)}`}>{s.userId}</Link> : '—'}</td>
            <td className="num">{formatCount(s.traceCount)}</td>
            <td>{formatTime(s.lastSeenAt)}</td>
            <td className="num">{formatLatency(s.durationMs)}</td>
            <td className="num">{formatCost(s.cost)}</td>
            <td className="num">{formatCount(s.totalTokens)}</td>
            <td className="num">{s.errorCount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
