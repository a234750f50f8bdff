import type { FilterNode } from '../domain/filters/filter-types.js';

export type TraceStatus = 'success' | 'error';

/** A stored trace: what lists, filters and sorts need, derived from its spans at ingest. */
export interface TraceRecord {
  projectId: string;
  id: string;
  name: string;
  status: TraceStatus;
  createdAt: Date;
  latencyMs: number;
  /** Dollars, summed over spans. */
  cost: number;
  spanCount: number;
  totalTokens: number;
  /** Spans' `input_tokens` summed (migration 049), for the session and user totals. */
  inputTokens: number;
  /** Spans' `output_tokens` summed (migration 049). */
  outputTokens: number;
  framework: string | null;
  agentName: string | null;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
  /** The session the trace belongs to (OTLP `session.id` / `gen_ai.conversation.id`, native `metadata.session_id`). */
  sessionId: string | null;
  /** The end user it served (OTLP `user.id`, native `metadata.user_id`). */
  userId: string | null;
  /** Where it ran (OTLP resource `deployment.environment.name` / `deployment.environment`, native `metadata.environment`). */
  environment: string | null;
  /** What ran (OTLP resource `service.version`, native `metadata.release`). */
  release: string | null;
  /** Its tags, ascending by bytes (src/domain/traces/trace-tags.ts; rows of `trace_tags`, migration 049). */
  tags: string[];
}

/** Where a trace came from: a native trace is immutable, an OTLP trace grows as its spans arrive. */
export type TraceSource = 'native' | 'otlp';

export interface SpanRecord {
  spanId: string;
  parentSpanId: string | null;
  /** Order within the trace as sent. */
  position: number;
  name: string;
  spanType: string;
  status: TraceStatus;
  latencyMs: number | null;
  cost: number | null;
  startTime: Date | null;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
  metadata: Record<string, unknown>;
}

/** What the span list's order reads of a span (src/domain/traces/span-order.ts). */
export interface SpanOrderInput {
  spanId: string;
  parentSpanId: string | null;
  position: number;
  startTime: Date | null;
}

/** One trace ready to write: its row, its spans and the text of its search document. */
export interface TraceWrite {
  trace: TraceRecord;
  spans: SpanRecord[];
  searchText: string;
}

/**
 * A condition on the trace list beyond TraceFilters, in the domain's terms: today the rules of a
 * saved filter (validated, src/domain/filters). Each adapter turns it into its own query (the SQL
 * adapters compile it per dialect, adapters/sql/filter-compiler.ts; the in-memory one evaluates
 * it with evaluateFilter). A union so that a new kind of condition is a new member every adapter
 * must handle.
 */
export type TraceCondition = { kind: 'filter'; rules: readonly FilterNode[] };

export interface TraceFilters {
  status?: TraceStatus;
  framework?: string;
  agentName?: string;
  /** Inclusive, epoch ms. */
  fromMs?: number;
  /** Exclusive, epoch ms. */
  toMs?: number;
  minLatencyMs?: number;
  maxLatencyMs?: number;
  minCost?: number;
  maxCost?: number;
  sessionId?: string;
  userId?: string;
  /** A trace-level score of this name exists (within [min, max] when given); see docs/evaluations.md. */
  score?: { name: string; min?: number; max?: number };
  /**
   * Traces that used a prompt: some span records this prompt name (and, when given, this version on
   * the same span); docs/prompts.md#linked-spans.
   */
  prompt?: { name: string; version?: number };
  /**
   * Traces some span of which has every given value, exactly as the metrics dimensions of the same
   * names read a span (its metadata's `model` / `provider` strings, its span type), so a dashboard's
   * drill-down lists the traces its chart counted. All given values on one span, as a chart grouped
   * by two of them counts a span.
   */
  span?: SpanMatch;
}

/** What one span of a trace must have for TraceFilters.span (at least one of them). */
export interface SpanMatch {
  model?: string;
  provider?: string;
  spanType?: string;
}

/** What the trace list can be sorted by: columns of the trace row (docs/traces.md#sorting). */
export type TraceSortField = 'createdAt' | 'latencyMs' | 'cost' | 'totalTokens';

/** A list order: the field, then the id in the same direction (ties are stable across pages). */
export interface TraceOrder {
  field: TraceSortField;
  direction: 'asc' | 'desc';
}

