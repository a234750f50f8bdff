import { openDatabase, migrateToLatest, type Database } from '../../adapters/database.js';
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
