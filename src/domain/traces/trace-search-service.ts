import type { Clock } from '../../clock.js';
import { problems, ProblemError } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import { QueryTimeoutError, type SearchQuery, type SearchSort, type TraceFilters, type TraceRecord, type TraceStatus } from '../../ports/traces.js';
import { hasPhrase, parseSearchQuery } from './search-query.js';
import { isTimeRange, parseDateRange } from './date-range.js';
import { FieldErrors } from './trace-input.js';
import { ProjectRetention } from './retention.js';
import { extended } from '../../extended.js';

export const DEFAULT_SEARCH_LIMIT = 50;
export const MAX_SEARCH_LIMIT = 100;

/** The search_traces input, as an agent sends it (shape checked here, not trusted). */
export interface TraceSearchRequest {
  query: unknown;
  limit?: unknown;
  offset?: unknown;
  filters?: unknown;
  /** relevance (default) or recency. */
  sort?: unknown;
}

export interface TraceSearchResult {
  traces: TraceRecord[];
  /** Every match when totalCountExact; otherwise a lower bound (the count stopped there). */
  totalCount: number;
  totalCountExact: boolean;
  hasMore: boolean;
}

export interface TraceSearchSettings {
  /**
   * Matches are counted exactly up to this many (or to offset + limit, when that is more); past it
   * total_count is that bound and marked inexact. Counting a common word over a million traces
   * costs as much as the search itself, for a number nobody pages through.
   */
  countLimit: number;
  /**
   * The same bound for a query holding a phrase (at most countLimit; countLimit when absent). Each of
   * a phrase's matches is checked for the words' order (PostgreSQL reads its document for that), so
   * counting and ranking 10,000 of them took 200–300 ms at a million traces (docs/search.md#order).
   */
  phraseCountLimit?: number;
  /** A search running longer is cancelled (PostgreSQL) and answered 503; 0 for no bound. */
  statementTimeoutMs?: number;
}