/** The default order: newest first. */
export const NEWEST_FIRST: TraceOrder = { field: 'createdAt', direction: 'desc' };

/** A trace's value of a sort field (createdAt as epoch ms). */
export function traceSortValue(trace: TraceRecord, field: TraceSortField): number {
  return field === 'createdAt' ? trace.createdAt.getTime() : trace[field];
}

/** The keyset position of a list order: the last trace of the previous page, its sort value and id. */
export interface TraceKeyset {
  value: number;
  id: string;
}

export interface TraceListQuery {
  projectId: string;
  filters: TraceFilters;
  /** NEWEST_FIRST when absent. */
  order?: TraceOrder;
  after?: TraceKeyset;
  limit: number;
  extraCondition?: TraceCondition;
}

/**
 * One condition of a search: its words (letters and digits, lower-cased) stand next to each other
 * in this order (one word is the common case); with `prefix`, the last word is the start of a word.
 */
export interface SearchClause {
  words: string[];
  prefix: boolean;
}

/** A parsed query (docs/search.md): every `include` clause matches and no `exclude` clause does; at least one include. */
export interface SearchQuery {
  include: SearchClause[];
  exclude: SearchClause[];
}

/** Most relevant first (equally relevant: newest first), or newest first. */
export type SearchSort = 'relevance' | 'recency';

export interface TraceSearchQuery {
  projectId: string;
  query: SearchQuery;
  sort: SearchSort;
  filters: TraceFilters;
  limit: number;
  offset: number;
  /** Count matches up to this many and stop (at least offset + limit + 1). */
  countLimit: number;
  /**
   * Sorted by relevance, rank only the this-many most recently stored matches (that pass the
   * filters); at least offset + limit. Scoring every match of a common word is what a search over
   * a million traces spent its seconds on; the newest matches are the ones people look for.
   */
  rankLimit: number;
  /**
   * Cancel the search's statements after this many ms and throw QueryTimeoutError: PostgreSQL's
   * statement_timeout; on SQLite the reader thread running them is terminated (an in-memory
   * database, searched in-process, is not bounded; docs/tenant-safety-runtime.md).
   */
  statementTimeoutMs?: number;
}

/** One page of search results and how many matches were counted (at most the query's countLimit). */
export interface TraceSearchPage {
  traces: TraceRecord[];
  counted: number;
}

