import { createRequire } from 'node:module';
import type { Knex } from 'knex';

/** The parts of a better-sqlite3 connection and statement knex's client touches. */
interface SqliteStatement {
  reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  options?: { safeIntegers?: unknown };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}
interface BetterSqliteClient {
  _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}
type BetterSqliteClientClass = new (config: Knex.Config) => BetterSqliteClient;

/** Statements kept per connection; the least recently used goes first. */
const MAX_STATEMENTS = 256;
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
 * knex's better-sqlite3 client, keeping each connection's prepared statements. Stock knex prepares
 * every query anew — on a small lookup, half its time (50 → 25 µs a query, measured in-process);
 * a reused better-sqlite3 statement is what that library is built for. SQLite re-prepares a kept
 * statement itself when the schema changes under it (sqlite3_prepare_v2), and knex never iterates a
 * statement lazily, so a kept one is never busy when it is run again. A query asking for its own
 * `safeIntegers` mode gets a statement of its own, as before.
 */
export class StatementCacheClient extends (BaseClient as BetterSqliteClientClass) {
  override async _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject> {
    const sql = obj.sql;
    if (!sql || !connection || sql.length > MAX_SQL_CHARS || NEVER_REPEATS.test(sql) || typeof obj.options?.safeIntegers === 'boolean') return super._query(connection, obj);
    const statement = statementOf(connection, sql);
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
}

/**
 * Kept by connection, not on the client: knex runs a transaction's queries through a client object
 * made with Object.create from the client's prototype, which has none of the instance's fields.
 */
const statementsByConnection = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

function statementOf(connection: SqliteConnection, sql: string): SqliteStatement {
  let kept = statementsByConnection.get(connection);
  if (!kept) statementsByConnection.set(connection, (kept = new Map()));
  const found = kept.get(sql);
  if (found) {
    // Map order is insertion order: moved to the end, the statement is the most recently used.
    kept.delete(sql);
    kept.set(sql, found);
    return found;
  }
  const statement = connection.prepare(sql);
  if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value as string);
  kept.set(sql, statement);
  return statement;
}
