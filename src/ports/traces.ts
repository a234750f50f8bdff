import type { Knex } from 'knex';

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
  framework: string | null;
  agentName: string | null;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
}

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

/** One trace ready to write: its row, its spans and the text of its search document. */
export interface TraceWrite {
  trace: TraceRecord;
  spans: SpanRecord[];
  searchText: string;
}

/** The alias of `traces` in the trace list query: an extra condition qualifies its columns with it. */
export const TRACE_LIST_ALIAS = 't';

/** An extra SQL condition on the trace list (a compiled saved filter); `traces` is aliased TRACE_LIST_ALIAS. */
export type TraceCondition = (qb: Knex.QueryBuilder) => void;

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
}

/** The keyset position of the newest-first order: the last trace of the previous page. */
export interface TraceKeyset {
  createdAtMs: number;
  id: string;
}

export interface TraceListQuery {
  projectId: string;
  filters: TraceFilters;
  after?: TraceKeyset;
  limit: number;
  extraCondition?: TraceCondition;
}

export interface TraceSearchQuery {
  projectId: string;
  /** Words to find, all of them (AND); at least one. */
  terms: string[];
  filters: TraceFilters;
  limit: number;
  offset: number;
  /** Count matches up to this many and stop (at least offset + limit + 1). */
  countLimit: number;
}

/** One page of search results and how many matches were counted (at most the query's countLimit). */
export interface TraceSearchPage {
  traces: TraceRecord[];
  counted: number;
}

/** Thrown by `insertMany` when a trace id already exists in its project (a concurrent resend). */
export class TraceIdTakenError extends Error {
  constructor() {
    super('a trace id of the write already exists');
    this.name = 'TraceIdTakenError';
  }
}

export interface TraceRepository {
  /** Writes traces, spans and search documents in large multi-row chunks; call inside a transaction. */
  insertMany(writes: TraceWrite[]): Promise<void>;
  /** Which of `ids` already exist in the project. */
  existingIds(projectId: string, ids: string[]): Promise<string[]>;
  findById(projectId: string, id: string): Promise<TraceRecord | null>;
  /** All spans of a trace, in the order they were sent. */
  spansOf(projectId: string, traceId: string): Promise<SpanRecord[]>;
  /** Newest first (created_at desc, id desc), keyset-paginated; returns up to `limit` rows. */
  list(query: TraceListQuery): Promise<TraceRecord[]>;
  /** Full-text matches, most relevant first, then newest; with the total count of matches. */
  search(query: TraceSearchQuery): Promise<TraceSearchPage>;
}
