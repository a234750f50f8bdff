import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../src/domain/background/thread-pool.js';

/** Set on every connection as it opens: WAL so readers never wait for the writer. */
export const SQLITE_PRAGMAS = ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON'] as const;

/** A statement as knex compiled it, bindings already in better-sqlite3's types (knex's _formatBindings). */
export interface SqliteQuery {
  sql: string;
  bindings: readonly unknown[];
  /** The query's own `safeIntegers` option, if it set one. */
  safeIntegers?: boolean;
  /** `array`: rows as value arrays in column order (pg's rowMode). */
  rowMode?: 'array';
}

/** What knex's better-sqlite3 client puts on its query object: rows, or a write's run result and context. */
export interface SqliteQueryResult {
  response: unknown;
  context?: { lastID: number | bigint; changes: number };
}

/** One statement run once per row of parameters; `changes`: answer each run's change count. */
export interface RowStep {
  sql: string;
  rows: readonly (readonly unknown[])[];
  changes?: boolean;
}

/**
 * `pipelined`: the caller does not wait for the answer. If it fails, the thread answers the
 * handle's later statements with that failure without running them, until the work it belonged to
 * ends (connection-thread.ts).
 */
export type ThreadRequest =
  | { op: 'open'; database: string; file: string; busyTimeoutMs: number; pipelined?: undefined }
  | { op: 'query'; connection: number; query: SqliteQuery; pipelined?: true }
  | { op: 'runEach'; connection: number; steps: RowStep[]; pipelined?: true }
  | { op: 'prepared'; connection: number; pipelined?: undefined }
  | { op: 'close'; database: string; connection: number; pipelined?: undefined }
  | { op: 'collectGarbage'; pipelined?: undefined };

/** The thread's V8 heap in use around a collection it was asked for, in bytes (null: its `gc` was not available). */
export type ThreadCollection = { usedBefore: number; usedAfter: number } | null;

/** An error of the thread's, as it crosses back. */
export interface ThreadFailure {
  message: string;
  code?: string;
  name?: string;
}

/** `cleared`: the handle's pipelined failure, if it had one, no longer holds after this answer. */
export type ThreadReply = ({ id: number; result: unknown; error?: undefined } | { id: number; error: ThreadFailure }) & { cleared?: true };

const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const THREAD_FILE = new URL(`./connection-thread${EXTENSION}`, import.meta.url);

interface Waiting {
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

/** An error of the thread's, rebuilt here with the code and name callers test (SQLITE_BUSY, SQLITE_CONSTRAINT_UNIQUE, …). */
function rebuilt(error: ThreadFailure): Error {
  const rebuiltError = new Error(error.message) as Error & { code?: string };
  if (error.name) rebuiltError.name = error.name;
  if (error.code) rebuiltError.code = error.code;
  return rebuiltError;
}

/**
 * The thread SQLite runs on. better-sqlite3 is synchronous: on the request thread, every statement
 * stopped the event loop for as long as SQLite worked, so ingest cost the sum of its JavaScript
 * (parsing, validating, building rows and search documents) and its statements, on one core of
 * the machine, while the other idled (measured: request thread 92 % of a core, the rest of the
 * process 8 %). Here the statements run beside the request thread: a batch being stored while
 * the next ones are parsed costs the larger of the two instead of their sum.
 *
 * One thread per process serves all its connections (a server opens one; a test process opens
 * many, and a thread each would cost its start-up every time). It holds the process open only while
 * a request to it is under way, as the search threads do.
 */
class SqliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private stopped: Error | null = null;

