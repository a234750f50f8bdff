import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import {
  NEWEST_FIRST,
  QueryTimeoutError,
  TraceIdTakenError,
  type TraceSortField,
  type SpanOrderInput,
  type SpanRecord,
  type SpanMatch,
  type TraceFilters,
  type TraceListQuery,
  type TraceRecord,
  type TraceRepository,
  type TraceSearchPage,
  type TraceSearchQuery,
  type TraceStatus,
  type TraceWithSpans,
  type TraceWrite,
  type SpanAppend,
  type PreparedTraceInsert,
  type PreparedSpanAppend,
  type SpanAppendItem,
  type AppendExpectation,
} from '../../src/ports/traces.js';
import { fromMillis, fromMillisOrNull, parseJson, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';
import { spanPromptColumns } from './span-prompt-columns.js';
import { whereFilter } from './filter-compiler.js';
import { filterDialectOf } from './filter-dialects.js';
import { dimensionColumn } from './metrics-reader.js';
import type { FacetColumn, SearchFilter, SearchPlan, TraceTextIndex } from './trace-text-index.js';
import { insertNewStep, insertStep, transactionConnection } from '../sqlite/prepared-rows.js';
import type { RowStep, ThreadedSqliteConnection } from '../sqlite/sqlite-thread.js';
import { searchDocumentsStep } from '../sqlite/trace-text-index.js';
import type { NativeStatement, SearchJob, SqliteSearchReader } from '../sqlite/search-reader.js';
import { registeredTraceRow } from '../postgres/time-partitions.js';

type Row = Record<string, unknown>;

/** Bound parameters one statement may carry: SQLite's default maximum and PostgreSQL's protocol limit. */
const PARAMETER_LIMIT: Record<Dialect, number> = { sqlite: 32766, postgres: 65535 };

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const jsonOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

export const toTraceRecord = (row: Row): TraceRecord => ({
  projectId: row.project_id as string,
  id: row.id as string,
  name: row.name as string,
  status: row.status as TraceStatus,
  createdAt: fromMillis(row.created_at as number),
  latencyMs: Number(row.latency_ms),
  cost: Number(row.cost),
  spanCount: Number(row.span_count),
  totalTokens: Number(row.total_tokens),
  framework: (row.framework as string | null) ?? null,
  agentName: (row.agent_name as string | null) ?? null,
  errorMessage: (row.error_message as string | null) ?? null,
  metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  sessionId: (row.session_id as string | null) ?? null,
  userId: (row.user_id as string | null) ?? null,
  environment: (row.environment as string | null) ?? null,
  release: (row.release as string | null) ?? null,
  inputTokens: Number(row.input_tokens ?? 0),
  outputTokens: Number(row.output_tokens ?? 0),
  tags: parseJson<string[]>(row.tags, []),
});

/**
 * The span columns a read selects, in the order of the value arrays it gets back: a 1,000-span
 * trace read as arrays skips building a keyed row object per span only to copy it into its record
 * (on SQLite, half the read's time: 2.5 → 1.3 ms for 1,000 spans).
 */
const SPAN_READ_COLUMNS = [
  'span_id', 'parent_span_id', 'position', 'name', 'span_type', 'status', 'latency_ms', 'cost', 'start_time', 'input', 'output', 'error', 'metadata', 'trace_id',
] as const;
/** Where each column is in a SPAN_READ_COLUMNS array. */
const AT = Object.fromEntries(SPAN_READ_COLUMNS.map((column, i) => [column, i])) as Record<(typeof SPAN_READ_COLUMNS)[number], number>;

/** Rows as value arrays in the selected columns' order (pg's rowMode; our SQLite client honours it too). */
const AS_ARRAYS = { rowMode: 'array' } as const;

const toSpanRecord = (values: unknown[]): SpanRecord => ({
  spanId: values[AT.span_id] as string,
  parentSpanId: (values[AT.parent_span_id] as string | null) ?? null,
  position: Number(values[AT.position]),
  name: values[AT.name] as string,
  spanType: values[AT.span_type] as string,
  status: values[AT.status] as TraceStatus,
  latencyMs: numberOrNull(values[AT.latency_ms]),
  cost: numberOrNull(values[AT.cost]),
  startTime: fromMillisOrNull(values[AT.start_time] as number | null),
  input: parseJson<Record<string, unknown> | null>(values[AT.input], null),
  output: parseJson<Record<string, unknown> | null>(values[AT.output], null),
  error: (values[AT.error] as string | null) ?? null,
  metadata: parseJson<Record<string, unknown>>(values[AT.metadata], {}),
});

export const TRACE_COLUMNS = [
  'project_id', 'id', 'name', 'status', 'created_at', 'latency_ms', 'cost', 'span_count', 'total_tokens', 'framework', 'agent_name', 'error_message', 'metadata',
  'session_id', 'user_id', 'environment', 'release', 'input_tokens', 'output_tokens', 'tags',
] as const;
export const SPAN_COLUMNS = [
  'project_id', 'trace_id', 'span_id', 'parent_span_id', 'position', 'name', 'span_type', 'status', 'latency_ms', 'cost', 'start_time', 'input', 'output', 'error', 'metadata',
] as const;

/** Rows as value arrays in column order: no per-row objects on the hot ingest path. */
export const traceValues = (t: TraceRecord): unknown[] => [
  t.projectId, t.id, t.name, t.status, toMillis(t.createdAt), t.latencyMs, t.cost, t.spanCount, t.totalTokens, t.framework, t.agentName, t.errorMessage,
  JSON.stringify(t.metadata), t.sessionId, t.userId, t.environment, t.release, t.inputTokens, t.outputTokens, JSON.stringify(t.tags),
];

export const spanValues = (projectId: string, traceId: string, s: SpanRecord): unknown[] => [
  projectId, traceId, s.spanId, s.parentSpanId, s.position, s.name, s.spanType, s.status, s.latencyMs, s.cost,
  s.startTime ? toMillis(s.startTime) : null, jsonOrNull(s.input), jsonOrNull(s.output), s.error, JSON.stringify(s.metadata),
];

/**
 * PostgreSQL (migration 052): the trace registry's columns, and the column every trace, span and
 * search row carries there, its trace's first store time (docs/partitioning.md).
 */
const REGISTRY_COLUMNS = ['project_id', 'id', 'stored_at'] as const;
const STORED_TRACE_COLUMNS = [...TRACE_COLUMNS, 'stored_at'] as const;
const STORED_SPAN_COLUMNS = [...SPAN_COLUMNS, 'stored_at'] as const;
const STORED_OTLP_TRACE_COLUMNS = [...TRACE_COLUMNS, 'source', 'stored_at'] as const;

/**
 * A trace's `stored_at` as its registry row holds it: the condition that confines a PostgreSQL read or
 * write by trace id to that trace's rows (the one partition, once partitioned).
 */
function ofRegisteredTrace(qb: Knex.QueryBuilder, projectId: string, traceId: string): Knex.QueryBuilder {
  return qb.whereRaw('stored_at = (SELECT r.stored_at FROM trace_ids r WHERE r.project_id = ? AND r.id = ?)', [projectId, traceId]);
}

/** A write's failure as the port names it: a primary-key violation is a trace id taken by a concurrent writer. */
const takenAs = (error: Error): Error => (isUniqueViolation(error) ? new TraceIdTakenError() : error);

const hasFilters = (f: TraceFilters): boolean => Object.values(f).some((value) => value !== undefined);

/** The filters that are equalities on a facet column (FACET_COLUMNS), each with its column. */
const FACET_FILTERS = { status: 'status', framework: 'framework', sessionId: 'session_id', userId: 'user_id' } as const satisfies Partial<Record<keyof TraceFilters, FacetColumn>>;
type FacetFilter = keyof typeof FACET_FILTERS;

function facetsOf(f: TraceFilters): Partial<Record<FacetColumn, string>> {
  const facets: Partial<Record<FacetColumn, string>> = {};
  for (const key of Object.keys(FACET_FILTERS) as FacetFilter[]) {
    const value = f[key];
    if (value !== undefined) facets[FACET_FILTERS[key]] = value;
  }
  return facets;
}

function applyFilters(qb: Knex.QueryBuilder, f: TraceFilters, dialect: Dialect): void {
  for (const [column, value] of Object.entries(facetsOf(f))) qb.where(`t.${column}`, value);
  applyOtherFilters(qb, f, dialect);
}

/** The search filter of `f`: its facet equalities apart, for an index that holds them (see SearchFilter). */
function searchFilterOf(f: TraceFilters, facets: Partial<Record<FacetColumn, string>>, facetsIndexed: boolean, dialect: Dialect): SearchFilter {
  const rest = Object.entries(f).some(([key, value]) => value !== undefined && !(key in FACET_FILTERS));
  return {
    condition: (qb) => applyFilters(qb, f, dialect),
    facets,
    rest: rest ? (qb) => applyOtherFilters(qb, f, dialect) : undefined,
    facetsIndexed,
  };
}

/** The filters that are not facet equalities: the agent, time, latency and cost ranges, a score. */
function applyOtherFilters(qb: Knex.QueryBuilder, f: TraceFilters, dialect: Dialect): void {
  if (f.agentName !== undefined) qb.where('t.agent_name', f.agentName);
  if (f.fromMs !== undefined) qb.where('t.created_at', '>=', f.fromMs);
  if (f.toMs !== undefined) qb.where('t.created_at', '<', f.toMs);
  if (f.minLatencyMs !== undefined) qb.where('t.latency_ms', '>=', f.minLatencyMs);
  if (f.maxLatencyMs !== undefined) qb.where('t.latency_ms', '<=', f.maxLatencyMs);
  if (f.minCost !== undefined) qb.where('t.cost', '>=', f.minCost);
  if (f.maxCost !== undefined) qb.where('t.cost', '<=', f.maxCost);
  if (f.score !== undefined) {
    const { name, min, max } = f.score;
    // A correlated EXISTS on scores (project_id, trace_id) per candidate trace.
    qb.whereExists(function scored(this: Knex.QueryBuilder) {
      this.select(1).from('scores as sc').whereRaw('sc.project_id = t.project_id').whereRaw('sc.trace_id = t.id').where('sc.target', 'trace').where('sc.name', name);
      if (min !== undefined) this.where('sc.numeric_value', '>=', min);
      if (max !== undefined) this.where('sc.numeric_value', '<=', max);
    });
  }
  if (f.prompt !== undefined) {
    const { name, version } = f.prompt;
    const columns = spanPromptColumns(dialect, 'sp');
    // A correlated EXISTS on the trace's spans (their primary key), name and version on the same span;
    // PostgreSQL may turn it into a semi-join starting from spans_prompt_idx for a rare prompt.
    qb.whereExists(function used(this: Knex.QueryBuilder) {
      this.select(1).from('spans as sp').whereRaw(`sp.project_id = t.project_id AND sp.trace_id = t.id${filterDialectOf(dialect).sameStoredTrace('sp', 't')}`).whereRaw(`${columns.name} = ?`, [name]);
      if (version !== undefined) this.whereRaw(`${columns.version} = ?`, [columns.versionBinding(version)]);
    });
  }
  if (f.span !== undefined) applySpanMatch(qb, f.span, dialect);
}

const SPAN_MATCH_DIMENSIONS = ['model', 'provider', 'spanType'] as const;

/**
 * Some span of the trace has every given value: a correlated EXISTS over the trace's spans (their
 * primary key, project_id and trace_id first), probed once per candidate trace of the page's ordered
 * scan. Each value is compared with the very expression the metrics query groups that dimension by
 * (metrics-reader.ts dimensionColumn, over the alias `s`), so a drill-down from a chart's point lists
 * the traces the point counted: a number or a non-string JSON value is no model, on both databases.
 */
function applySpanMatch(qb: Knex.QueryBuilder, match: SpanMatch, dialect: Dialect): void {
  const filterDialect = filterDialectOf(dialect);
  qb.whereExists(function spanned(this: Knex.QueryBuilder) {
    this.select(1).from('spans as s').whereRaw(`s.project_id = t.project_id AND s.trace_id = t.id${filterDialect.sameStoredTrace('s', 't')}`);
    for (const dimension of SPAN_MATCH_DIMENSIONS) {
      const value = match[dimension];
      if (value === undefined) continue;
      const column = dimensionColumn(filterDialect, dimension);
      this.whereRaw(`${column.sql} = ?`, [...column.bindings, value]);
    }
  });
}

/**
 * A search whose one word is in at most this many documents of the index (TraceTextIndex.fewMatches)
 * runs where its request runs, as a list page of as many rows does, instead of waiting for a search
 * reader thread: every statement it runs reads at most these matches. The largest page a search
 * answers (MAX_SEARCH_LIMIT). Handing a rare word's search to a reader thread and back cost more
 * than the search itself (at a million traces: 0.6 ms of statements, about 0.4 ms of hand-offs at
 * the median and most of its tail, each hand-off a thread to wake). On SQLite "where its request
 * runs" is the request thread's own read connection, probe and search in one call
 * (SqliteSearchReader.searchInPlace): through the SQLite thread they were two more hand-offs.
 */
const IN_PLACE_MATCHES = 100;

/**
 * The most spans a trace read runs on the SQLite request thread's own connection (findWithSpans):
 * its statements take about 1.6 ms at 1,000 spans and 3.2 ms at 2,000 (docs/benchmarks.md), less
 * than the tree and the JSON the request then builds from them on that thread anyway. Through the
 * SQLite thread the same read cost two hand-offs and a structured copy of every row, and most of the
 * 1,000-span read's tail (GET p50 6.7 → 4.2 ms, p99 14.0 → 7.4 ms in place, small database).
 */
const IN_PLACE_SPANS = 2_000;

/** The trace row's column of each sort field (each has a (project_id, column, id) index). */
const SORT_COLUMNS: Record<TraceSortField, string> = { createdAt: 't.created_at', latencyMs: 't.latency_ms', cost: 't.cost', totalTokens: 't.total_tokens' };

/** A statement as knex compiles it for the database's own driver. */
function nativeOf(qb: Knex.QueryBuilder): NativeStatement {
  const { sql, bindings } = qb.toSQL().toNative();
  return { sql, bindings };
}

/**
 * A search's page and count: the count statement's row when it ran, else the page's own
 * `matched` (see pageCandidates; the count statement runs only when the page cannot carry it).
 */
function searchPageOf(rows: Row[], countRow: Row | null | undefined): TraceSearchPage {
  const counted = countRow ? countRow.n : rows[0]?.matched;
  return { traces: rows.map(toTraceRecord), counted: Number(counted ?? 0) };
}

/** A batch's rows in the column order of TRACE_COLUMNS and SPAN_COLUMNS, with their search documents. */
class SqlPreparedInsert implements PreparedTraceInsert {
  constructor(
    readonly traces: unknown[][],
    readonly spans: unknown[][],
    readonly documents: { projectId: string; traceId: string; body: string }[],
  ) {}

  get traceCount(): number {
    return this.traces.length;
  }
}

/**
 * An OTLP append's rows: traces as TRACE_COLUMNS + source, spans as SPAN_COLUMNS. On SQLite,
 * prepareAppend reads which of the traces exist: the new ones (`fresh`, by index in `items`) are
 * written as new traces — their rows in `freshTraces` and `freshSpans` — and the others take the
 * careful path in `traces`, `spans` and `guarded`, where the spans of a trace that was native when
 * it was read carry its project and trace id once more at their end for OTLP_SPAN_INSERT.
 * PostgreSQL reads nothing: every item takes its careful path.
 */
class SqlPreparedAppend implements PreparedSpanAppend {
  constructor(
    readonly items: SpanAppendItem[],
    readonly fresh: ReadonlySet<number>,
    readonly freshTraces: unknown[][],
    readonly freshSpans: unknown[][],
    readonly traces: unknown[][],
    readonly spans: unknown[][],
    readonly guarded: unknown[][],
  ) {}

  get traceCount(): number {
    return this.items.length;
  }
}

/**
 * A span stored only if its trace is an OTLP trace, for the traces that were native when the
 * append was prepared (one may have been deleted and sent anew through OTLP since). Not for every
 * span: an INSERT … SELECT runs about 4× slower per row than a single-row INSERT on SQLite (16 µs
 * more a span, measured inside ingest's transactions).
 */
const OTLP_SPAN_INSERT =
  `INSERT INTO "spans" (${SPAN_COLUMNS.map((c) => `"${c}"`).join(', ')}) SELECT ${SPAN_COLUMNS.map(() => '?').join(', ')} ` +
  `WHERE EXISTS (SELECT 1 FROM "traces" WHERE "project_id" = ? AND "id" = ? AND "source" = 'otlp') ON CONFLICT DO NOTHING`;

const OTLP_TRACE_COLUMNS = [...TRACE_COLUMNS, 'source'] as const;

/** Span rows per message to the SQLite thread when an append creates its traces. */
const PIPELINED_SPAN_ROWS = 5000;

function* rowChunks(rows: unknown[][], size: number): Generator<unknown[][]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * PostgreSQL: the span rows of the items whose trace has a `stored_at` (the others are refused), each
 * with it, built `size` at a time as they are asked for.
 */
function* spanRowChunks(items: SpanAppendItem[], storedAt: ReadonlyMap<string, number>, size: number): Generator<unknown[][]> {
  let chunk: unknown[][] = [];
  for (const { trace, spans } of items) {
    const at = storedAt.get(trace.id);
    if (at === undefined) continue;
    for (const span of spans) {
      chunk.push([...spanValues(trace.projectId, trace.id, span), at]);
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}
const AT_SPAN_TRACE_ID = SPAN_COLUMNS.indexOf('trace_id');

export class SqlTraceRepository implements TraceRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly textIndex: TraceTextIndex,
    /** SQLite on a file: searches run on reader threads; absent (PostgreSQL, ':memory:', a transaction's store): in-process. */
    private readonly searchReader?: SqliteSearchReader,
    /** PostgreSQL: what stamps a new trace's stored_at (epoch ms) — the real clock, but in a benchmark placing its loaded traces in past weeks. */
    private readonly storedAtClock: () => number = Date.now,
  ) {}

  prepareInsert(writes: TraceWrite[]): SqlPreparedInsert {
    // PostgreSQL: every row ends with the batch's stored_at — the server's clock when the rows are
    // built, just before their transaction: never the trace's own times, which a client chooses.
    const storedAt = this.dialect === 'postgres' ? [this.storedAtClock()] : [];
    const spans: unknown[][] = [];
    for (const w of writes) for (const span of w.spans) spans.push([...spanValues(w.trace.projectId, w.trace.id, span), ...storedAt]);
    return new SqlPreparedInsert(
      writes.map((w) => [...traceValues(w.trace), ...storedAt]),
      spans,
      writes.map((w) => ({ projectId: w.trace.projectId, traceId: w.trace.id, body: w.searchText })),
    );
  }

  async insertMany(input: TraceWrite[] | PreparedTraceInsert): Promise<void> {
    const { traces, spans, documents } = input instanceof SqlPreparedInsert ? input : this.prepareInsert(input as TraceWrite[]);
    const connection = this.dialect === 'sqlite' ? await transactionConnection(this.db) : null;
    if (connection) {
      // The whole write in one message to the SQLite thread, not waited for: the request thread
      // goes on while SQLite stores the rows (a failure reaches the transaction's next statement).
      connection.pipelineEach([insertStep('traces', TRACE_COLUMNS, traces), insertStep('spans', SPAN_COLUMNS, spans), searchDocumentsStep(documents)], takenAs);
      return;
    }
    try {
      if (this.dialect === 'postgres') {
        // The registry first: a trace id stored before (in any week) is refused here, by its key.
        const at = STORED_TRACE_COLUMNS.length - 1;
        await this.insertRows('trace_ids', REGISTRY_COLUMNS, traces.map((row) => [row[0], row[1], row[at]]));
        await this.insertRows('traces', STORED_TRACE_COLUMNS, traces);
        await this.insertRows('spans', STORED_SPAN_COLUMNS, spans);
      } else {
        // SQLite outside a transaction (a direct write, as tests and tools make): one table per kind, no stored_at.
        await this.insertRows('traces', TRACE_COLUMNS, traces);
        await this.insertRows('spans', SPAN_COLUMNS, spans);
      }
    } catch (error) {
      throw takenAs(error as Error);
    }
    await this.textIndex.write(this.db, documents);
  }

  /**
   * Multi-row `INSERT … VALUES (…), (…)` in chunks as large as the dialect's bound-parameter limit
   * allows (knex's own SQLite batch insert is a compound SELECT capped at 500 rows). Inside a
   * transaction on SQLite (every ingest) rows go to its thread through one reused prepared
   * statement instead (insertStep, insertNewStep).
   */
  private async insertRows(table: string, columns: readonly string[], rows: unknown[][]): Promise<void> {
    for (const chunk of this.chunksOf(columns, rows)) await this.db.raw(this.multiRowInsert(table, columns, chunk.length), chunk.flat() as Knex.RawBinding[]);
  }

  /** As insertRows, skipping rows that conflict with stored ones (`ON CONFLICT DO NOTHING`): the `key` column's value of each row inserted. */
  private async insertNewRows(table: string, columns: readonly string[], rows: unknown[][], key: string): Promise<unknown[]> {
    return this.insertNewChunks(table, columns, this.chunksOf(columns, rows), key);
  }

  /** As insertNewRows, for rows given chunk by chunk (each within the bound-parameter limit), so a chunk is built only when it is written. */
  private async insertNewChunks(table: string, columns: readonly string[], chunks: Iterable<unknown[][]>, key: string): Promise<unknown[]> {
    const inserted: unknown[] = [];
    for (const chunk of chunks) {
      const result = await this.db.raw(`${this.multiRowInsert(table, columns, chunk.length)} ON CONFLICT DO NOTHING RETURNING "${key}"`, chunk.flat() as Knex.RawBinding[]);
      for (const row of this.rowsOf(result)) inserted.push(row[key]);
    }
    return inserted;
  }

  private *chunksOf(columns: readonly string[], rows: unknown[][]): Generator<unknown[][]> {
    const chunkSize = Math.floor(PARAMETER_LIMIT[this.dialect] / columns.length);
    for (let start = 0; start < rows.length; start += chunkSize) yield rows.slice(start, start + chunkSize);
  }

  private multiRowInsert(table: string, columns: readonly string[], count: number): string {
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${new Array(count).fill(tuple).join(', ')}`;
  }

  private rowsOf(result: unknown): Row[] {
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }

  async prepareAppend(items: SpanAppendItem[], options: AppendExpectation = {}): Promise<SqlPreparedAppend> {
    // SQLite reads which traces exist now, outside the transaction (a reader beside the writer):
    // the transaction then writes the new ones without waiting for the thread (insertMany's way),
    // and sends the others' traces and spans in one call; it checks the read afterwards.
    // PostgreSQL locks the traces that exist inside the transaction instead.
    const stored = this.dialect === 'sqlite' && items.length > 0 ? await this.storedSources(items[0].trace.projectId, items.map((i) => i.trace.id)) : new Map<string, string>();
    const expectNew = options.expectNew ?? true;
    const fresh = new Set<number>();
    const freshTraces: unknown[][] = [];
    const freshSpans: unknown[][] = [];
    const traces: unknown[][] = [];
    const spans: unknown[][] = [];
    const guarded: unknown[][] = [];
    items.forEach(({ trace, spans: ofTrace }, i) => {
      const source = stored.get(trace.id);
      const isNew = this.dialect === 'sqlite' && expectNew && source === undefined;
      if (isNew) fresh.add(i);
      (isNew ? freshTraces : traces).push([...traceValues(trace), 'otlp']);
      // PostgreSQL builds the span rows chunk by chunk as it writes them (appendLocking): a
      // 100,000-span export never holds all its rows at once beside its span records.
      if (this.dialect === 'postgres') return;
      for (const span of ofTrace) {
        const values = spanValues(trace.projectId, trace.id, span);
        if (isNew) freshSpans.push(values);
        else if (source !== undefined && source !== 'otlp') guarded.push([...values, trace.projectId, trace.id]);
        else spans.push(values);
      }
    });
    return new SqlPreparedAppend(items, fresh, freshTraces, freshSpans, traces, spans, guarded);
  }

  /** The source of each of `ids` that is a trace of the project. */
  private async storedSources(projectId: string, ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.storedRows(projectId, ids, ['id', 'source'])).map((row) => [row.id as string, row.source as string]));
  }

  /** Which of `ids` are native traces of the project. */
  private async nativeTraces(projectId: string, ids: string[]): Promise<Set<string>> {
    return new Set([...(await this.storedSources(projectId, ids))].filter(([, source]) => source !== 'otlp').map(([id]) => id));
  }

  async appendSpans(input: SpanAppendItem[] | PreparedSpanAppend): Promise<SpanAppend[]> {
    const prepared = input instanceof SqlPreparedAppend ? input : await this.prepareAppend(input as SpanAppendItem[]);
    if (prepared.items.length === 0) return [];
    if (this.dialect === 'postgres') return this.appendLocking(prepared);
    const connection = await transactionConnection(this.db);
    if (!connection) throw new Error('appendSpans runs inside a transaction');
    return this.appendOnSqlite(connection, prepared);
  }

  /**
   * SQLite. The traces prepareAppend found new are written as new — traces and spans in one message
   * to the thread that the request does not wait for, as insertMany's — and answered as created
   * with every span added: if one exists by now (another export created it meanwhile), the insert
   * fails and TraceIdTakenError reaches the transaction's next statement, which rolls the whole
   * append back; the caller prepares it again not expecting new traces. Waiting for the thread's
   * answer here was a second turn of the request thread in every append of the group commit.
   *
   * The others: traces and spans in one call to the thread. No row lock is needed: a transaction
   * there holds the whole database from its BEGIN IMMEDIATE. A trace that was not created is then
   * read: one that is native refuses its spans — the guarded ones were never stored, and if it
   * became native after prepareAppend read it (deleted and sent anew through the native API), the
   * spans just stored under it are taken out again.
   */
  private async appendOnSqlite(connection: ThreadedSqliteConnection, prepared: SqlPreparedAppend): Promise<SpanAppend[]> {
    const { items, fresh, freshTraces, freshSpans } = prepared;
    if (freshTraces.length > 0) {
      // The spans in messages of PIPELINED_SPAN_ROWS rows: the thread then deserializes and holds
      // one message's rows at a time, not a whole 100,000-span export's (its heap grew by all of
      // them and kept the pages afterwards). After a failure the thread refuses the rest unrun.
      const [first = [], ...rest] = rowChunks(freshSpans, PIPELINED_SPAN_ROWS);
      connection.pipelineEach([insertStep('traces', OTLP_TRACE_COLUMNS, freshTraces), insertStep('spans', SPAN_COLUMNS, first)], takenAs);
      for (const chunk of rest) connection.pipelineEach([insertStep('spans', SPAN_COLUMNS, chunk)], takenAs);
    }
    const careful = items.length > fresh.size ? await this.appendCarefully(connection, prepared) : [];
    let next = 0;
    return items.map(({ spans }, i) => (fresh.has(i) ? { created: true, refused: false, added: spans.length } : careful[next++]));
  }

  /** The careful path of appendOnSqlite, for the items prepareAppend did not find new: one result per such item, in order. */
  private async appendCarefully(connection: ThreadedSqliteConnection, { items, fresh, traces, spans, guarded }: SqlPreparedAppend): Promise<SpanAppend[]> {
    const others = items.filter((_, i) => !fresh.has(i));
    const steps: RowStep[] = [insertNewStep('traces', OTLP_TRACE_COLUMNS, traces), insertNewStep('spans', SPAN_COLUMNS, spans)];
    if (guarded.length > 0) steps.push({ sql: OTLP_SPAN_INSERT, rows: guarded, changes: true });
    const [createdChanges, spanChanges, guardedChanges = []] = (await connection.runEach(steps)) as number[][];
    const projectId = others[0].trace.projectId;
    const existing = others.filter((_, i) => createdChanges[i] === 0).map((i) => i.trace.id);
    const native = existing.length > 0 ? await this.nativeTraces(projectId, existing) : new Set<string>();
    const added = new Map<string, number>();
    const raced = new Map<string, string[]>();
    spanChanges.forEach((changed, i) => {
      if (changed === 0) return;
      const [, traceId, spanId] = spans[i] as string[];
      if (!native.has(traceId)) added.set(traceId, (added.get(traceId) ?? 0) + 1);
      else if (raced.has(traceId)) raced.get(traceId)!.push(spanId);
      else raced.set(traceId, [spanId]);
    });
    guardedChanges.forEach((changed, i) => {
      const traceId = guarded[i][AT_SPAN_TRACE_ID] as string;
      if (changed > 0) added.set(traceId, (added.get(traceId) ?? 0) + 1);
    });
    for (const [traceId, spanIds] of raced) await this.db('spans').where({ project_id: projectId, trace_id: traceId }).whereIn('span_id', spanIds).delete();
    return others.map(({ trace }, i) => {
      const created = createdChanges[i] > 0;
      return { created, refused: !created && native.has(trace.id), added: added.get(trace.id) ?? 0 };
    });
  }

  /**
   * PostgreSQL: new traces are registered in one statement (the registry's key tells which are new)
   * and created with the append's stored_at; an existing one's registry row is locked (in the
   * caller's id order), so concurrent appends to one trace take turns and each then reads the
   * others' spans, and its spans take the stored_at it was first stored with.
   */
  private async appendLocking({ items, traces }: SqlPreparedAppend): Promise<SpanAppend[]> {
    const projectId = items[0].trace.projectId;
    const now = this.storedAtClock();
    const registered = await this.insertNewRows('trace_ids', REGISTRY_COLUMNS, items.map(({ trace }) => [projectId, trace.id, now]), 'id');
    const created = new Set(registered as string[]);
    const storedAt = new Map<string, number>();
    const refused = new Set<string>();
    for (const { trace } of items) {
      if (created.has(trace.id)) {
        storedAt.set(trace.id, now);
        continue;
      }
      const existing = await this.db.raw(
        `SELECT r.stored_at, t.source FROM trace_ids r LEFT JOIN ${registeredTraceRow('source', 'r')} t ON true
         WHERE r.project_id = ? AND r.id = ? FOR UPDATE OF r`,
        [projectId, trace.id],
      );
      const row = (existing.rows as Row[])[0];
      if (!row || row.source !== 'otlp') refused.add(trace.id);
      else storedAt.set(trace.id, Number(row.stored_at));
    }
    await this.insertRows('traces', STORED_OTLP_TRACE_COLUMNS, traces.filter((_, i) => created.has(items[i].trace.id)).map((row) => [...row, now]));
    const added = new Map<string, number>();
    const chunks = spanRowChunks(items, storedAt, Math.floor(PARAMETER_LIMIT.postgres / STORED_SPAN_COLUMNS.length));
    for (const traceId of (await this.insertNewChunks('spans', STORED_SPAN_COLUMNS, chunks, 'trace_id')) as string[]) added.set(traceId, (added.get(traceId) ?? 0) + 1);
    return items.map(({ trace }) => ({ created: created.has(trace.id), refused: refused.has(trace.id), added: added.get(trace.id) ?? 0 }));
  }

  /** A query of `table` by one trace's id (in `idColumn`): on PostgreSQL, confined to the rows of its stored_at. */
  private ofTrace(table: string, idColumn: 'id' | 'trace_id', projectId: string, traceId: string): Knex.QueryBuilder {
    const qb = this.db(table).where({ project_id: projectId, [idColumn]: traceId });
    return this.dialect === 'postgres' ? ofRegisteredTrace(qb, projectId, traceId) : qb;
  }

  async updateDerived(trace: TraceRecord, searchText: string): Promise<void> {
    await this.ofTrace('traces', 'id', trace.projectId, trace.id).update({
      name: trace.name,
      status: trace.status,
      created_at: toMillis(trace.createdAt),
      latency_ms: trace.latencyMs,
      cost: trace.cost,
      span_count: trace.spanCount,
      total_tokens: trace.totalTokens,
      framework: trace.framework,
      agent_name: trace.agentName,
      error_message: trace.errorMessage,
      metadata: JSON.stringify(trace.metadata),
      session_id: trace.sessionId,
      user_id: trace.userId,
      environment: trace.environment,
      release: trace.release,
      input_tokens: trace.inputTokens,
      output_tokens: trace.outputTokens,
      // Written only when changed, so migration 049's trigger rewrites the trace's tag rows only then.
      tags: JSON.stringify(trace.tags),
    });
    // Replaced, not removed and written: the trace keeps its place in the store order.
    await this.textIndex.replace(this.db, trace.projectId, [{ projectId: trace.projectId, traceId: trace.id, body: searchText }]);
  }

  async writeSearchDocuments(documents: { projectId: string; traceId: string; body: string }[]): Promise<void> {
    if (documents.length > 0) await this.textIndex.write(this.db, documents);
  }

  async replaceSearchDocuments(projectId: string, documents: { traceId: string; body: string }[]): Promise<void> {
    if (documents.length === 0) return;
    await this.textIndex.replace(this.db, projectId, documents.map((d) => ({ projectId, ...d })));
  }

  async existingIds(projectId: string, ids: string[]): Promise<string[]> {
    // PostgreSQL: the registry says which ids are taken — a trace released by retention may still
    // have rows in its week until the week is dropped (docs/partitioning.md).
    return (await this.storedRows(projectId, ids, ['id'], this.dialect === 'postgres' ? 'trace_ids' : 'traces')).map((row) => row.id as string);
  }

  /** The `columns` of those of `ids` that are traces of the project (in `table`), read in chunks within the bound-parameter limit. */
  private async storedRows(projectId: string, ids: string[], columns: string[], table = 'traces'): Promise<Row[]> {
    const found: Row[] = [];
    // One parameter besides the ids: the project.
    const chunkSize = PARAMETER_LIMIT[this.dialect] - 1;
    for (let start = 0; start < ids.length; start += chunkSize) {
      found.push(...((await this.db(table).where('project_id', projectId).whereIn('id', ids.slice(start, start + chunkSize)).select(columns)) as Row[]));
    }
    return found;
  }

  async findById(projectId: string, id: string): Promise<TraceRecord | null> {
    const row = await this.traceRowQuery(projectId, id);
    return row ? toTraceRecord(row) : null;
  }

  async spansOf(projectId: string, traceId: string): Promise<SpanRecord[]> {
    const rows: unknown[][] = await this.spansQuery(projectId, traceId).options(AS_ARRAYS);
    return rows.map(toSpanRecord);
  }

  async spansById(projectId: string, traceId: string, afterSpanId: string | null, limit: number): Promise<SpanRecord[]> {
    const query = this.ofTrace('spans', 'trace_id', projectId, traceId).select(SPAN_READ_COLUMNS);
    if (afterSpanId !== null) query.where('span_id', '>', afterSpanId);
    const rows: unknown[][] = await query.orderBy('span_id', 'asc').limit(limit).options(AS_ARRAYS);
    return rows.map(toSpanRecord);
  }

  async findWithSpans(projectId: string, traceId: string): Promise<TraceWithSpans | null> {
    // SQLite on a file: a trace of at most IN_PLACE_SPANS spans is read on the request thread's own
    // connection (row and spans from one snapshot); a larger one, or a busy file, goes through the
    // SQLite thread as findById and spansOf do.
    const read = this.searchReader?.readInPlace((run) =>
      run.readTraceIfSmall({ trace: nativeOf(this.traceRowQuery(projectId, traceId)), spans: nativeOf(this.spansQuery(projectId, traceId)), maxSpans: IN_PLACE_SPANS }),
    );
    const row = read ? read.trace : await this.traceRowQuery(projectId, traceId);
    if (!row) return null;
    const trace = toTraceRecord(row);
    return { trace, spans: read?.spans ? read.spans.map(toSpanRecord) : await this.spansOf(projectId, traceId) };
  }

  private traceRowQuery(projectId: string, id: string): Knex.QueryBuilder<Row, Row | undefined> {
    return this.ofTrace('traces', 'id', projectId, id).first();
  }

  /** Native spans have distinct positions (the order sent); OTLP spans all have 0 and come in start order. */
  private spansQuery(projectId: string, traceId: string): Knex.QueryBuilder {
    return this.ofTrace('spans', 'trace_id', projectId, traceId)
      .select(SPAN_READ_COLUMNS)
      .orderBy([{ column: 'position', order: 'asc' }, { column: 'start_time', order: 'asc' }, { column: 'span_id', order: 'asc' }]);
  }

  /**
   * A query of `spans` by many trace ids: on PostgreSQL, confined to each one's rows of the stored_at its
   * registry row holds. A trace released by retention has no registry row but keeps its rows in a week
   * that stays until the batch path deletes them; an id stored anew since must not meet them
   * (docs/partitioning.md). One array parameter: no bound-parameter limit.
   */
  private ofRegisteredTraces(qb: Knex.QueryBuilder, projectId: string, traceIds: readonly string[]): Knex.QueryBuilder {
    if (this.dialect !== 'postgres') return qb;
    return qb.whereRaw('(spans.trace_id, spans.stored_at) IN (SELECT r.id, r.stored_at FROM trace_ids r WHERE r.project_id = ? AND r.id = ANY(?::text[]))', [projectId, [...traceIds]]);
  }

  async spansOfTraces(projectId: string, traceIds: string[]): Promise<Map<string, SpanRecord[]>> {
    const byTrace = new Map<string, SpanRecord[]>(traceIds.map((id) => [id, []]));
    if (traceIds.length === 0) return byTrace;
    const rows: unknown[][] = await this.ofRegisteredTraces(this.db('spans').select(SPAN_READ_COLUMNS).where({ project_id: projectId }).whereIn('trace_id', traceIds), projectId, traceIds)
      // As spansOf orders one trace's (OTLP spans share position 0 and come in start order).
      .orderBy([{ column: 'trace_id' }, { column: 'position' }, { column: 'start_time' }, { column: 'span_id' }])
      .options(AS_ARRAYS);
    for (const values of rows) byTrace.get(values[AT.trace_id] as string)?.push(toSpanRecord(values));
    return byTrace;
  }

  async spanOrderInputs(projectId: string, traceId: string): Promise<SpanOrderInput[]> {
    const rows: unknown[][] = await this.ofTrace('spans', 'trace_id', projectId, traceId)
      .select('span_id', 'parent_span_id', 'position', 'start_time')
      .options(AS_ARRAYS);
    return rows.map(([spanId, parentSpanId, position, startTime]) => ({
      spanId: spanId as string,
      parentSpanId: parentSpanId as string | null,
      position: Number(position),
      startTime: fromMillisOrNull(startTime as number | null),
    }));
  }

  async rootSpansOf(projectId: string, traceIds: readonly string[]): Promise<Map<string, SpanRecord[]>> {
    const byTrace = new Map<string, SpanRecord[]>();
    if (traceIds.length === 0) return byTrace;
    const rows: unknown[][] = await this.ofRegisteredTraces(this.db('spans'), projectId, traceIds)
      .select(SPAN_READ_COLUMNS)
      .where({ project_id: projectId })
      .whereIn('trace_id', traceIds as string[])
      .whereNull('parent_span_id')
      .options(AS_ARRAYS);
    for (const values of rows) {
      const traceId = values[AT.trace_id] as string;
      const list = byTrace.get(traceId);
      if (list) list.push(toSpanRecord(values));
      else byTrace.set(traceId, [toSpanRecord(values)]);
    }
    return byTrace;
  }

  async spansByIds(projectId: string, traceId: string, spanIds: readonly string[]): Promise<SpanRecord[]> {
    if (spanIds.length === 0) return [];
    const rows: unknown[][] = await this.ofTrace('spans', 'trace_id', projectId, traceId)
      .select(SPAN_READ_COLUMNS)
      .whereIn('span_id', spanIds as string[])
      .options(AS_ARRAYS);
    return rows.map(toSpanRecord);
  }

  async list(query: TraceListQuery): Promise<TraceRecord[]> {
    const qb = this.db('traces as t').select('t.*').where('t.project_id', query.projectId);
    applyFilters(qb, query.filters, this.dialect);
    const { field, direction } = query.order ?? NEWEST_FIRST;
    const column = SORT_COLUMNS[field];
    // Row values compare as the order does: the sort column, then the id, in one direction.
    if (query.after) qb.whereRaw(`(${column}, t.id) ${direction === 'asc' ? '>' : '<'} (?, ?)`, [query.after.value, query.after.id]);
    const condition = query.extraCondition;
    if (condition) qb.where((inner) => whereFilter(inner, condition.rules, filterDialectOf(this.dialect), { table: 't' }));
    const rows = await qb.orderBy([{ column, order: direction }, { column: 't.id', order: direction }]).limit(query.limit);
    return rows.map(toTraceRecord);
  }

  async search(query: TraceSearchQuery): Promise<TraceSearchPage> {
    const filter = await this.searchFilter(query);
    // Relevance pages only: a page by recency does not read the window.
    const plan = query.sort !== 'recency' && this.textIndex.searchPlan ? await this.textIndex.searchPlan(this.db, query.projectId, query.query, query.countLimit, filter) : undefined;
    const probe = this.textIndex.fewMatches?.(this.db, query.query, IN_PLACE_MATCHES, filter) ?? null;
    if (this.searchReader) {
      // SQLite on a file: probe and search in one call on the request thread's own connection
      // (no thread to wake), or handed to a reader thread when the probe finds too many.
      const inPlace = probe ? this.searchReader.searchInPlace({ probe: nativeOf(probe), limit: IN_PLACE_MATCHES }, this.compiledSearch(query, filter, plan, true)) : null;
      return inPlace ? searchPageOf(inPlace.rows, inPlace.count) : this.searchOffThread(this.searchReader, query, filter, plan);
    }
    const few = probe ? Number(((await probe.first()) as Row | undefined)?.n ?? Infinity) <= IN_PLACE_MATCHES : false;
    const { prepareSearch } = this.textIndex;
    const timeoutMs = this.dialect === 'postgres' ? Math.trunc(query.statementTimeoutMs ?? 0) : 0;
    if (!prepareSearch && timeoutMs <= 0) return this.searchWith(this.db, query, filter, plan, few);
    try {
      return await this.db.transaction(async (trx) => {
        // SET LOCAL: the bound ends with this transaction and never leaks to the pooled connection.
        if (timeoutMs > 0) await trx.raw(`SET LOCAL statement_timeout = ${timeoutMs}`);
        if (prepareSearch) await prepareSearch(trx);
        return this.searchWith(trx, query, filter, plan, few);
      });
    } catch (error) {
      // 57014 query_canceled: what statement_timeout raises.
      if (timeoutMs > 0 && (error as { code?: string }).code === '57014') throw new QueryTimeoutError(timeoutMs);
      throw error;
    }
  }

  /**
   * Every trace has exactly one search document, written in the trace's transaction and removed
   * with the trace (see insertMany, data-lifecycle-repository.ts). So the text index alone answers the count and the
   * page candidates, and only the page's traces are read: a common word over a million traces
   * otherwise joins every match. Sorted by relevance, the page counts too (see pageCandidates);
   * the count statement then runs only for an empty page.
   */
  private async searchWith(db: Knex, query: TraceSearchQuery, filter: SearchFilter | undefined, plan: SearchPlan | undefined, few: boolean): Promise<TraceSearchPage> {
    const { count, page, pageCounts } = this.searchStatements(db, query, filter, plan, few);
    const rows: Row[] = await page;
    return searchPageOf(rows, pageCounts && rows.length > 0 ? null : await count.first());
  }

  /**
   * SQLite: the same two statements, compiled here and run by a reader thread on its own
   * connection, bounded by the query's statement timeout like PostgreSQL's (see SqliteSearchReader).
   */
  private async searchOffThread(reader: SqliteSearchReader, query: TraceSearchQuery, filter: SearchFilter | undefined, plan: SearchPlan | undefined): Promise<TraceSearchPage> {
    const result = await reader.search(this.compiledSearch(query, filter, plan, false));
    return searchPageOf(result.rows, result.count);
  }

  /** The search's statements compiled for a connection of SQLite's own (SqliteSearchReader), with its time bound. */
  private compiledSearch(query: TraceSearchQuery, filter: SearchFilter | undefined, plan: SearchPlan | undefined, few: boolean): SearchJob {
    const { count, page, pageCounts } = this.searchStatements(this.db, query, filter, plan, few);
    return { count: nativeOf(count), page: nativeOf(page), pageCounts, timeoutMs: Math.max(0, Math.trunc(query.statementTimeoutMs ?? 0)) };
  }

  /** The query's filters as the text index takes them; undefined without any. */
  private async searchFilter(query: TraceSearchQuery): Promise<SearchFilter | undefined> {
    const { filters, projectId } = query;
    if (!hasFilters(filters)) return undefined;
    const facets = facetsOf(filters);
    const asksFacets = Object.keys(facets).length > 0;
    return searchFilterOf(filters, facets, asksFacets && this.textIndex.facetsIndexed ? await this.textIndex.facetsIndexed(this.db, projectId) : true, this.dialect);
  }

  private searchStatements(
    db: Knex,
    query: TraceSearchQuery,
    filter: SearchFilter | undefined,
    plan: SearchPlan | undefined,
    few: boolean,
  ): { count: Knex.QueryBuilder; page: Knex.QueryBuilder; pageCounts: boolean } {
    const { projectId, filters } = query;
    const byRecency = [{ column: 't.created_at', order: 'desc' }, { column: 't.id', order: 'desc' }] as const;
    const condition = this.textIndex.matchCondition(projectId, query.query);
    const page =
      query.sort !== 'recency'
        ? this.pageCandidates(db, query, filter, plan).orderBy([{ column: 'm.relevance', order: 'desc' }, ...byRecency])
        : few
          ? // Few matches: all of them first (the window holds every one), then their traces sorted. As a
            // condition on the traces, SQLite walked the project's time index past every newer trace
            // to find a rare word's (84 ms at a million traces).
            db
              .from(this.textIndex.recentMatches(db, projectId, query.query, query.countLimit, filter, plan).as('m'))
              .modify((qb: Knex.QueryBuilder) => this.textIndex.joinTraces(qb, projectId))
              .orderBy([...byRecency])
          : db
              .from('traces as t')
              .where('t.project_id', projectId)
              .modify((qb: Knex.QueryBuilder) => applyFilters(qb, filters, this.dialect))
              .whereRaw(condition.sql, condition.bindings)
              .orderBy([...byRecency]);
    return {
      count: this.textIndex.countMatches(db, projectId, query.query, query.countLimit, filter),
      page: page.select('t.*').limit(query.limit).offset(query.offset),
      pageCounts: query.sort !== 'recency',
    };
  }

  /**
   * The window — the `countLimit` most recently stored matches that pass the filters — scored
   * once, numbered newest first and materialized. Its size is the count (the count stops at
   * countLimit too), carried on every page row as `matched`: for a filtered or phrase search a
   * separate count walked the same matches again. Relevance ranks the `rankLimit` newest of it
   * (one fewer: the last only tells "more than the bound"); of those, the matches as relevant as
   * the (offset + limit)-th best or more are joined to their traces: a prefix of the ranked
   * order, so the page cut from it is the page of the whole ranking, ties included, and only the
   * candidates' traces are read.
   */
  private pageCandidates(db: Knex, query: TraceSearchQuery, filter: SearchFilter | undefined, plan: SearchPlan | undefined): Knex.QueryBuilder {
    const depth = query.offset + query.limit;
    const recent = this.textIndex.recentMatches(db, query.projectId, query.query, query.countLimit, filter, plan);
    return db
      .withMaterialized('scored', db.from(recent.as('w')).select('w.*', db.raw('row_number() OVER (ORDER BY w.recency DESC) AS n')))
      .from('scored as m')
      .modify((qb: Knex.QueryBuilder) => this.textIndex.joinTraces(qb, query.projectId))
      .where('m.n', '<=', query.rankLimit)
      .whereRaw('m.relevance >= COALESCE((SELECT s.relevance FROM scored s WHERE s.n <= ? ORDER BY s.relevance DESC LIMIT 1 OFFSET ?), m.relevance)', [
        query.rankLimit,
        depth - 1,
      ])
      .select(db.raw('(SELECT count(*) FROM scored) AS matched'));
  }
}
