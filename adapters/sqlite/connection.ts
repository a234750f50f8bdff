import path from 'node:path';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { SqliteThreadClient } from './thread-client.js';

/**
 * Handles knex may hold at once (its pool): queries of as many requests reach the SQLite thread at
 * once, where one writes and, on a file, the others read beside it (connection-thread.ts).
 */
const SQLITE_HANDLES = 16;

export interface SqliteOptions {
  /** How long a statement waits for another connection's lock before failing with SQLITE_BUSY (answered 503). */
  busyTimeoutMs?: number;
}

/**
 * Creates the database file readable and writable by its owner only (0600) before SQLite opens
 * it: traces hold prompts and outputs. SQLite gives the -wal and -shm files it creates the mode of
 * the database file, so they are 0600 too. A file that already exists is left as it is.
 */
function createPrivately(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
}

/**
 * The embedded default: one file under DATA_DIR, WAL mode so readers never wait for the writer
 * (the pragmas: sqlite-thread.ts). better-sqlite3 is single-connection, so the pool holds exactly
 * one connection and knex queues transactions on it; the connection lives on the SQLite thread
 * (thread-client.ts), off the request event loop.
 */
export function openSqlite(file: string, options: SqliteOptions = {}): Knex {
  if (file !== ':memory:') createPrivately(file);
  return knexFactory({
    client: SqliteThreadClient as unknown as typeof knexFactory.Client,
    connection: { filename: file, busyTimeoutMs: Math.trunc(options.busyTimeoutMs ?? 5000) } as Knex.Sqlite3ConnectionConfig,
    useNullAsDefault: true,
    pool: { min: 1, max: SQLITE_HANDLES },
  });
}
