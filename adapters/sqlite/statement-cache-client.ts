import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type { Database } from 'better-sqlite3';
import { keptStatement } from './kept-statements.js';

interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  options?: { safeIntegers?: unknown; rowMode?: unknown };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}
interface BetterSqliteClient {
  _query(connection: Database, obj: QueryObject): Promise<QueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}
type BetterSqliteClientClass = new (config: Knex.Config) => BetterSqliteClient;

/**
 * Longer SQL is not kept: it is the multi-row INSERTs of bulk writes, whose text changes with the
 * row count and whose preparation is shared by all their rows already.
 */
const MAX_SQL_CHARS = 4096;
/**
 * knex names each nested transaction's savepoint anew (trx1, trx2, …; a grouped ingest commit makes
 * one per request): kept, they would only push the statements that do repeat out of the cache.
 */
const NEVER_REPEATS = /^(?:SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT) /;

const require = createRequire(import.meta.url);
// knex ships its dialect clients as CommonJS classes without type declarations; its configuration
// takes a client class in place of a dialect name (knex-builder/internal/config-resolver.js).
const BaseClient = require('knex/lib/dialects/better-sqlite3/index.js') as BetterSqliteClientClass;

/**
 * knex's better-sqlite3 client, running queries through the connection's kept statements
 * (kept-statements.ts) where stock knex prepared every query anew — on a small lookup, half its
 * time. knex never iterates a statement lazily, so a kept one is never busy when it is run again.
 * A query asking for its own `safeIntegers` mode gets a statement of its own, as before. A query
 * with `options({ rowMode: 'array' })` gets its rows as value arrays in column order, as pg gives
 * them for the same option, so a repository reads both dialects one way.
 */
export class StatementCacheClient extends (BaseClient as BetterSqliteClientClass) {
  override async _query(connection: Database, obj: QueryObject): Promise<QueryObject> {
    const sql = obj.sql;
    if (sql && connection && obj.options?.rowMode === 'array') return this.arrayRows(connection, obj, sql);
    if (!sql || !connection || sql.length > MAX_SQL_CHARS || NEVER_REPEATS.test(sql) || typeof obj.options?.safeIntegers === 'boolean') return super._query(connection, obj);
    const statement = keptStatement(connection, sql);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  /** A reading statement's rows as value arrays (better-sqlite3's raw mode, switched back after: the statement is shared). */
  private arrayRows(connection: Database, obj: QueryObject, sql: string): QueryObject {
    const statement = sql.length > MAX_SQL_CHARS ? connection.prepare(sql) : keptStatement(connection, sql);
    if (!statement.reader) throw new Error(`rowMode 'array' asked of a statement that returns no rows: ${sql.slice(0, 80)}`);
    statement.raw(true);
    try {
      obj.response = statement.all(this._formatBindings(obj.bindings));
    } finally {
      statement.raw(false);
    }
    return obj;
  }
}
