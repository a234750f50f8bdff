import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThreadPool } from '../../src/domain/background/thread-pool.js';
import { QueryTimeoutError } from '../../src/ports/traces.js';

/** A statement compiled by knex (`.toSQL().toNative()`), run as it is by a reader thread. */
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
 * as PostgreSQL's statement_timeout) and its thread is terminated and replaced.
 */
export class SqliteSearchReader {
  readonly pool: ThreadPool<SearchJob, SearchResult>;

  constructor(settings: SqliteSearchReaderSettings) {
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

  close(): Promise<void> {
    return this.pool.close();
  }
}
