import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Database as Connection, Statement } from 'better-sqlite3';
import Database from './driver.js';
import { keptStatement } from './kept-statements.js';
import { exposedGarbageCollector } from '../../src/observability/garbage-collector.js';
import { SQLITE_PRAGMAS, type ThreadCollection, type SqliteQuery, type SqliteQueryResult, type ThreadFailure, type ThreadReply, type ThreadRequest } from './sqlite-thread.js';

/**
 * The SQLite thread: every database the process opens through openSqlite lives here, and every
 * statement runs here (sqlite-thread.ts says why).
 *
 * A database has one writing connection and, on a file, one reading connection. knex hands out
 * handles to it as it would pooled connections; a handle that begins a transaction owns the
 * writing connection until the transaction ends. Meanwhile other handles' read-only statements run
 * on the reading connection (WAL: they see what was last committed, as PostgreSQL's other
 * connections do), and their writes and transactions wait their turn here, in arrival order.
 * Without the reading connection every read of every request waited for the ingest transaction
 * under way, and the request thread had nothing to prepare while SQLite wrote.
 */

interface SharedDatabase {
  writer: Connection;
  /** How long a message waits for the writer before it fails with SQLITE_BUSY, as SQLite's own lock wait would. */
  busyTimeoutMs: number;
  /** Null for ':memory:', private to its one connection: reads then wait for the writer like writes. */
  reader: Connection | null;
  /** The handle whose transaction holds the writer, if one does. */
  owner: number | null;
  handles: Set<number>;
  /** Statements the writer prepared, by SQL text: kept ones are prepared once (kept-statements.ts). */
  prepared: Map<string, number>;
}

interface Message {
  id: number;
  request: ThreadRequest;
}

/**
 * The failure of a handle's pipelined statement (one whose caller did not wait for it), by handle:
 * the handle's later statements are not run but answered with it, until a ROLLBACK, a RELEASE
 * SAVEPOINT or a COMMIT ends the work it belonged to (the last two roll that work back first).
 */
const failures = new Map<number, HandleFailure>();

interface HandleFailure {
  failure: ThreadFailure;
  /**
   * The transaction did not begin (its BEGIN failed, or the statement ran outside one): no
   * savepoint holds the failure, only the transaction's end (COMMIT or ROLLBACK) clears it.
   */
  wholeTransaction: boolean;
}

const databases = new Map<string, SharedDatabase>();
const handles = new Map<number, SharedDatabase>();
let lastHandle = 0;
/** Messages waiting for the writer, in arrival order; a handle's later messages wait behind its first. */
const waiting: Message[] = [];

/**
 * Longer SQL is not kept: it is the multi-row INSERTs of bulk writes, whose text changes with the
 * row count and whose preparation is shared by all their rows already.
 */
const MAX_KEPT_SQL_CHARS = 4096;
/**
 * knex names each nested transaction's savepoint anew (trx1, trx2, …; a grouped ingest commit makes
 * one per request): kept, they would only push the statements that do repeat out of the cache.
 */
const NEVER_REPEATS = /^(?:SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT) /;

