import path from 'node:path';
import { mkdirSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';

/**
 * The embedded default: one file under DATA_DIR, WAL mode so readers never wait for the writer.
 * better-sqlite3 is synchronous and single-connection, so the pool holds exactly one connection
 * and knex queues transactions on it.
 */
export function openSqlite(file: string): Knex {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
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
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        } catch (error) {
          done(error as Error, conn);
        }
      },
    },
  });
}
