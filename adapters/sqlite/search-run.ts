import type { Database, Statement } from 'better-sqlite3';
import { keptStatement } from './kept-statements.js';

/** A statement compiled by knex (`.toSQL().toNative()`), run as it is on a connection of its own. */
export interface NativeStatement {
  sql: string;
  bindings: readonly unknown[];
}

/** A trace search's two statements and its time bound (ms; 0: none). */
export interface SearchJob {
  count: NativeStatement;
  page: NativeStatement;
  /** The page's rows carry the count (`matched`): the count statement runs only when the page is empty. */
  pageCounts?: boolean;
  timeoutMs: number;
}

export interface SearchResult {
  count: Record<string, unknown> | null;
  rows: Record<string, unknown>[];
}

/** What `probe` must answer (its `n`) for a search to be run in place: at most `limit`. */
export interface SearchProbe {
  probe: NativeStatement;
  limit: number;
}

// As knex's better-sqlite3 client binds them, so results match the path through knex.
const bind = (values: readonly unknown[]): unknown[] =>
  values.map((value) => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value));

/** A trace read: the trace's row (`trace`), then, when its `span_count` is at most `maxSpans`, its spans as value arrays. */
export interface TraceRead {
  trace: NativeStatement;
  spans: NativeStatement;
  maxSpans: number;
}

/**
 * A read-only connection's trace searches: a reader thread's (search-worker.ts) and the request
 * thread's own for searches that cannot be expensive (SqliteSearchReader.searchInPlace). Each runs
 * in one read transaction, so the count and the page — and the probe deciding where to run —
 * see the same snapshot. The request thread's connection reads small traces too (readTraceIfSmall),
 * and other reads its probe bounds (readIfFew: the metrics query over few rollup rows).
 */
export class SearchRun {
  /** The page, and the count when the page cannot carry it. */
  readonly search: (job: SearchJob) => SearchResult;
  /** The search when the probe allows it; null (nothing else run) when it does not. */
  readonly searchIfFew: (probe: SearchProbe, job: SearchJob) => SearchResult | null;
  /**
   * The trace's row (null: no such trace) and its spans, both from one snapshot; spans null (not
   * read) when the row's span_count is above the read's maxSpans.
   */
  readonly readTraceIfSmall: (read: TraceRead) => { trace: Record<string, unknown> | null; spans: unknown[][] | null };
  /** A statement's rows when the probe allows it (a read bounded by what the probe counts); null (nothing else run) when it does not. */
  readonly readIfFew: (probe: SearchProbe, statement: NativeStatement) => Record<string, unknown>[] | null;

  constructor(private readonly db: Database) {
    this.search = db.transaction((job: SearchJob) => this.statements(job));
    this.searchIfFew = db.transaction((probe: SearchProbe, job: SearchJob) => (this.allows(probe) ? this.statements(job) : null));
    this.readIfFew = db.transaction((probe: SearchProbe, statement: NativeStatement) =>
      this.allows(probe) ? (this.statementOf(statement.sql).all(...bind(statement.bindings)) as Record<string, unknown>[]) : null,
    );
    this.readTraceIfSmall = db.transaction((read: TraceRead) => {
      const trace = (this.statementOf(read.trace.sql).get(...bind(read.trace.bindings)) as Record<string, unknown> | undefined) ?? null;
      if (!trace || Number(trace.span_count) > read.maxSpans) return { trace, spans: null };
      const statement = this.statementOf(read.spans.sql);
      // Value arrays, as the repository reads spans elsewhere (rowMode 'array'); the kept statement
      // goes back to objects for whoever prepares the same text next.
      statement.raw(true);
      try {
        return { trace, spans: statement.all(...bind(read.spans.bindings)) as unknown[][] };
      } finally {
        statement.raw(false);
      }
    });
  }

  /**
   * Statements kept by their SQL (kept-statements.ts): searches come in a few shapes (sort, filters,
   * phrase or not), each parsed once per connection instead of once per search (about 0.1 ms of a
   * rare word's search). At most 64, should shapes ever multiply.
   */
  private statementOf(sql: string): Statement {
    return keptStatement(this.db, sql, 64);
  }

  /** Whether the probe's `n` is at most its limit. */
  private allows(probe: SearchProbe): boolean {
    const counted = this.statementOf(probe.probe.sql).get(...bind(probe.probe.bindings)) as { n?: unknown } | undefined;
    return Number(counted?.n ?? Infinity) <= probe.limit;
  }

  private statements(job: SearchJob): SearchResult {
    // iterate, not all: on a reader thread control comes back to JavaScript between rows, where a
    // terminate() takes effect (it cannot interrupt SQLite's native code within one step). A plain
    // loop (its back edge is where V8 checks for a pending terminate), not a spread.
    const rows: Record<string, unknown>[] = [];
    for (const row of this.statementOf(job.page.sql).iterate(...bind(job.page.bindings))) rows.push(row as Record<string, unknown>);
    if (job.pageCounts && rows.length > 0) return { count: null, rows };
    return { count: (this.statementOf(job.count.sql).get(...bind(job.count.bindings)) as Record<string, unknown> | undefined) ?? null, rows };
  }
}
