import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import Sqlite from '../../adapters/sqlite/driver.js';
import { SQLITE_PRAGMAS } from '../../adapters/sqlite/sqlite-thread.js';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SPAN_COLUMNS, TRACE_COLUMNS, spanValues, traceValues } from '../../adapters/sql/trace-repository.js';
import { scopeOf } from '../../adapters/sqlite/trace-text-index.js';
import { CONFIG } from '../../adapters/postgres/trace-text-index.js';
import { FACET_COLUMNS } from '../../adapters/sql/trace-text-index.js';
import { searchDocumentOf } from '../../src/domain/traces/search-document.js';
import { summarizeTrace } from '../../src/domain/traces/trace-summary.js';
import { FieldErrors, validateTraceInput } from '../../src/domain/traces/trace-input.js';
import type { Dialect } from '../../src/ports/store.js';
import type { TraceInputPayload } from './batch-payload.js';

/** The rows the service stores for one transaction's traces, computed before the clock starts. */
export interface PhysicalBatch {
  traces: unknown[][];
  spans: unknown[][];
  /** `scope`: SQLite's scope column with the trace's facet tokens, as the service's write derives it from the trace row. */
  search: { projectId: string; traceId: string; body: string; scope: string }[];
}

export interface PhysicalIngestResult {
  method: string;
  connections: number;
  spans: number;
  traces: number;
  seconds: number;
  spansPerSecond: number;
  /** Each repetition's rate, in the order measured, when the limit is the median of several (measurePhysicalIngest). */
  runsSpansPerSecond?: number[];
}

/** Rows of `traces` exactly as the ingestion service derives them (validation, summary, search text). */
export function physicalBatch(projectId: string, traces: TraceInputPayload[], nowMs: number): PhysicalBatch {
  const batch: PhysicalBatch = { traces: [], spans: [], search: [] };
  const errors = new FieldErrors();
  for (const input of traces) {
    const valid = validateTraceInput(input, '', errors, nowMs);
    if (!valid) throw new Error(`bench trace ${input.trace_id} is invalid: ${JSON.stringify(errors.list)}`);
    const id = valid.traceId ?? input.trace_id;
    const traceRow = traceValues(summarizeTrace(projectId, id, valid, new Date(nowMs)));
    batch.traces.push(traceRow);
    for (const span of valid.spans) batch.spans.push(spanValues(projectId, id, span));
    const values = facetValues(traceRow);
    const facets = Object.fromEntries(FACET_COLUMNS.map((column, i) => [column, values[i] as string | null]));
    batch.search.push({ projectId, traceId: id, body: searchDocumentOf(valid), scope: scopeOf(projectId, facets) });
  }
  return batch;
}

const FACETS = FACET_COLUMNS.join(', ');
/** A trace row's facet values, which PostgreSQL's search row carries beside the document (migration 026). */
const FACET_POSITIONS = FACET_COLUMNS.map((column) => TRACE_COLUMNS.indexOf(column));
const facetValues = (traceRow: unknown[]) => FACET_POSITIONS.map((position) => traceRow[position]);

const placeholders = (n: number) => new Array(n).fill('?').join(', ');
const columnList = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ');

/**
 * SQLite's own bulk rate: one prepared statement per table, reused for every row, one transaction
 * per batch, on a connection of its own to the service's file with the service's pragmas, run on
 * this thread (the service's connections live on its SQLite thread, out of reach).
 */
function sqliteLimit(knex: Knex, batches: PhysicalBatch[]): number {
  const { filename } = knex.client.config.connection as { filename: string };
  const connection = new Sqlite(filename, { fileMustExist: true });
  try {
    for (const pragma of SQLITE_PRAGMAS) connection.pragma(pragma);
    connection.pragma('busy_timeout = 5000');
    const trace = connection.prepare(`INSERT INTO traces (${columnList(TRACE_COLUMNS)}) VALUES (${placeholders(TRACE_COLUMNS.length)})`);
    const span = connection.prepare(`INSERT INTO spans (${columnList(SPAN_COLUMNS)}) VALUES (${placeholders(SPAN_COLUMNS.length)})`);
    // As the service stores them: each document under its trace's rowid (here known from the insert itself).
    const search = connection.prepare('INSERT OR REPLACE INTO trace_search (rowid, scope, trace_id, body) VALUES (?, ?, ?, ?)');
    const idColumn = TRACE_COLUMNS.indexOf('id');
    const write = connection.transaction((batch: PhysicalBatch) => {
      const rowids = new Map<unknown, number | bigint>();
      for (const row of batch.traces) rowids.set(row[idColumn], trace.run(row).lastInsertRowid);
      for (const row of batch.spans) span.run(row);
      for (const d of batch.search) search.run(rowids.get(d.traceId), d.scope, d.traceId, d.body);
    });
    const started = process.hrtime.bigint();
    for (const batch of batches) write(batch);
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    connection.close();
  }
}

