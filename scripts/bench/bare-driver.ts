import type { Database as SqliteConnection, Statement as SqliteStatement } from 'better-sqlite3';
import Sqlite from '../../adapters/sqlite/driver.js';
import pg from 'pg';
import type { Dialect } from '../../src/ports/store.js';

/** One plain SQL statement with `?` placeholders, bound in order. */
export interface BareStatement {
  sql: string;
  bindings: (string | number)[];
}

export type BareRow = Record<string, unknown>;

/**
 * The bench's "bare": the plain driver and none of the service's code (issue #61 item 0) — on
 * SQLite a better-sqlite3 connection of its own, opened read-only on the service's database file and
 * run on the bench's own thread with prepared statements kept per SQL text; on PostgreSQL one `pg`
 * Client outside any pool, with named (server-side prepared) statements. No knex, no SQLite thread
 * of the service's, no pool: what a person would write by hand against the same database.
 */
export interface BareDriver {
  readonly adapter: Dialect;
  rows(statement: BareStatement): Promise<BareRow[]>;
  close(): Promise<void>;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the bench's statements hold no `?` inside literals). */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The SQLite file of a DATABASE_URL (`sqlite:<path>` or `file:<path>`). */
const sqliteFile = (databaseUrl: string): string => databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '');

function sqliteDriver(databaseUrl: string): BareDriver {
  const connection = new Sqlite(sqliteFile(databaseUrl), { readonly: true, fileMustExist: true });
  const prepared = new Map<string, SqliteStatement>();
  return {
    adapter: 'sqlite',
    async rows(statement) {
      let kept = prepared.get(statement.sql);
      if (!kept) prepared.set(statement.sql, (kept = connection.prepare(statement.sql)));
      return kept.all(...statement.bindings) as BareRow[];
    },
    async close() {
      connection.close();
    },
  };
}

async function postgresDriver(databaseUrl: string, settings: readonly string[]): Promise<BareDriver> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  for (const setting of settings) await client.query(`SET ${setting}`);
  const names = new Map<string, { name: string; text: string }>();
  return {
    adapter: 'postgres',
    async rows(statement) {
      let named = names.get(statement.sql);
      if (!named) names.set(statement.sql, (named = { name: `bare-${names.size + 1}`, text: numberedPlaceholders(statement.sql) }));
      const result = await client.query({ ...named, values: statement.bindings });
      return result.rows as BareRow[];
    },
    async close() {
      await client.end();
    },
  };
}

/**
 * Opens the plain driver on the database the server uses (its DATABASE_URL); on PostgreSQL with
 * `postgresSettings` SET on its session (the search phase: the planner settings the service's search
 * transaction takes).
 */
export async function openBareDriver(adapter: Dialect, databaseUrl: string, options: { postgresSettings?: readonly string[] } = {}): Promise<BareDriver> {
  return adapter === 'sqlite' ? sqliteDriver(databaseUrl) : postgresDriver(databaseUrl, options.postgresSettings ?? []);
}
