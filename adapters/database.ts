import path from 'node:path';
import type { Knex } from 'knex';
import type { Dialect } from '../src/ports/store.js';
import { openSqlite } from './sqlite/connection.js';
import type * as PostgresConnection from './postgres/connection.js';
import { loadModule } from '../src/lazy-module.js';
import type * as SearchReaderModule from './sqlite/search-reader.js';
import type { SqliteSearchReader } from './sqlite/search-reader.js';
import { collectSqliteThreadGarbage } from './sqlite/sqlite-thread.js';
import { migrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; unset selects the SQLite file under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite file override (tests use a temporary file). */
  sqliteFile?: string;
  /** PostgreSQL schema to work in; created when missing. */
  postgresSchema?: string;
  /** SQLite: how long a statement waits for a lock (SQLITE_BUSY_TIMEOUT_MS). */
  sqliteBusyTimeoutMs?: number;
  /** Reader threads for SQLite trace searches (SQLITE_SEARCH_WORKERS; default 1). */
  sqliteSearchWorkers?: number;
  /** Nice value of the search reader threads (BACKGROUND_THREAD_NICENESS; default 0 here, 10 from the server's configuration). */
  backgroundThreadNiceness?: number;
}

export interface Database {
  readonly knex: Knex;
  readonly dialect: Dialect;
  /** SQLite on a file: the reader threads trace searches run on (closed with the database). */
  readonly searchReader?: SqliteSearchReader;
  /**
   * Collects the heaps of the threads this database runs on, if it has any (SQLite: the connection
   * thread; its reader threads stop when idle). PostgreSQL has none.
   */
  collectThreadGarbage(): Promise<void>;
  close(): Promise<void>;
}

/** The SQLite connection thread's heap: it holds the rows and statements of every request it ran. */
async function collectSqliteThread(): Promise<void> {
  await collectSqliteThreadGarbage();
}

const noThreads = (): Promise<void> => Promise.resolve();

export function dialectOf(databaseUrl: string | undefined): Dialect {
  if (!databaseUrl) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres';
  if (/^(sqlite|file):/.test(databaseUrl)) return 'sqlite';
  throw new Error(`DATABASE_URL must be postgres://… or sqlite:<file>; got ${databaseUrl.split(':')[0]}:…`);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const dialect = dialectOf(options.databaseUrl);
  let knex: Knex;
  if (dialect === 'postgres') {
    // Imported only for PostgreSQL: the `pg` driver costs ~30 ms of start-up CPU a SQLite server never needs.
    const { openPostgres } = await loadModule<typeof PostgresConnection>(new URL('./postgres/connection.js', import.meta.url));
    knex = openPostgres(options.databaseUrl!, options.postgresSchema);
    if (options.postgresSchema) {
      await knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [options.postgresSchema]);
    }
  } else {
    const fromUrl = options.databaseUrl?.replace(/^(sqlite|file):(\/\/)?/, '');
    const file = options.sqliteFile ?? fromUrl ?? path.join(options.dataDir, 'tracewell.sqlite');
    knex = openSqlite(file, { busyTimeoutMs: options.sqliteBusyTimeoutMs });
    // ':memory:' is private to its one connection: no other thread can read it, so it searches in-process.
    if (file !== ':memory:') {
      // Imported only for SQLite: it loads the SQLite driver (a native module), which PostgreSQL never needs.
      const { SqliteSearchReader } = await loadModule<typeof SearchReaderModule>(new URL('./sqlite/search-reader.js', import.meta.url));
      const searchReader = new SqliteSearchReader({ file, workers: options.sqliteSearchWorkers ?? 1, busyTimeoutMs: options.sqliteBusyTimeoutMs ?? 5000, niceness: options.backgroundThreadNiceness ?? 0 });
      return {
        knex,
        dialect,
        searchReader,
        collectThreadGarbage: collectSqliteThread,
        close: async () => {
          await searchReader.close();
          await knex.destroy();
        },
      };
    }
  }
  return { knex, dialect, collectThreadGarbage: dialect === 'sqlite' ? collectSqliteThread : noThreads, close: () => knex.destroy() };
}

/** The one migration set (or its first part), as knex's migration source for either dialect. */
function migrationSource(db: Database, set: readonly Migration[] = migrations): Knex.MigrationSource<string> {
  return {
    getMigrations: async () => set.map((m) => m.name),
    getMigrationName: (name: string) => name,
    getMigration: async (name: string) => {
      const migration = migrations.find((m) => m.name === name);
      if (!migration) throw new Error(`unknown migration ${name}`);
      return {
        up: (k: Knex) => migration.up(k, db.dialect),
        down: (k: Knex) => migration.down(k, db.dialect),
        ...(migration.transaction === false ? { config: { transaction: false } } : {}),
      };
    },
  };
}

/** knex's record of the migrations run (its default table, on the connection's search path). */
const MIGRATIONS_TABLE = 'knex_migrations';

/** A statement failed because its table does not exist (PostgreSQL's undefined_table; SQLite names it). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.includes(`no such table: ${MIGRATIONS_TABLE}`));
}

/** The names of the migrations the database has run, or null when it has never been migrated. */
async function completedMigrations(db: Database): Promise<Set<string> | null> {
  try {
    const rows = (await db.knex(MIGRATIONS_TABLE).select('name')) as { name: string }[];
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if (isMissingTable(error)) return null;
    throw error;
  }
}

/**
 * Brings the schema to the latest migration; one migration set serves both dialects.
 *
 * A database that has run exactly the migrations this code knows is left alone after one read: knex's
 * `migrate.latest` takes its lock to find nothing to do — 13 statements, 11–13 ms of every PostgreSQL
 * start-up on the way to `/readyz` (issue #61 item 2). Anything else (a new database, migrations to
 * run, or ones this code does not know, which knex refuses) goes through knex as before, under its lock.
 */
export async function migrateToLatest(db: Database): Promise<void> {
  const completed = await completedMigrations(db);
  const current = completed !== null && completed.size === migrations.length && migrations.every((migration) => completed.has(migration.name));
  if (current) return;
  await db.knex.migrate.latest({ migrationSource: migrationSource(db) });
}

/** Brings the schema up to and including migration `name`: tests of a migration over data written before it. */
export async function migrateThrough(db: Database, name: string): Promise<void> {
  const last = migrations.findIndex((m) => m.name === name);
  if (last < 0) throw new Error(`unknown migration ${name}`);
  await db.knex.migrate.latest({ migrationSource: migrationSource(db, migrations.slice(0, last + 1)) });
}

/**
 * Migrations this code knows and the database has not run, in order (readiness: a replica on an older
 * schema is not ready). One read of knex's table, where `migrate.list` made four statements of every
 * `/readyz`.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const completed = await completedMigrations(db);
  return migrations.filter((migration) => !completed?.has(migration.name)).map((migration) => migration.name);
}
