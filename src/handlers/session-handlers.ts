import type { components } from '../../generated/openapi.js';
import type { SessionService, SessionView } from '../domain/sessions/session-service.js';
import { endUserPath, sessionPath } from '../domain/sessions/session-links.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject, type RequestContext } from '../http/request-context.js';
import type { EndUserRow } from '../ports/session-activity.js';
import { toTraceSummary } from './trace-handlers.js';

type Schemas = components['schemas'];

const DEFAULT_PAGE_SIZE = 20;

/** The part of every session and end-user read that only says who asks, where, and which page. */
function pageOf(ctx: RequestContext, limit: number | undefined, cursor: string | undefined) {
  return { credentialId: ctx.principal.credentialId, projectId: selectedProject(ctx).id, endpoint: ctx.operationId, limit: limit ?? DEFAULT_PAGE_SIZE, cursor };
}

const iso = (ms: number): string => new Date(ms).toISOString();

export const toSessionSummary = (s: SessionView): Schemas['SessionSummary'] => ({
  id: s.id,
  traceCount: s.traceCount,
  firstSeenAt: iso(s.firstSeenMs),
  lastSeenAt: iso(s.lastSeenMs),
  durationMs: s.endMs - s.firstSeenMs,
  cost: s.cost,
  inputTokens: s.inputTokens,
  outputTokens: s.outputTokens,
  totalTokens: s.totalTokens,
  errorCount: s.errorCount,
  userId: s.userId,
  userCount: s.userCount,
  url: sessionPath(s.id),
});

export const toEndUserSummary = (u: EndUserRow): Schemas['EndUserSummary'] => ({
  id: u.id,
  traceCount: u.traceCount,
  sessionCount: u.sessionCount,
  firstSeenAt: iso(u.firstSeenMs),
  lastSeenAt: iso(u.lastSeenMs),
  cost: u.cost,
  inputTokens: u.inputTokens,
  outputTokens: u.outputTokens,
  totalTokens: u.totalTokens,
  errorCount: u.errorCount,
  url: endUserPath(u.id),
});

export class SessionHandlers implements Pick<OperationHandlers, 'listSessions' | 'getSession' | 'listEndUsers' | 'getEndUser'> {
  constructor(private readonly sessions: SessionService) {}

  listSessions: OperationHandlers['listSessions'] = async ({ ctx, query }) => {
    const { limit, cursor, sort, ...filters } = query;
    const { items, page } = await this.sessions.listSessions({
      ...pageOf(ctx, limit, cursor),
      sort,
      filters,
    });
    return { status: 200, data: { sessions: items.map(toSessionSummary), page } };
  };

  getSession: OperationHandlers['getSession'] = async ({ ctx, path, query }) => {
    const { session, traces, page } = await this.sessions.getSession({
      ...pageOf(ctx, query.limit, query.cursor),
      filters: { sessionId: path.sessionId },
    });
    return { status: 200, data: { session: toSessionSummary(session), traces: traces.map(toTraceSummary), page } };
  };

  listEndUsers: OperationHandlers['listEndUsers'] = async ({ ctx, query }) => {
    const { limit, cursor, sort, ...filters } = query;
    const { items, page } = await this.sessions.listEndUsers({
      ...pageOf(ctx, limit, cursor),
      sort,
      filters,
    });
    return { status: 200, data: { users: items.map(toEndUserSummary), page } };
  };

  getEndUser: OperationHandlers['getEndUser'] = async ({ ctx, path, query }) => {
    const { user, sessions, page } = await this.sessions.getEndUser({
      ...pageOf(ctx, query.limit, query.cursor),
      filters: { userId: path.userId },
    });
    return { status: 200, data: { user: toEndUserSummary(user), sessions: sessions.map(toSessionSummary), page } };
  };
}
