import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database as Connection } from 'better-sqlite3';
import Database from './driver.js';
import { ThreadPool } from '../../src/domain/background/thread-pool.js';
import { QueryTimeoutError } from '../../src/ports/traces.js';
import { SearchRun, type SearchJob, type SearchProbe, type SearchResult } from './search-run.js';

export type { NativeStatement, SearchJob, SearchProbe, SearchResult, SearchRun } from './search-run.js';

export interface SqliteSearchReaderSettings {
  file: string;
  workers: number;
  busyTimeoutMs: number;
  /** The reader threads' nice value (thread-priority.ts): a common-word search yields the cores to the request loop. */
  niceness?: number;
}

const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./search-worker${EXTENSION}`, import.meta.url);

/**
 * Runs SQLite trace searches off the request event loop: better-sqlite3 is synchronous, so a
 * common word over a large project would otherwise stall every other tenant's requests, and
 * SQLite has no statement timeout. A search past its bound rejects with QueryTimeoutError (503,
 * as PostgreSQL's statement_timeout) and its thread is terminated and replaced. A search that
 * cannot be expensive runs in place instead (searchInPlace).
 */
export class SqliteSearchReader {
  readonly pool: ThreadPool<SearchJob, SearchResult>;
  /** The request thread's own read-only connection, opened on the first search run in place. */
  private inPlace: { db: Connection; run: SearchRun } | null = null;
  private closed = false;

  constructor(private readonly settings: SqliteSearchReaderSettings) {
    this.pool = new ThreadPool<SearchJob, SearchResult>({
      name: 'sqlite search',
      workerFile: WORKER_FILE,
      workerData: { file: settings.file, busyTimeoutMs: settings.busyTimeoutMs },
      workers: settings.workers,
      niceness: settings.niceness,
      deadlineMs: (job) => (job.timeoutMs > 0 ? job.timeoutMs : null),
      overrun: (job) => new QueryTimeoutError(job.timeoutMs),
    });
  }

  search(job: SearchJob): Promise<SearchResult> {
    return this.pool.run(job);
  }

  /**
   * Runs `job` here, on the calling thread's own read-only connection, when `probe` answers at most
   * its limit — a search whose every statement reads a bounded number of matches (see
   * TraceTextIndex.fewMatches), which costs about as much as a list page and less than the hand-offs
   * to a thread and back (each a thread to wake: on two cores, behind whatever else is running).
   * Null when the probe finds more (nothing else was run), when the file is busy (the connection
   * never waits for a lock on this thread), or once closed: the caller then hands the job over.
   */
  searchInPlace(probe: SearchProbe, job: SearchJob): SearchResult | null {
    return this.readInPlace((run) => run.searchIfFew(probe, job));
  }

  /**
   * Runs `read` here, on the calling thread's own read-only connection (as searchInPlace), for reads
   * bounded by their caller — a trace of at most a few thousand spans (see SqlTraceRepository
   * .findWithSpans). Null when `read` answers null, when the file is busy, or once closed.
   */
  readInPlace<T>(read: (run: SearchRun) => T | null): T | null {
    if (this.closed) return null;
    try {
      return read(this.connection().run);
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return null;
      throw error;
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.inPlace?.db.close();
    this.inPlace = null;
    return this.pool.close();
  }

  private connection(): { db: Connection; run: SearchRun } {
    if (!this.inPlace) {
      const db = new Database(this.settings.file, { readonly: true, fileMustExist: true });
      // No busy wait on the request thread: SQLITE_BUSY (rare for a WAL reader) hands the search over.
      db.pragma('busy_timeout = 0');
      this.inPlace = { db, run: new SearchRun(db) };
    }
    return this.inPlace;
  }
}
