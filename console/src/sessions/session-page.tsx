import { Link, useParams } from 'react-router-dom';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ConversationView } from '../conversations/conversation-view';
import { ProblemAlert } from '../ui/problem-alert';
import { useCursorPages } from '../ui/cursor-pages';
import { formatCost, formatCount, formatTokenSide, formatLatency, formatTime } from '../ui/format';
import { turnMessages } from './turn-messages';

/**
 * `/sessions/:sessionId` — the session replay: its traces oldest first, each as the turn it adds to
 * one conversation (messages, tool calls and their results, with the trace's time, cost and a link).
 */
export function SessionPage() {
  const api = useApi();
  const { session: signedIn } = useSession();
  const sessionId = useParams().sessionId ?? '';
  const pages = useCursorPages();
  const detail = useQuery({
    queryKey: ['session', signedIn?.projectId, sessionId, pages.cursor],
    queryFn: () => api.getSession(sessionId, { limit: 20, ...(pages.cursor ? { cursor: pages.cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const traces = detail.data?.traces ?? [];
  // Each trace's span tree, for its messages (the trace page's conversation normalizer reads them).
  const contexts = useQueries({
    queries: traces.map((t) => ({ queryKey: ['trace', signedIn?.projectId, t.id], queryFn: () => api.getTrace(t.id) })),
  });
  const s = detail.data?.session;
  return (
    <div className="sessions-page session-replay">
      <h1>Session {sessionId}</h1>
      <ProblemAlert error={detail.error} />
      {s && (
        <dl className="session-summary">
          <dt>User</dt>
          <dd>{s.userId ? <Link to={`/users/${encodeURIComponent(s.userId)}`}>{s.userId}</Link> : '—'}</dd>
          <dt>Traces</dt>
          <dd>{formatCount(s.traceCount)}</dd>
          <dt>Duration</dt>
          <dd>{formatLatency(s.durationMs)}</dd>
          <dt>Cost</dt>
          <dd>{formatCost(s.cost)}</dd>
          <dt>Tokens</dt>
          <dd>{formatCount(s.totalTokens)}</dd>
          <dt>Input tokens</dt>
          <dd>{formatTokenSide(s.inputTokens, s)}</dd>
          <dt>Output tokens</dt>
          <dd>{formatTokenSide(s.outputTokens, s)}</dd>
          <dt>Errors</dt>
          <dd>{s.errorCount}</dd>
          <dt>First seen</dt>
          <dd>{formatTime(s.firstSeenAt)}</dd>
        </dl>
      )}
      <ol className="replay-turns">
        {traces.map((t, i) => {
          const context = contexts[i]?.data;
          const turn = context ? turnMessages(context.spans) : null;
          return (
            <li key={t.id} className={`replay-turn${t.status === 'error' ? ' failed' : ''}`}>
              <header>
                <time dateTime={t.createdAt}>{formatTime(t.createdAt)}</time>
                <Link to={`/traces/${encodeURIComponent(t.id)}`}>{t.name}</Link>
                <span className="turn-cost">{formatCost(t.cost)}</span>
                <span className="muted">{formatLatency(t.latencyMs)}</span>
                {t.status === 'error' && <span className="badge error">error</span>}
              </header>
              {t.errorMessage && <p className="turn-error">{t.errorMessage}</p>}
              <ProblemAlert error={contexts[i]?.error ?? null} />
              {turn && turn.messages.length > 0 && <ConversationView messages={turn.messages} context={turn.context} />}
              {turn && turn.messages.length === 0 && <p className="muted">No messages in this trace.</p>}
            </li>
          );
        })}
      </ol>
      <p className="pager">
        <button type="button" disabled={pages.isFirst} onClick={pages.newer}>
          Earlier turns
        </button>
        <button type="button" disabled={!detail.data?.page.nextCursor} onClick={() => pages.older(detail.data?.page.nextCursor)}>
          Later turns
        </button>
      </p>
    </div>
  );
}
