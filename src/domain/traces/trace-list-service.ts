import type { CursorCodec, Page } from '../../pagination/cursor.js';
import { problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import type { TraceCondition, TraceFilters, TraceKeyset, TraceRecord, TraceStatus } from '../../ports/traces.js';
import { systemClock, type Clock } from '../../clock.js';
import { ProjectRetention } from './retention.js';
import { extended } from '../../extended.js';

/** A saved filter of the project as a list condition; null when it does not exist there. */
export type SavedFilterResolver = (projectId: string, savedFilterId: string) => Promise<TraceCondition | null>;

/** The list filters as the REST query carries them (times as ISO 8601). */
export interface TraceListFilterParams {
  status?: TraceStatus;
  framework?: string;
  agentName?: string;
  from?: string;
  to?: string;
  minLatencyMs?: number;
  maxLatencyMs?: number;
  minCost?: number;
  maxCost?: number;
  sessionId?: string;
  userId?: string;
  savedFilterId?: string;
  /** Traces with a trace-level score of this name, optionally within [minScore, maxScore]. */
  scoreName?: string;
  minScore?: number;
  maxScore?: number;
}

export interface TraceListRequest {
  /** Who asks, where and through which operation: the cursor chain is bound to all three. */
  credentialId: string;
  projectId: string;
  endpoint: string;
  limit: number;
  cursor?: string;
  filters: TraceListFilterParams;
}

export const TRACE_LIST_SORT = 'createdAt:desc,id:desc';

const isKeyset = (value: unknown): value is [number, string] =>
  Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && typeof value[1] === 'string';

const millis = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso));

/** The score condition of a list request; a bound without a score name names nothing and is refused. */
function scoreFilter(filters: TraceListFilterParams): TraceFilters['score'] {
  if (filters.scoreName === undefined) {
    const bound = filters.minScore !== undefined ? 'minScore' : filters.maxScore !== undefined ? 'maxScore' : null;
    if (bound) throw problems.validation(`${bound} needs scoreName.`, [{ code: 'dependent_required', message: `${bound} needs scoreName`, path: `/query/${bound}` }]);
    return undefined;
  }
  return { name: filters.scoreName, min: filters.minScore, max: filters.maxScore };
}

/** Recent traces of a project, newest first, keyset-paginated with authenticated cursors. */
export class TraceListService {
  constructor(
    private readonly store: Store,
    private readonly cursors: CursorCodec,
    private readonly savedFilters?: SavedFilterResolver,
    private readonly clock: Clock = systemClock,
    private readonly retention: ProjectRetention = new ProjectRetention(store, clock),
  ) {}

  async list(request: TraceListRequest): Promise<{ traces: TraceRecord[]; page: Page }> {
    const { query, after, chainStartedAt, binding } = await this.prepare(request);
    const rows = await this.store.traces.list(extended(query, { after, limit: request.limit + 1 }));
    const hasMore = rows.length > request.limit;
    const traces = hasMore ? rows.slice(0, request.limit) : rows;
    const last = traces[traces.length - 1];
    const nextCursor = hasMore ? this.cursors.encode(binding, [last.createdAt.getTime(), last.id], chainStartedAt) : null;
    return { traces, page: { hasMore, limit: request.limit, nextCursor } };
  }

  /** The list query of a request (filters, saved filter, retention), for the list and for export. */
  async query(projectId: string, filters: TraceListFilterParams): Promise<{ projectId: string; filters: TraceFilters; extraCondition?: TraceCondition }> {
    let extraCondition: TraceCondition | undefined;
    if (filters.savedFilterId !== undefined) {
      const condition = this.savedFilters ? await this.savedFilters(projectId, filters.savedFilterId) : null;
      if (!condition) throw problems.notFound('The saved filter');
      extraCondition = condition;
    }
    const listFilters: TraceFilters = {
      status: filters.status,
      framework: filters.framework,
      agentName: filters.agentName,
      fromMs: millis(filters.from),
      toMs: millis(filters.to),
      minLatencyMs: filters.minLatencyMs,
      maxLatencyMs: filters.maxLatencyMs,
      minCost: filters.minCost,
      maxCost: filters.maxCost,
      sessionId: filters.sessionId,
      userId: filters.userId,
      score: scoreFilter(filters),
    };
    return { projectId, filters: await this.retention.apply(projectId, listFilters), extraCondition };
  }

  private async prepare(request: TraceListRequest) {
    const { filters } = request;
    const binding = {
      credentialId: request.credentialId,
      projectId: request.projectId,
      endpoint: request.endpoint,
      filters,
      sort: TRACE_LIST_SORT,
    };
    let after: TraceKeyset | undefined;
    let chainStartedAt: number | undefined;
    if (request.cursor !== undefined) {
      const decoded = this.cursors.decode<unknown>(request.cursor, binding);
      if (!isKeyset(decoded.position)) throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
      after = { createdAtMs: decoded.position[0], id: decoded.position[1] };
      chainStartedAt = decoded.chainStartedAt;
    }

    return { query: await this.query(request.projectId, filters), after, chainStartedAt, binding };
  }
}