/** How many of the query's matches a search counts and ranks (before offset + limit): TraceSearchSettings. */
export function countLimitOf(query: SearchQuery, settings: Pick<TraceSearchSettings, 'countLimit' | 'phraseCountLimit'>): number {
  const { countLimit, phraseCountLimit } = settings;
  return hasPhrase(query) && phraseCountLimit !== undefined ? Math.min(phraseCountLimit, countLimit) : countLimit;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const FILTER_KEYS: ReadonlySet<string> = new Set(['framework', 'status', 'min_latency_ms', 'max_latency_ms', 'min_cost', 'max_cost', 'date_range', 'session_id', 'user_id', 'score_name', 'min_score', 'max_score', 'prompt_name', 'prompt_version']);
/** As prompts are named (docs/prompts.md#the-model). */
const PROMPT_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
/** As the score service names scores (src/domain/evaluations/score-service.ts). */
const SCORE_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/**
 * Full-text search over a project's traces (names, error messages, span names, metadata keys and
 * values, span inputs and outputs) through the database's own text index, with filters, in the
 * query syntax of docs/search.md; most relevant first (equally relevant: newest first) or newest
 * first. Offset paging, as the tool interface defines it.
 */
export class TraceSearchService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: TraceSearchSettings,
    private readonly cursors?: CursorCodec,
    private readonly retention: ProjectRetention = new ProjectRetention(store, clock),
  ) {}

  /**
   * Cursor paging over `search` (REST searchTraces): the cursor carries the offset of the next match,
   * as ranks have no stable keyset. Without a cursor the page starts at `page.startOffset` (the tool
   * adapter's offset; REST has none), validated like every search input.
   */
  async searchPage(
    projectId: string,
    request: Omit<TraceSearchRequest, 'offset' | 'limit'>,
    page: { limit?: unknown; cursor?: string; startOffset?: unknown },
    binding: CursorBinding,
  ): Promise<{ result: TraceSearchResult; page: Page }> {
    if (!this.cursors) throw new Error('TraceSearchService was built without a cursor codec.');
    const decoded = page.cursor ? this.cursors.decode<{ offset: number }>(page.cursor, binding) : null;
    const offset = decoded ? decoded.position.offset : page.startOffset;
    const result = await this.search(projectId, extended(request, { limit: page.limit, offset }));
    // search accepted both, so they are integers in range here.
    const limit = page.limit === undefined || page.limit === null ? DEFAULT_SEARCH_LIMIT : Math.min(page.limit as number, MAX_SEARCH_LIMIT);
    const next = ((offset as number | undefined | null) ?? 0) + result.traces.length;
    const nextCursor = result.hasMore ? this.cursors.encode(binding, { offset: next }, decoded?.chainStartedAt) : null;
    return { result, page: { hasMore: result.hasMore, limit, nextCursor } };
  }

  async search(projectId: string, request: TraceSearchRequest): Promise<TraceSearchResult> {
    const errors = new FieldErrors();
    let query: SearchQuery = { include: [], exclude: [] };
    if (typeof request.query !== 'string') errors.add('/query', 'required', 'is required and must be a string');
    else {
      const parsed = parseSearchQuery(request.query);
      if ('code' in parsed) errors.add('/query', parsed.code, parsed.message);
      else query = parsed;
    }
    let sort: SearchSort = 'relevance';
    if (request.sort === 'recency' || request.sort === 'relevance') sort = request.sort;
    else if (request.sort !== undefined && request.sort !== null) errors.add('/sort', 'invalid_sort', 'must be relevance or recency');
    const limit = this.limitOf(request.limit, errors);
    const offset = this.offsetOf(request.offset, errors);
    const filters = this.filtersOf(request.filters, errors);
    if (!errors.empty) throw problems.validation('The search request is invalid; see errors.', errors.list);

    // Counted to one more than the bound: finding it tells "exactly the bound" from "more than the
    // bound". Relevance ranks the newest `bound` matches: all of them whenever the count is exact.
    const bound = Math.max(countLimitOf(query, this.settings), offset + limit);
    const retained = await this.retention.apply(projectId, filters);
    const { traces, counted } = await this.store.traces
      .search({ projectId, query, sort, filters: retained, limit, offset, countLimit: bound + 1, rankLimit: bound, statementTimeoutMs: this.settings.statementTimeoutMs })
      .catch((error: unknown) => {
        if (!(error instanceof QueryTimeoutError)) throw error;
        throw new ProblemError(503, 'PUBLIC_API_SEARCH_TIMEOUT', `The search ran longer than ${error.timeoutMs} ms and was cancelled; add filters (date_range, framework) or more specific words.`, {
          retryable: true,
          headers: { 'Retry-After': '5' },
        });
      });
    const exact = counted <= bound;
    return { traces, totalCount: exact ? counted : bound, totalCountExact: exact, hasMore: offset + traces.length < counted };
  }

  /** Default 50; anything above 100 is clamped to 100, as the spec says. */
  private limitOf(value: unknown, errors: FieldErrors): number {
    if (value === undefined || value === null) return DEFAULT_SEARCH_LIMIT;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      errors.add('/limit', 'invalid_type', 'must be a positive integer');
      return DEFAULT_SEARCH_LIMIT;
    }
    return Math.min(value, MAX_SEARCH_LIMIT);
  }

  private offsetOf(value: unknown, errors: FieldErrors): number {
    if (value === undefined || value === null) return 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      errors.add('/offset', 'invalid_type', 'must be a non-negative integer');
      return 0;
    }
    return value;
  }

  private filtersOf(value: unknown, errors: FieldErrors): TraceFilters {
    if (value === undefined || value === null) return {};
    if (!isObject(value)) {
      errors.add('/filters', 'invalid_type', 'must be an object');
      return {};
    }
    for (const key of Object.keys(value)) if (!FILTER_KEYS.has(key)) errors.add(`/filters/${key}`, 'unknown_property', 'is not a search filter');
    const filters: TraceFilters = {};
    if (value.framework !== undefined) {
      if (typeof value.framework === 'string' && value.framework.length > 0) filters.framework = value.framework;
      else errors.add('/filters/framework', 'invalid_type', 'must be a non-empty string');
    }
    for (const [key, field] of [['session_id', 'sessionId'], ['user_id', 'userId']] as const) {
      const v = value[key];
      if (v === undefined) continue;
      if (typeof v === 'string' && v.length > 0 && v.length <= 255) filters[field] = v;
      else errors.add(`/filters/${key}`, 'invalid_type', 'must be a string of 1 to 255 characters');
    }
    if (value.status !== undefined) {
      if (value.status === 'success' || value.status === 'error') filters.status = value.status as TraceStatus;
      else errors.add('/filters/status', 'invalid_status', 'must be success or error');
    }
    const number = (key: string): number | undefined => {
      const v = value[key];
      if (v === undefined) return undefined;
      if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
      errors.add(`/filters/${key}`, 'invalid_type', 'must be a non-negative number');
      return undefined;
    };
    filters.minLatencyMs = number('min_latency_ms');
    filters.maxLatencyMs = number('max_latency_ms');
    filters.minCost = number('min_cost');
    filters.maxCost = number('max_cost');
    this.scoreOf(value, filters, errors);
    this.promptOf(value, filters, errors);
    if (value.date_range !== undefined) {
      const range = typeof value.date_range === 'string' ? parseDateRange(value.date_range, this.clock.now().getTime(), '/filters/date_range') : null;
      if (range && isTimeRange(range)) {
        filters.fromMs = range.fromMs;
        filters.toMs = range.toMs;
      } else {
        errors.add('/filters/date_range', 'invalid_date_range', range && !isTimeRange(range) ? range.message : 'must be a string');
      }
    }
    return filters;
  }

  /** prompt_name, with an optional prompt_version that needs it: the trace list's prompt condition. */
  private promptOf(value: Record<string, unknown>, filters: TraceFilters, errors: FieldErrors): void {
    const version = value.prompt_version;
    const versionOk = version === undefined || (typeof version === 'number' && Number.isInteger(version) && version >= 1 && version <= 2_147_483_647);
    if (!versionOk) errors.add('/filters/prompt_version', 'invalid_type', 'must be an integer from 1 to 2147483647');
    if (value.prompt_name === undefined) {
      if (version !== undefined) errors.add('/filters/prompt_version', 'dependent_required', 'prompt_version needs prompt_name');
      return;
    }
    const name = value.prompt_name;
    if (typeof name !== 'string' || name.length > 255 || !PROMPT_NAME.test(name)) {
      errors.add('/filters/prompt_name', 'invalid_prompt_name', 'must be a prompt name: letters, digits and ._- in folders separated by single /, at most 255 characters');
      return;
    }
    if (versionOk) filters.prompt = { name, version: version as number | undefined };
  }

  /** score_name (a score name), with optional min_score/max_score bounds that need it: the trace list's score condition. */
  private scoreOf(value: Record<string, unknown>, filters: TraceFilters, errors: FieldErrors): void {
    const bound = (key: 'min_score' | 'max_score'): number | undefined => {
      const v = value[key];
      if (v === undefined) return undefined;
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      errors.add(`/filters/${key}`, 'invalid_type', 'must be a finite number');
      return undefined;
    };
    const min = bound('min_score');
    const max = bound('max_score');
    if (value.score_name === undefined) {
      for (const key of ['min_score', 'max_score'] as const) {
        if (value[key] !== undefined) errors.add(`/filters/${key}`, 'dependent_required', `${key} needs score_name`);
      }
      return;
    }
    if (typeof value.score_name !== 'string' || !SCORE_NAME.test(value.score_name)) {
      errors.add('/filters/score_name', 'invalid_score_name', 'must be a score name: a letter or digit, then up to 99 of letters, digits and ._:-');
      return;
    }
    filters.score = { name: value.score_name, min, max };
  }
}
