import type { Knex } from 'knex';
import type { Database } from 'better-sqlite3';
import { keptStatement } from './kept-statements.js';

/**
 * The better-sqlite3 connection a knex transaction holds, or null outside a transaction (the pool's
 * one connection is then not ours to use). Inside the transaction, statements run on it directly
 * are part of it.
 */
export async function transactionConnection(db: Knex): Promise<Database | null> {
  if (!(db as Knex.Transaction).isTransaction) return null;
  return (await db.client.acquireConnection()) as Database;
}

/**
 * Inserts rows one by one through one reused prepared statement: SQLite's fastest bulk path (the
 * bench's physical limit). A multi-row INSERT built by knex costs more in building, binding and
 * preparing a new statement per chunk than SQLite spends storing the rows, and a compound-SELECT
 * insert is capped at 500 rows.
 */
export function insertPrepared(connection: Database, table: string, columns: readonly string[], rows: readonly unknown[][]): void {
  runPrepared(connection, singleRowInsert(table, columns), rows);
}

/**
 * As insertPrepared, skipping rows that conflict with a stored one (`ON CONFLICT DO NOTHING`): the
 * positions in `rows` of the rows inserted, read from each run's change count (a RETURNING clause
 * would say the same through a result row built per insert).
 */
export function insertPreparedNew(connection: Database, table: string, columns: readonly string[], rows: readonly unknown[][]): number[] {
  const statement = keptStatement(connection, `${singleRowInsert(table, columns)} ON CONFLICT DO NOTHING`);
  const inserted: number[] = [];
  for (let i = 0; i < rows.length; i++) if (statement.run(rows[i]).changes > 0) inserted.push(i);
  return inserted;
}

const singleRowInsert = (table: string, columns: readonly string[]): string =>
  `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

/** Runs one statement per row of parameters through the connection's reused prepared statement for `sql`. */
export function runPrepared(connection: Database, sql: string, rows: readonly unknown[][]): void {
  const statement = keptStatement(connection, sql);
  for (const row of rows) statement.run(row);
}