/** Thrown by `search` when the database cancelled it for running past its statement timeout. */
export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the query ran longer than ${timeoutMs} ms and was cancelled`);
    this.name = 'QueryTimeoutError';
  }
}

/**
 * Thrown by `insertMany` (or the transaction's next statement) when a trace id already exists in
 * its project (a concurrent resend), and by `appendSpans` when a trace its prepareAppend expected to
 * be new exists by the write (another append created it meanwhile).
 */
export class TraceIdTakenError extends Error {
  constructor() {
    super('a trace id of the write already exists');
    this.name = 'TraceIdTakenError';
  }
}

/** What appending spans to one trace changed. */
export interface SpanAppend {
  /** The trace row did not exist and was created from `trace`. */
  created: boolean;
  /** The trace existed and is a native (immutable) trace: nothing was written. */
  refused: boolean;
  /** Spans stored; re-sent spans (same span id) are skipped. */
  added: number;
}

/** The rows of a batch of trace writes, as one adapter stores them (its prepareInsert builds them). */
export interface PreparedTraceInsert {
  readonly traceCount: number;
}

/** The rows of an OTLP append, as one adapter stores them (its prepareAppend builds them). */
export interface PreparedSpanAppend {
  readonly traceCount: number;
}

/** The traces of one OTLP append: each trace as summarized from these spans alone, and its spans. */
export type SpanAppendItem = { trace: TraceRecord; spans: SpanRecord[] };

/** What prepareAppend may expect of the traces it reads. */
export interface AppendExpectation {
  /**
   * True (the default): a trace that does not exist when prepareAppend reads may be written as a
   * new one, and appendSpans throws TraceIdTakenError if it exists by then. False: appendSpans
   * never throws it — the retry after such a throw.
   */
  expectNew?: boolean;
}

export interface TraceWithSpans {
  trace: TraceRecord;
  spans: SpanRecord[];
}

/** The trace list: the part of the trace port that filters and conditions feed. */
export interface TraceListReader {
  /** Newest first (created_at desc, id desc), keyset-paginated; returns up to `limit` rows. */
  list(query: TraceListQuery): Promise<TraceRecord[]>;
}

export interface TraceRepository extends TraceListReader {
  /**
   * Builds the rows insertMany writes for `writes`. Called before the ingest transaction, the write
   * then holds the database for its statements only, not for building rows too.
   */
  prepareInsert(writes: TraceWrite[]): PreparedTraceInsert;
  /**
   * Writes traces, spans and search documents (of `writes`, or of rows prepareInsert built); call
   * inside a transaction. A trace id that exists throws TraceIdTakenError, at this call or (SQLite,
   * whose writes may run on without the caller waiting) at the transaction's next statement.
   */
  insertMany(writes: TraceWrite[] | PreparedTraceInsert): Promise<void>;
  /**
   * Appends spans to OTLP traces (items sorted by trace id, one project), creating each from `trace`
   * (summarized from these spans) when it does not exist; otherwise concurrent appends to it take
   * turns (PostgreSQL locks its row for the rest of the transaction; a SQLite transaction holds the
   * database's one write lock). Re-sent spans are skipped. One result per item, in order. Call
   * inside a transaction. A trace that prepareAppend expected to be new (AppendExpectation) and
   * that exists by the write throws TraceIdTakenError, at this call or at the transaction's next
   * statement, and nothing of the append is stored: prepare it again with `expectNew: false`.
   */
  appendSpans(items: SpanAppendItem[] | PreparedSpanAppend): Promise<SpanAppend[]>;
  /**
   * Builds the rows appendSpans writes for `items` (sorted by trace id, one project), before the
   * transaction, as prepareInsert; an adapter may read what it needs to write them in fewer steps
   * (appendSpans stays right if that changes before the write, or throws as it says).
   */
  prepareAppend(items: SpanAppendItem[], expectation?: AppendExpectation): Promise<PreparedSpanAppend>;
  /** Rewrites an existing trace's derived fields and replaces its search document. */
  updateDerived(trace: TraceRecord, searchText: string): Promise<void>;
  /** Writes the search documents of traces created by appendSpans. */
  writeSearchDocuments(documents: { projectId: string; traceId: string; body: string }[]): Promise<void>;
  /** Writes the documents of traces of one project in place of the ones they have (a re-index). */
  replaceSearchDocuments(projectId: string, documents: { traceId: string; body: string }[]): Promise<void>;
  /** Which of `ids` already exist in the project. */
  existingIds(projectId: string, ids: string[]): Promise<string[]>;
  findById(projectId: string, id: string): Promise<TraceRecord | null>;
  /** All spans of a trace, in the order they were sent. */
  spansOf(projectId: string, traceId: string): Promise<SpanRecord[]>;
  /**
   * At most `limit` spans of a trace by span id, those after `afterSpanId` (from the first when
   * null): a huge trace read a page at a time along its key, each page a seek, not a sort of all.
   */
  spansById(projectId: string, traceId: string, afterSpanId: string | null, limit: number): Promise<SpanRecord[]>;
  /**
   * The trace with all its spans (as findById and spansOf), or null when the project has none by
   * that id: what a trace read shows. The SQLite adapter reads a trace of up to a couple of thousand
   * spans on the calling thread's own read-only connection, both rows from one snapshot.
   */
  findWithSpans(projectId: string, traceId: string): Promise<TraceWithSpans | null>;
  /** The spans of several traces of the project, each trace's in the order they were sent. */
  spansOfTraces(projectId: string, traceIds: string[]): Promise<Map<string, SpanRecord[]>>;
  /** What the span list's order reads of every span of a trace (src/domain/traces/span-order.ts): ids, parents, positions, start times. */
  spanOrderInputs(projectId: string, traceId: string): Promise<SpanOrderInput[]>;
  /** The root spans (no parent) of each of these traces of the project; a trace without one maps to no entry. */
  rootSpansOf(projectId: string, traceIds: readonly string[]): Promise<Map<string, SpanRecord[]>>;
  /** The spans of a trace with these ids, in no particular order (ids not in the trace are left out). */
  spansByIds(projectId: string, traceId: string, spanIds: readonly string[]): Promise<SpanRecord[]>;
  /** Full-text matches, most relevant first, then newest; with the total count of matches. */
  search(query: TraceSearchQuery): Promise<TraceSearchPage>;
}
