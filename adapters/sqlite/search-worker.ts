import { parentPort, workerData } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';
import type { SearchJob, SearchResult } from './search-reader.js';
import { keptStatement } from './kept-statements.js';

/**
 * A SQLite search reader thread: its own read-only connection to the server's database file
 * (WAL: it reads beside the writer and never blocks it), so a long full-text search never holds
 * the server's event loop. The pool terminates the thread if a search passes its time bound.
 */
const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);

// As knex's better-sqlite3 client binds them, so results match the in-process path.
const bind = (values: readonly unknown[]): unknown[] =>
  values.map((value) => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value));

/**
 * Statements kept by their SQL (kept-statements.ts): searches come in a few shapes (sort, filters,
 * phrase or not), each parsed once per thread instead of once per search (about 0.1 ms of a rare
 * word's search). At most 64, should shapes ever multiply.
 */
const statementOf = (sql: string): Statement => keptStatement(db, sql, 64);

function pageRows(job: SearchJob): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  // A plain loop (its back edge is where V8 checks for a pending terminate), not a spread.
  for (const row of statementOf(job.page.sql).iterate(...bind(job.page.bindings))) rows.push(row as Record<string, unknown>);
  return rows;
}

// One read transaction: the count and the page see the same snapshot.
const search = db.transaction((job: SearchJob): SearchResult => {
  // iterate, not all: control comes back to JavaScript between rows, where a terminate() takes
  // effect (it cannot interrupt SQLite's native code within one step).
  const rows = pageRows(job);
  if (job.pageCounts && rows.length > 0) return { count: null, rows };
  return { count: (statementOf(job.count.sql).get(...bind(job.count.bindings)) as Record<string, unknown> | undefined) ?? null, rows };
});

parentPort!.on('message', (message: { id: number; job: SearchJob }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: search(message.job) });
  } catch (error) {
    const { message: text, code } = error as { message?: string; code?: string };
    parentPort!.postMessage({ id: message.id, error: text ?? String(error), code });
  }
});

parentPort!.postMessage({ ready: true });