  constructor() {
    this.worker = startWorker(THREAD_FILE, undefined, 0);
    this.worker.unref();
    this.worker.on('message', (reply: ThreadReply) => this.settle(reply));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the SQLite thread exited with code ${code}`)));
  }

  get alive(): boolean {
    return this.stopped === null;
  }

  /** Sends a request; resolves with the thread's answer, error or not (rejects only if the thread stops). */
  send(request: ThreadRequest): Promise<ThreadReply> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<ThreadReply>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (reply: unknown) => void, reject });
      this.worker.postMessage({ id, request });
    });
  }

  async call<T>(request: ThreadRequest): Promise<T> {
    const reply = await this.send(request);
    if (reply.error) throw rebuilt(reply.error);
    return reply.result as T;
  }

  private settle(reply: ThreadReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    waiting.resolve(reply);
    // Nothing under way: the thread no longer holds the process open.
    if (this.waiting.size === 0) this.worker.unref();
  }

  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = error;
    if (shared === this) shared = null;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    this.worker.unref();
  }
}

let shared: SqliteThread | null = null;

/**
 * A full collection of the SQLite thread's heap (it has its own isolate, which a collection of the
 * request thread's leaves alone), or null when no thread is running. The idle collection asks for
 * it (src/startup/idle-collection.ts).
 */
export async function collectSqliteThreadGarbage(): Promise<ThreadCollection> {
  if (!shared?.alive) return null;
  return shared.call<ThreadCollection>({ op: 'collectGarbage' });
}

/** Statements that open a transaction or a savepoint: nothing is read from them. */
const OPENS_WORK = /^(?:BEGIN|SAVEPOINT)\b/i;

/**
 * A handle to a database on the SQLite thread, as knex pools connections; every call runs there,
 * in the order made. Handles opened with the same `database` key share its connections
 * (connection-thread.ts): one writer, whose transactions take it for their handle alone, and on a
 * file one reader for the other handles' reads meanwhile.
 */
export class ThreadedSqliteConnection {
  private closed = false;
  /** The failure of a pipelined statement, until the thread says the work it belonged to has ended. */
  private failure: Error | null = null;

  private constructor(
    private readonly thread: SqliteThread,
    private readonly database: string,
    private readonly id: number,
  ) {}

  static async open(database: string, file: string, options: { busyTimeoutMs: number }): Promise<ThreadedSqliteConnection> {
    if (!shared) shared = new SqliteThread();
    const thread = shared;
    const id = await thread.call<number>({ op: 'open', database, file, busyTimeoutMs: options.busyTimeoutMs });
    return new ThreadedSqliteConnection(thread, database, id);
  }

  /** Open, and its thread alive (the pool replaces a connection that is not). */
  get usable(): boolean {
    return !this.closed && this.thread.alive;
  }

  query(query: SqliteQuery): Promise<SqliteQueryResult> {
    // Nothing is read from BEGIN or SAVEPOINT: the work goes on without waiting for the thread to answer.
    if (OPENS_WORK.test(query.sql)) {
      this.pipeline({ op: 'query', connection: this.id, query, pipelined: true }, (error) => error);
      return Promise.resolve({ response: [] });
    }
    return this.call({ op: 'query', connection: this.id, query });
  }

  /** Runs each step's statement once per row, in one message: a bulk write crosses to the thread once, not per row. */
  runEach(steps: RowStep[]): Promise<(number[] | null)[]> {
    return this.call({ op: 'runEach', connection: this.id, steps });
  }

  /**
   * As runEach, inside a transaction, without waiting for the thread to run it: the caller goes on
   * to its next statement (the request thread prepares other requests meanwhile). A failure reaches
   * the caller at its next statement that is waited for, as `failureAs(error)` (a unique violation
   * as the repository's own error, say), and the thread rolls its work back (connection-thread.ts).
   */
  pipelineEach(steps: RowStep[], failureAs: (error: Error) => Error): void {
    this.pipeline({ op: 'runEach', connection: this.id, steps, pipelined: true }, failureAs);
  }

  private pipeline(request: ThreadRequest, failureAs: (error: Error) => Error): void {
    this.thread.send(request).then(
      (reply) => {
        if (reply.error && !this.failure) this.failure = failureAs(rebuilt(reply.error));
      },
      (error: Error) => {
        this.failure ??= error;
      },
    );
  }

  private async call<T>(request: ThreadRequest): Promise<T> {
    const reply = await this.thread.send(request);
    const failure = this.failure;
    if (reply.cleared) this.failure = null;
    // The thread answers with a pipelined statement's failure: the caller gets it as that statement's caller would have.
    if (reply.error) throw failure ?? rebuilt(reply.error);
    return reply.result as T;
  }

  /** Statements this connection has prepared, by SQL text (the statement cache's tests read it). */
  prepared(): Promise<Record<string, number>> {
    return this.call({ op: 'prepared', connection: this.id });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.thread.alive) await this.thread.call({ op: 'close', database: this.database, connection: this.id });
  }
}
