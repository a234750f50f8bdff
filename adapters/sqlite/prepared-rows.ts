import type { Knex } from 'knex';
import type { RowStep, ThreadedSqliteConnection } from './sqlite-thread.js';

/**
 * The SQLite connection a knex transaction holds, or null outside a transaction (the pool's one
 * connection is then not ours to use). Inside the transaction, statements run on it directly are
 * part of it.
 */
export async function transactionConnection(db: Knex): Promise<ThreadedSqliteConnection | null> {
  if (!(db as Knex.Transaction).isTransaction) return null;
  return (await db.client.acquireConnection()) as ThreadedSqliteConnection;
}

/**
 * Inserting rows one by one through one reused prepared statement, as a step of a call to the
 * SQLite thread: SQLite's fastest bulk path (the bench's physical limit). A multi-row INSERT built
 * by knex costs more in building, binding and preparing a new statement per chunk than SQLite
 * spends storing the rows, and a compound-SELECT insert is capped at 500 rows.
 */
export function insertStep(table: string, columns: readonly string[], rows: readonly unknown[][]): RowStep {
  return { sql: singleRowInsert(table, columns), rows };
}

/**
 * As insertStep, skipping rows that conflict with a stored one (`ON CONFLICT DO NOTHING`); the
 * step answers each row's change count, 1 where it was inserted (a RETURNING clause would say the
 * same through a result row built per insert).
 */
export function insertNewStep(table: string, columns: readonly string[], rows: readonly unknown[][]): RowStep {
  return { sql: `${singleRowInsert(table, columns)} ON CONFLICT DO NOTHING`, rows, changes: true };
}

const singleRowInsert = (table: string, columns: readonly string[]): string =>
  `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