/** A value in COPY's text format: \N for null, backslash escapes for the four characters that need them. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = typeof value === 'string' ? value : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}

async function copyRows(client: PoolClient, sql: string, rows: unknown[][]): Promise<void> {
  const lines = function* () {
    for (const row of rows) yield row.map(copyField).join('\t') + '\n';
  };
  await pipeline(Readable.from(lines()), client.query(copyFrom(sql)));
}

/**
 * PostgreSQL's own bulk rate: COPY into traces and spans, and the search text COPYed into a
 * temporary table and turned into tsvectors by one INSERT … SELECT (COPY cannot call to_tsvector),
 * one transaction per batch; `connections` connections take batches in turn.
 */
async function postgresLimit(knex: Knex, batches: PhysicalBatch[], connections: number): Promise<number> {
  const clients = (await Promise.all(Array.from({ length: connections }, () => knex.client.acquireConnection()))) as PoolClient[];
  try {
    for (const client of clients) {
      await client.query(
        'CREATE TEMP TABLE IF NOT EXISTS bench_search_stage (project_id uuid, trace_id text, body text, status text, framework text, session_id text, user_id text) ON COMMIT DELETE ROWS',
      );
    }
    const projectColumn = TRACE_COLUMNS.indexOf('project_id');
    const idColumn = TRACE_COLUMNS.indexOf('id');
    let next = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      clients.map(async (client) => {
        while (next < batches.length) {
          const batch = batches[next++];
          // The rows the service writes since migration 052: each trace registered, every row with its stored_at.
          const storedAt = Date.now();
          await client.query('BEGIN');
          await copyRows(client, 'COPY trace_ids (project_id, id, stored_at) FROM STDIN', batch.traces.map((row) => [row[projectColumn], row[idColumn], storedAt]));
          await copyRows(client, `COPY traces (${columnList(TRACE_COLUMNS)}, stored_at) FROM STDIN`, batch.traces.map((row) => [...row, storedAt]));
          await copyRows(client, `COPY spans (${columnList(SPAN_COLUMNS)}, stored_at) FROM STDIN`, batch.spans.map((row) => [...row, storedAt]));
          await copyRows(client, `COPY bench_search_stage (project_id, trace_id, body, ${FACETS}) FROM STDIN`, batch.search.map((d, i) => [d.projectId, d.traceId, d.body, ...facetValues(batch.traces[i])]));
          await client.query(
            `INSERT INTO trace_search (project_id, trace_id, stored_at, document, ${FACETS}) SELECT project_id, trace_id, ${storedAt}, to_tsvector('${CONFIG}', body), ${FACETS} FROM bench_search_stage`,
          );
          await client.query('COMMIT');
        }
      }),
    );
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    for (const client of clients) await knex.client.releaseConnection(client);
  }
}

/**
 * The database's physical bulk-insert limit for exactly the rows the service stores (traces,
 * spans, search documents), measured the way the database loads fastest (issue #23 item 3).
 */
export async function measurePhysicalLimit(dialect: Dialect, knex: Knex, batches: PhysicalBatch[], connections: number): Promise<PhysicalIngestResult> {
  const spans = batches.reduce((sum, batch) => sum + batch.spans.length, 0);
  const traces = batches.reduce((sum, batch) => sum + batch.traces.length, 0);
  const seconds = dialect === 'sqlite' ? sqliteLimit(knex, batches) : await postgresLimit(knex, batches, connections);
  return {
    method: dialect === 'sqlite' ? 'reused prepared statements, one transaction per batch' : `COPY, one transaction per batch, ${connections} connection${connections > 1 ? 's' : ''}`,
    connections: dialect === 'sqlite' ? 1 : connections,
    spans,
    traces,
    seconds: Math.round(seconds * 1000) / 1000,
    spansPerSecond: Math.round(spans / seconds),
  };
}
