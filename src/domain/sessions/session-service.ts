import { problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type {
  ActivityFilters,
  EndUserRow,
  EndUserSortField,
  SessionFilters,
  SessionRow,
  SessionSortField,
} from '../../ports/session-activity.js';
import type { Store } from '../../ports/store.js';
import type { TraceRecord } from '../../ports/traces.js';
import type { TraceListService } from '../traces/trace-list-service.js';
import type { ProjectRetention } from '../traces/retention.js';
import { activityOrderOf, isActivityKeyset } from './activity-order.js';

/** A session as the API answers it: the aggregate row and its end user. */
export interface SessionView extends SessionRow {
  /** The end user of its most recent trace naming one; null when none does. */
  userId: string | null;
}

/** The list filters as the REST query carries them (times as ISO 8601). */
export interface ActivityFilterParams {
  from?: string;
  to?: string;
  hasErrors?: boolean;
  minCost?: number;
  idPrefix?: string;
}

export interface SessionFilterParams extends ActivityFilterParams {
  userId?: string;
}

export interface ActivityListRequest<F> {
  /** Who asks, where and through which operation: the cursor chain is bound to all three. */
  credentialId: string;
  projectId: string;
  endpoint: string;
  limit: number;
  cursor?: string;
  sort?: string;
  filters: F;
}

export const SESSION_SORT_FIELDS: readonly SessionSortField[] = ['lastSeenAt', 'cost', 'traceCount', 'durationMs'];
export const END_USER_SORT_FIELDS: readonly EndUserSortField[] = ['lastSeenAt', 'cost', 'traceCount', 'sessionCount', 'totalTokens'];

const millis = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso));

const sessionSortValue = (row: SessionRow, field: SessionSortField): number =>
  field === 'lastSeenAt' ? row.lastSeenMs : field === 'durationMs' ? row.endMs - row.firstSeenMs : field === 'cost' ? row.cost : row.traceCount;

const userSortValue = (row: EndUserRow, field: EndUserSortField): number => (field === 'lastSeenAt' ? row.lastSeenMs : row[field]);

/**
 * Sessions and end users of the traced application (docs/sessions.md): lists keyset-paginated in a
 * chosen order with authenticated cursors, and one session (its traces in start order) or one user
 * (their sessions). Every figure is an aggregate of the trace rows the project's retention keeps.
 */
export class SessionService {
  constructor(
    private readonly store: Store,
    private readonly cursors: CursorCodec,
    private readonly traces: TraceListService,
    /** The trace list's, so a project's retention applies to both the same way. */
    private readonly retention: ProjectRetention,
  ) {}

  async listSessions(request: ActivityListRequest<SessionFilterParams>): Promise<{ items: SessionView[]; page: Page }> {
    const order = activityOrderOf(request.sort, SESSION_SORT_FIELDS, 'lastSeenAt');
    const filters: SessionFilters = { ...(await this.window(request.projectId, request.filters)), userId: request.filters.userId };
    return this.page(request, `${order.field}:${order.direction},id:${order.direction}`, async (after, limit) => {
      const rows = await this.store.sessionActivity.sessions({ projectId: request.projectId, filters, order, after, limit });
      return { rows: await this.withUsers(request.projectId, rows, filters), key: (row) => [sessionSortValue(row, order.field), row.id] };
    });
  }

  async listEndUsers(request: ActivityListRequest<ActivityFilterParams>): Promise<{ items: EndUserRow[]; page: Page }> {
    const order = activityOrderOf(request.sort, END_USER_SORT_FIELDS, 'lastSeenAt');
    const filters = await this.window(request.projectId, request.filters);
    return this.page(request, `${order.field}:${order.direction},id:${order.direction}`, async (after, limit) => ({
      rows: await this.store.sessionActivity.endUsers({ projectId: request.projectId, filters, order, after, limit }),
      key: (row) => [userSortValue(row, order.field), row.id],
    }));
  }

  /** One session over all its kept traces, and one page of those traces oldest first. */
  async getSession(request: ActivityListRequest<{ sessionId: string }>): Promise<{ session: SessionView; traces: TraceRecord[]; page: Page }> {
    const filters: SessionFilters = { ...(await this.window(request.projectId, {})), id: request.filters.sessionId };
    const [row] = await this.store.sessionActivity.sessions({ projectId: request.projectId, filters, order: { field: 'lastSeenAt', direction: 'desc' }, after: null, limit: 1 });
    if (!row) throw problems.notFound('The session');
    const [session] = await this.withUsers(request.projectId, [row], filters);
    const { traces, page } = await this.traces.list({
      credentialId: request.credentialId,
      projectId: request.projectId,
      endpoint: request.endpoint,
      limit: request.limit,
      cursor: request.cursor,
      sort: 'createdAt:asc',
      filters: { sessionId: request.filters.sessionId },
    });
    return { session, traces, page };
  }

  /** One end user over all their kept traces, and one page of their sessions, most recently seen first. */
  async getEndUser(request: ActivityListRequest<{ userId: string }>): Promise<{ user: EndUserRow; sessions: SessionView[]; page: Page }> {
    const filters = { ...(await this.window(request.projectId, {})), id: request.filters.userId };
    const [user] = await this.store.sessionActivity.endUsers({ projectId: request.projectId, filters, order: { field: 'lastSeenAt', direction: 'desc' }, after: null, limit: 1 });
    if (!user) throw problems.notFound('The user');
    const { items, page } = await this.listSessions({ ...request, sort: undefined, filters: { userId: request.filters.userId } });
    return { user, sessions: items, page };
  }

  /** The window of the traces counted, the project's retention raising its start. */
  private async window(projectId: string, params: ActivityFilterParams): Promise<ActivityFilters> {
    const floor = await this.retention.floor(projectId);
    const fromMs = millis(params.from);
    return {
      fromMs: floor === undefined ? fromMs : Math.max(fromMs ?? floor, floor),
      toMs: millis(params.to),
      hasErrors: params.hasErrors,
      minCost: params.minCost,
      idPrefix: params.idPrefix,
    };
  }

  private async withUsers(projectId: string, rows: SessionRow[], window: ActivityFilters): Promise<SessionView[]> {
    const users = await this.store.sessionActivity.latestUsers(projectId, rows.map((row) => row.id), window);
    return rows.map((row) => ({ ...row, userId: users.get(row.id) ?? null }));
  }

  /** One keyset page: fetches one row more than asked to learn whether another page exists. */
  private async page<F, R extends { id: string }>(
    request: ActivityListRequest<F>,
    sort: string,
    fetch: (after: [number, string] | null, limit: number) => Promise<{ rows: R[]; key: (row: R) => [number, string] }>,
  ): Promise<{ items: R[]; page: Page }> {
    const binding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters: request.filters, sort };
    let after: [number, string] | null = null;
    let chainStartedAt: number | undefined;
    if (request.cursor !== undefined) {
      const decoded = this.cursors.decode<unknown>(request.cursor, binding);
      if (!isActivityKeyset(decoded.position)) throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
      after = decoded.position;
      chainStartedAt = decoded.chainStartedAt;
    }
    const { rows, key } = await fetch(after, request.limit + 1);
    const hasMore = rows.length > request.limit;
    const items = hasMore ? rows.slice(0, request.limit) : rows;
    const last = items[items.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, key(last), chainStartedAt) : null;
    return { items, page: { hasMore, limit: request.limit, nextCursor } };
  }
}
