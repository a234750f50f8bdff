import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import BetterSqliteDialect from 'knex/lib/dialects/better-sqlite3/index.js';
import { ThreadedSqliteConnection } from './sqlite-thread.js';

interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  options?: { safeIntegers?: unknown; rowMode?: unknown };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}
interface BetterSqliteClient {
  /** openSqlite's settings: the file, its busy timeout, and (set on the first handle) the key its handles share. */
  connectionSettings: { filename: string; busyTimeoutMs: number; database?: string };
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}
type BetterSqliteClientClass = new (config: Knex.Config) => BetterSqliteClient;

// knex ships its dialect clients as CommonJS classes without type declarations; its configuration
// takes a client class in place of a dialect name (knex-builder/internal/config-resolver.js).
// Imported, so that the build bundles it with the rest of knex: one copy of knex's client classes.
const BaseClient = BetterSqliteDialect as BetterSqliteClientClass;

/**
 * knex's better-sqlite3 client with its connections on the SQLite thread (sqlite-thread.ts): knex
 * builds the SQL, pools and transacts as for any SQLite database; the statements run there, through
 * the connection's kept statements (connection-thread.ts). A query with `options({ rowMode:
 * 'array' })` gets its rows as value arrays in column order, as pg gives them for the same option,
 * so a repository reads both dialects one way.
 */
export class SqliteThreadClient extends (BaseClient as BetterSqliteClientClass) {
  async acquireRawConnection(): Promise<ThreadedSqliteConnection> {
    const { filename, busyTimeoutMs, database } = this.connectionSettings;
    // Handles of one knex instance share one database (one ':memory:' database, not one each).
    this.connectionSettings.database = database ?? randomUUID();
    return ThreadedSqliteConnection.open(this.connectionSettings.database, filename, { busyTimeoutMs });
  }

  async destroyRawConnection(connection: ThreadedSqliteConnection): Promise<void> {
    await connection.close();
  }

  validateConnection(connection: ThreadedSqliteConnection): boolean {
    return connection.usable;
  }

  async _query(connection: ThreadedSqliteConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const { safeIntegers, rowMode } = obj.options ?? {};
    const result = await connection.query({
      sql: obj.sql,
      bindings: this._formatBindings(obj.bindings),
      safeIntegers: typeof safeIntegers === 'boolean' ? safeIntegers : undefined,
      rowMode: rowMode === 'array' ? 'array' : undefined,
    });
    obj.response = result.response;
    if (result.context) obj.context = result.context;
    return obj;
  }
}
