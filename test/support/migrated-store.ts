import { randomUUID } from 'node:crypto';
import { migrateThrough, migrateToLatest, openDatabase, type Database } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import type { Dialect, Store } from '../../src/ports/store.js';
import { isolatedDatabase, type IsolatedDatabase } from './adapters.js';

/** A store over a database of its own, migrated to the latest step: what repository suites test against. */
export interface MigratedStore {
  isolated: IsolatedDatabase;
  database: Database;
  store: Store;
  /** Closes the connection and drops the database. */
  close(): Promise<void>;
}

export async function openMigratedStore(adapter: Dialect): Promise<MigratedStore> {
  const isolated = isolatedDatabase(adapter);
  const database = await openDatabase({ databaseUrl: isolated.databaseUrl, dataDir: isolated.dataDir, sqliteFile: isolated.sqliteFile, postgresSchema: isolated.postgresSchema });
  await migrateToLatest(database);
  return {
    isolated,
    database,
    store: createStore(database.knex, database.dialect),
    close: async () => {
      await database.close();
      await isolated.drop();
    },
  };
}

/** Runs `work` on a database of its own, migrated through `migration` (a test of a later migration over data written before it); drops it afterwards. */
export async function onDatabaseThrough(adapter: Dialect, migration: string, work: (database: Database) => Promise<void>): Promise<void> {
  const isolated = isolatedDatabase(adapter);
  const database = await openDatabase({ databaseUrl: isolated.databaseUrl, dataDir: isolated.dataDir, sqliteFile: isolated.sqliteFile, postgresSchema: isolated.postgresSchema });
  try {
    await migrateThrough(database, migration);
    await work(database);
  } finally {
    await database.close();
    await isolated.drop();
  }
}

/** Inserts an organization row (as a migration under test finds one) at `at` (epoch ms) and returns its id. */
export async function organizationRow(knex: Database['knex'], at: number): Promise<string> {
  const id = randomUUID();
  await knex('organizations').insert({ id, name: 'Acme', created_at: at, updated_at: at });
  return id;
}