function connect(file: string, busyTimeoutMs: number, readonly: boolean): Connection {
  const db = new Database(file, { readonly, fileMustExist: readonly });
  try {
    for (const pragma of readonly ? [] : SQLITE_PRAGMAS) db.pragma(pragma);
    db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function open(database: string, file: string, busyTimeoutMs: number): number {
  let shared = databases.get(database);
  if (!shared) {
    const writer = connect(file, busyTimeoutMs, false);
    const prepared = new Map<string, number>();
    const prepare = writer.prepare.bind(writer);
    writer.prepare = ((sql: string) => {
      prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
      return prepare(sql);
    }) as typeof writer.prepare;
    let reader: Connection | null = null;
    try {
      reader = file === ':memory:' ? null : connect(file, busyTimeoutMs, true);
    } catch (error) {
      writer.close();
      throw error;
    }
    shared = { writer, busyTimeoutMs, reader, owner: null, handles: new Set(), prepared };
    databases.set(database, shared);
  }
  const handle = ++lastHandle;
  shared.handles.add(handle);
  handles.set(handle, shared);
  return handle;
}

function close(database: string, handle: number): void {
  const shared = handles.get(handle);
  handles.delete(handle);
  failures.delete(handle);
  if (!shared) return;
  shared.handles.delete(handle);
  // A handle closed inside its transaction (the pool destroyed it): nothing of it is committed.
  if (shared.owner === handle) {
    if (shared.writer.inTransaction) shared.writer.exec('ROLLBACK');
    shared.owner = null;
  }
  if (shared.handles.size > 0) return;
  databases.delete(database);
  shared.writer.close();
  shared.reader?.close();
}

/** A Buffer crosses threads as a plain Uint8Array; better-sqlite3 binds blobs from Buffers. */
const bindable = (values: readonly unknown[]): unknown[] =>
  values.map((value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value));

/**
 * The statement for `sql` on `db`: kept, unless the SQL is long or never repeats, or the query
 * asks for its own `safeIntegers` mode.
 */
function statementFor(db: Connection, { sql, safeIntegers }: SqliteQuery): Statement {
  if (sql.length > MAX_KEPT_SQL_CHARS || NEVER_REPEATS.test(sql) || safeIntegers !== undefined) {
    const statement = db.prepare(sql);
    if (safeIntegers !== undefined) statement.safeIntegers(safeIntegers);
    return statement;
  }
  return keptStatement(db, sql);
}

/**
 * As knex's better-sqlite3 client runs a query, through kept statements where stock knex prepared
 * every query anew (on a small lookup, half its time). `rowMode: 'array'` answers rows as value
 * arrays in column order, as pg does for the same option.
 */
function runQuery(statement: Statement, query: SqliteQuery): SqliteQueryResult {
  const values = bindable(query.bindings);
  if (query.rowMode === 'array') {
    if (!statement.reader) throw new Error(`rowMode 'array' asked of a statement that returns no rows: ${query.sql.slice(0, 80)}`);
    // Switched back after: the statement is shared.
    statement.raw(true);
    try {
      return { response: statement.all(values) };
    } finally {
      statement.raw(false);
    }
  }
  if (statement.reader) return { response: statement.all(values) };
  const response = statement.run(values);
  return { response, context: { lastID: response.lastInsertRowid, changes: response.changes } };
}

/** Runs each step's statement once per row, through the writer's kept statement for it. */
function runEach(db: Connection, steps: (ThreadRequest & { op: 'runEach' })['steps']): (number[] | null)[] {
  return steps.map(({ sql, rows, changes }) => {
    const statement = keptStatement(db, sql);
    if (!changes) {
      for (const row of rows) statement.run(bindable(row));
      return null;
    }
    return rows.map((row) => statement.run(bindable(row)).changes);
  });
}

/** Where a message can run now: the writer, the reader, or nowhere yet (another handle's transaction holds the writer). */
function placeOf(shared: SharedDatabase, handle: number, request: ThreadRequest): 'writer' | 'reader' | 'wait' {
  if (shared.owner === null || shared.owner === handle) return 'writer';
  if (request.op !== 'query' || !shared.reader) return 'wait';
  if (!request.query.sql) return 'writer'; // answered with knex's own error below
  // Queries only: SQLite counts BEGIN, COMMIT, SAVEPOINT and most PRAGMAs as read-only statements too.
  return QUERY.test(request.query.sql) && statementFor(shared.writer, request.query).readonly ? 'reader' : 'wait';
}

function handleOf(request: ThreadRequest): number | null {
  return request.op === 'open' || request.op === 'collectGarbage' ? null : request.connection;
}

/** Runs the message if it can run now; false when it must wait for the writer. */
function tryRun(message: Message): boolean {
  const { request } = message;
  const handle = handleOf(request);
  const shared = handle === null ? undefined : handles.get(handle);
  if (handle === null || !shared || request.op === 'prepared' || request.op === 'close') {
    reply(message, () => answerAlone(request));
    return true;
  }
  const failure = failures.get(handle);
  if (failure) return answerFailed(message, shared, handle, failure);
  const place = placeOf(shared, handle, request);
  if (place === 'wait') return false;
  const db = place === 'reader' ? shared.reader! : shared.writer;
  reply(message, () => {
    try {
      if (request.op === 'runEach') return runEach(db, request.steps);
      if (request.op !== 'query') throw new Error(`unknown request ${request.op}`);
      if (!request.query.sql) throw new Error('The query is empty');
      const query = DEFERRED_BEGIN.test(request.query.sql) ? { ...request.query, sql: 'BEGIN IMMEDIATE' } : request.query;
      return runQuery(statementFor(db, query), query);
    } finally {
      // BEGIN (or a statement that opened a transaction) takes the writer; COMMIT or ROLLBACK gives it back.
      if (place === 'writer') shared.owner = shared.writer.inTransaction ? handle : null;
    }
  });
  return true;
}

/** This thread's own heap, collected whole: it holds the rows and statements of every request it ran. */
function collectGarbage(): ThreadCollection {
  const collect = exposedGarbageCollector();
  if (!collect) return null;
  const usedBefore = v8.getHeapStatistics().used_heap_size;
  collect();
  return { usedBefore, usedAfter: v8.getHeapStatistics().used_heap_size };
}

/** Requests that touch no statement: opening, closing, the prepared counts. */
function answerAlone(request: ThreadRequest): unknown {
  switch (request.op) {
    case 'open':
      return open(request.database, request.file, request.busyTimeoutMs);
    case 'close':
      close(request.database, request.connection);
      return null;
    case 'prepared':
      return Object.fromEntries(handles.get(request.connection)?.prepared ?? []);
    case 'collectGarbage':
      return collectGarbage();
    default:
      throw new Error(`SQLite connection ${request.connection} is closed`);
  }
}

function failureOf(error: unknown): ThreadFailure {
  const { message, code, name } = error as { message?: string; code?: unknown; name?: string };
  return { message: message ?? String(error), code: typeof code === 'string' ? code : undefined, name };
}

/** Runs `run` and answers the message; a pipelined message's failure is kept for its handle's next statements. */
function reply(message: Message, run: () => unknown, flags: { cleared?: true } = {}): void {
  let answer: ThreadReply;
  try {
    answer = { id: message.id, result: run(), ...flags };
  } catch (error) {
    const failure = failureOf(error);
    answer = { id: message.id, error: failure, ...flags };
    if (message.request.pipelined) keepFailure(message.request, failure);
  }
  parentPort!.postMessage(answer);
}

/** Keeps the failure of a pipelined statement for its handle's next statements (the first failure only). */
function keepFailure(request: ThreadRequest, failure: ThreadFailure): void {
  const handle = handleOf(request);
  if (handle === null || failures.has(handle)) return;
  const shared = handles.get(handle);
  const inTransaction = shared !== undefined && shared.owner === handle && shared.writer.inTransaction;
  const begins = request.op === 'query' && /^BEGIN\b/i.test(request.query.sql);
  failures.set(handle, { failure, wholeTransaction: begins || !inTransaction });
}

/**
 * knex begins SQLite transactions deferred: the first read takes a snapshot and the first write
 * then fails at once (SQLITE_BUSY_SNAPSHOT, no busy wait) if another process wrote since. Begun
 * IMMEDIATE, a transaction takes the write lock first, waiting up to the busy timeout for another
 * process's. In this process transactions take turns on the writer anyway.
 */
const DEFERRED_BEGIN = /^BEGIN(?:\s+DEFERRED)?(?:\s+TRANSACTION)?\s*;?\s*$/i;
/** A query (SELECT or WITH …): what may run on the reader, if SQLite says it writes nothing. */
const QUERY = /^\s*(?:SELECT|WITH)\b/i;
const ENDS_TRANSACTION = /^(?:COMMIT|END)\b/i;
const ROLLS_BACK = /^ROLLBACK\b/i;
const ROLLS_BACK_TO = /^ROLLBACK\s+(?:TRANSACTION\s+)?TO\b/i;
const RELEASES = /^RELEASE (?:SAVEPOINT )?(\S+?);?$/i;

/**
 * A message of a handle whose pipelined statement failed. Inside a savepoint: a ROLLBACK (TO) runs
 * and clears the failure; a RELEASE SAVEPOINT rolls the savepoint's work back and releases it, a
 * COMMIT rolls the transaction back, and both answer with the failure and clear it. A transaction
 * that did not begin: only its COMMIT (answered with the failure) or ROLLBACK (a no-op) clears it.
 * Anything else is not run and is answered with the failure. False when the message must wait for
 * the writer.
 */
function answerFailed(message: Message, shared: SharedDatabase, handle: number, { failure, wholeTransaction }: HandleFailure): boolean {
  const { request } = message;
  const sql = request.op === 'query' ? request.query.sql : '';
  const rollsBack = ROLLS_BACK.test(sql);
  const releases = RELEASES.exec(sql)?.[1];
  const commits = ENDS_TRANSACTION.test(sql);
  const fail = (): never => {
    throw failure;
  };
  if (wholeTransaction) {
    const ends = commits || (rollsBack && !ROLLS_BACK_TO.test(sql));
    if (ends) failures.delete(handle);
    reply(message, commits || !ends ? fail : () => ({ response: [] }), ends ? { cleared: true } : {});
    return true;
  }
  if (!rollsBack && !releases && !commits) {
    reply(message, fail);
    return true;
  }
  if (placeOf(shared, handle, request) !== 'writer') return false;
  failures.delete(handle);
  const writer = shared.writer;
  reply(
    message,
    () => {
      try {
        if (rollsBack && request.op === 'query') return runQuery(statementFor(writer, request.query), request.query);
        if (releases) writer.exec(`ROLLBACK TO SAVEPOINT ${releases}; RELEASE SAVEPOINT ${releases}`);
        else if (writer.inTransaction) writer.exec('ROLLBACK');
        return fail();
      } finally {
        shared.owner = writer.inTransaction ? handle : null;
      }
    },
    { cleared: true },
  );
  return true;
}

/** Runs what waited and can run now, in arrival order; a handle's messages stay in their order. */
function runWaiting(): void {
  const blocked = new Set<number>();
  for (let i = 0; i < waiting.length; ) {
    const message = waiting[i];
    const handle = handleOf(message.request)!;
    if (!blocked.has(handle) && tryRun(message)) {
      waiting.splice(i, 1);
      // The writer may have changed hands: look again from the start.
      blocked.clear();
      i = 0;
      continue;
    }
    blocked.add(handle);
    i++;
  }
}

/**
 * Queues a message for the writer, failing it with SQLITE_BUSY ("database is locked") if it is
 * still waiting after the database's busy timeout: a write that waits for a transaction which in
 * turn waits for it would otherwise wait forever.
 */
function wait(message: Message, shared: SharedDatabase | undefined): void {
  waiting.push(message);
  if (!shared) return;
  setTimeout(() => {
    const at = waiting.indexOf(message);
    if (at < 0) return;
    waiting.splice(at, 1);
    const busy: ThreadFailure = { message: 'database is locked', code: 'SQLITE_BUSY', name: 'SqliteError' };
    // A pipelined message's failure holds for what its handle sent after it (reply keeps it): the
    // rest of a transaction that did not begin must not run outside it.
    reply(message, () => {
      throw busy;
    });
    runWaiting();
  }, shared.busyTimeoutMs);
}

parentPort!.on('message', (message: Message) => {
  const handle = handleOf(message.request);
  const behind = handle !== null && waiting.some((queued) => handleOf(queued.request) === handle);
  if (behind || !tryRun(message)) {
    wait(message, handle === null ? undefined : handles.get(handle));
    return;
  }
  if (waiting.length > 0) runWaiting();
});
