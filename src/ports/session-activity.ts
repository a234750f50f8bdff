/**
 * Sessions and end users of the traced application (docs/sessions.md), read as SQL aggregates over
 * the trace rows at read time: no second copy of the figures exists, so appends, deletes, retention
 * and purge can never leave one stale.
 */

export type SortDirection = 'asc' | 'desc';
export type SessionSortField = 'lastSeenAt' | 'cost' | 'traceCount' | 'durationMs';
export type EndUserSortField = 'lastSeenAt' | 'cost' | 'traceCount' | 'sessionCount' | 'totalTokens';

/** Which traces count and which groups are kept. */
export interface ActivityFilters {
  /** Inclusive lower bound of the traces' createdAt (epoch ms), retention already applied. */
  fromMs?: number;
  /** Exclusive upper bound of the traces' createdAt (epoch ms). */
  toMs?: number;
  /** Only the group with this exact key (a session id, a user id). */
  id?: string;
  /** Group keys starting with this (case-sensitive). */
  idPrefix?: string;
  /** true: groups with a failed trace; false: groups without one. */
  hasErrors?: boolean;
  /** Groups whose summed cost is at least this (dollars). */
  minCost?: number;
}

export interface SessionFilters extends ActivityFilters {
  /** Sessions with at least one trace of this end user. */
  userId?: string;
}

/** The keyset of a page: the sort value of the last row returned and its key. */
export type ActivityKeyset = [number, string];

export interface ActivityQuery<F, S> {
  projectId: string;
  filters: F;
  order: { field: S; direction: SortDirection };
  after: ActivityKeyset | null;
  limit: number;
}

export interface SessionRow {
  id: string;
  traceCount: number;
  firstSeenMs: number;
  lastSeenMs: number;
  /** The latest end of one of its traces: createdAt + latencyMs. */
  endMs: number;
  cost: number;
  /** Spans' input / output tokens summed over its traces (the trace row's columns, migration 049). */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  errorCount: number;
  userCount: number;
}

export interface EndUserRow {
  id: string;
  traceCount: number;
  sessionCount: number;
  firstSeenMs: number;
  lastSeenMs: number;
  cost: number;
  /** Spans' input / output tokens summed over its traces (the trace row's columns, migration 049). */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  errorCount: number;
}

export interface SessionActivityReader {
  sessions(query: ActivityQuery<SessionFilters, SessionSortField>): Promise<SessionRow[]>;
  /** Each session's end user: that of its most recent trace naming one (createdAt, then trace id), among the traces in the window. */
  latestUsers(projectId: string, sessionIds: readonly string[], window: Pick<ActivityFilters, 'fromMs' | 'toMs'>): Promise<Map<string, string>>;
  endUsers(query: ActivityQuery<ActivityFilters, EndUserSortField>): Promise<EndUserRow[]>;
}
