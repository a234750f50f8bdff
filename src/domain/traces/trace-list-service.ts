import type { CursorCodec, Page } from '../../pagination/cursor.js';
import { problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { NEWEST_FIRST, traceSortValue, type TraceCondition, type TraceFilters, type TraceKeyset, type TraceOrder, type TraceRecord, type TraceSortField, type TraceStatus } from '../../ports/traces.js';
import { systemClock, type Clock } from '../../clock.js';
import { ProjectRetention } from './retention.js';
import { extended } from '../../extended.js';
import { tracePreviews, type TracePreview } from './trace-preview.js';
import type { FilterNode } from '../filters/filter-types.js';

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
  /** Traces some span of which recorded this prompt (and version, which needs the name). */
  promptName?: string;
  promptVersion?: number;
  /** Traces carrying this tag / of this environment / of this release, exactly (a metrics group's value). */
  tag?: string;
  environment?: string;
  release?: string;
  /** Traces some span of which has this model / provider / span type, exactly (a span dimension's group). */
  model?: string;
  provider?: string;
  spanType?: string;
}

/** The list parameters that are fields of the rule language, and so are applied as its rules. */
const RULE_PARAMS = ['tag', 'environment', 'release'] as const;

/**
 * Those parameters as `is_exactly` rules: the same compiled condition a saved filter on the field
 * would be (one definition on every adapter), and exact, as the value of a metrics group is.
 */
function ruleParams(filters: TraceListFilterParams): FilterNode[] {
  return RULE_PARAMS.flatMap((field) => (filters[field] === undefined ? [] : [{ id: `param-${field}`, field, operator: 'is_exactly' as const, value: filters[field] }]));
}

export interface TraceListRequest {
  /** Who asks, where and through which operation: the cursor chain is bound to all three. */
  credentialId: string;
  projectId: string;
  endpoint: string;
  limit: number;
  cursor?: string;
  filters: TraceListFilterParams;
  /** `field:direction` (the contract's enum), newest first when absent. */
  sort?: string;
  /** Also each trace's input and output preview (its root span's, trace-preview.ts). */
  preview?: boolean;
}

const SORT_FIELDS: readonly TraceSortField[] = ['createdAt', 'latencyMs', 'cost', 'totalTokens'];

/** A `sort` parameter as an order; anything but `field:asc|desc` of a sort field is a 400 naming it. */
export function traceOrderOf(sort: string | undefined): TraceOrder {
  if (sort === undefined) return NEWEST_FIRST;
  const [field, direction, extra] = sort.split(':');
  if (extra !== undefined || !SORT_FIELDS.includes(field as TraceSortField) || (direction !== 'asc' && direction !== 'desc')) {
    throw problems.validation('The sort is not one the list knows.', [
      { path: '/query/sort', code: 'enum', message: `must be one of ${SORT_FIELDS.flatMap((f) => [`${f}:desc`, `${f}:asc`]).join(', ')}` },
    ]);
  }
  return { field: field as TraceSortField, direction };
}

/** What a cursor is bound to: a cursor of one order cannot continue another. */
const sortBinding = ({ field, direction }: TraceOrder): string => `${field}:${direction},id:${direction}`;

const isKeyset = (value: unknown): value is [number, string] =>
  Array.isArray(value) && value.length === 2 && Number.isFinite(value[0]) && typeof value[1] === 'string';

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

/** The prompt condition of a list request; a version without a prompt name names nothing and is refused. */
function promptFilter(filters: TraceListFilterParams): TraceFilters['prompt'] {
  if (filters.promptName === undefined) {
    if (filters.promptVersion !== undefined) {
      throw problems.validation('promptVersion needs promptName.', [{ code: 'dependent_required', message: 'promptVersion needs promptName', path: '/query/promptVersion' }]);
    }
    return undefined;
  }
  return { name: filters.promptName, version: filters.promptVersion };
}

/** The span condition of a list request: the given span-dimension values, all on one span. */
function spanFilter(filters: TraceListFilterParams): TraceFilters['span'] {
  const { model, provider, spanType } = filters;
  if (model === undefined && provider === undefined && spanType === undefined) return undefined;
  return { model, provider, spanType };
}

/** Traces of a project, newest first or in a chosen order, keyset-paginated with authenticated cursors. */
export class TraceListService {
  constructor(
    private readonly store: Store,
    private readonly cursors: CursorCodec,
    private readonly savedFilters?: SavedFilterResolver,
    private readonly clock: Clock = systemClock,
    private readonly retention: ProjectRetention = new ProjectRetention(store, clock),
  ) {}

  async list(request: TraceListRequest): Promise<{ traces: TraceRecord[]; page: Page; previews?: Map<string, TracePreview> }> {
    const { query, order, after, chainStartedAt, binding } = await this.prepare(request);
    const rows = await this.store.traces.list(extended(query, { order, after, limit: request.limit + 1 }));
    const hasMore = rows.length > request.limit;
    const traces = hasMore ? rows.slice(0, request.limit) : rows;
    const last = traces[traces.length - 1];
    const nextCursor = hasMore ? this.cursors.encode(binding, [traceSortValue(last, order.field), last.id], chainStartedAt) : null;
    const page = { hasMore, limit: request.limit, nextCursor };
    if (!request.preview) return { traces, page };
    return { traces, page, previews: await tracePreviews(this.store, request.projectId, traces.map((t) => t.id)) };
  }

  /** The list query of a request (filters, saved filter, retention), for the list and for export. */
  async query(projectId: string, filters: TraceListFilterParams): Promise<{ projectId: string; filters: TraceFilters; extraCondition?: TraceCondition }> {
    let extraCondition: TraceCondition | undefined;
    if (filters.savedFilterId !== undefined) {
      const condition = this.savedFilters ? await this.savedFilters(projectId, filters.savedFilterId) : null;
      if (!condition) throw problems.notFound('The saved filter');
      extraCondition = condition;
    }
    const params = ruleParams(filters);
    // Top-level rules are ANDed, so the parameters narrow the saved filter's traces.
    if (params.length > 0) extraCondition = { kind: 'filter', rules: [...(extraCondition?.rules ?? []), ...params] };
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
      prompt: promptFilter(filters),
      span: spanFilter(filters),
    };
    return { projectId, filters: await this.retention.apply(projectId, listFilters), extraCondition };
  }

  private async prepare(request: TraceListRequest) {
    const { filters } = request;
    const order = traceOrderOf(request.sort);
    const binding = {
      credentialId: request.credentialId,
      projectId: request.projectId,
      endpoint: request.endpoint,
      filters,
      sort: sortBinding(order),
    };
    let after: TraceKeyset | undefined;
    let chainStartedAt: number | undefined;
    if (request.cursor !== undefined) {
      const decoded = this.cursors.decode<unknown>(request.cursor, binding);
      if (!isKeyset(decoded.position)) throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
      after = { value: decoded.position[0], id: decoded.position[1] };
      chainStartedAt = decoded.chainStartedAt;
    }

    return { query: await this.query(request.projectId, filters), order, after, chainStartedAt, binding };
  }
}
