import path from 'node:path';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { StatementCacheClient } from './statement-cache-client.js';

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
 * The embedded default: one file under DATA_DIR, WAL mode so readers never wait for the writer.
 * better-sqlite3 is synchronous and single-connection, so the pool holds exactly one connection
 * and knex queues transactions on it. Its client keeps the connection's prepared statements
 * (statement-cache-client.ts).
 */
export function openSqlite(file: string, options: SqliteOptions = {}): Knex {
  if (file !== ':memory:') createPrivately(file);
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  return knexFactory({
    client: StatementCacheClient as unknown as typeof knexFactory.Client,
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { pragma: (sql: string) => unknown }, done: (err: Error | null, conn: unknown) => void) => {
        try {
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
          done(null, conn);
        } catch (error) {
          done(error as Error, conn);
        }
      },
    },
  });
}
