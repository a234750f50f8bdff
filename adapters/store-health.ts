import type { StoreHealth } from '../src/ports/store-health.js';
import { pendingMigrations, type Database } from './database.js';
import { SqlTimePartitionRepository } from './sql/time-partition-repository.js';

/** The readiness checks of an open database (SQLite or PostgreSQL). */
export function databaseHealth(database: Database): StoreHealth {
  return {
    async reachable() {
      await database.knex.raw('select 1');
    },
    pendingMigrations: () => pendingMigrations(database),
    ...(database.dialect === 'postgres' ? { partitionsAhead: () => new SqlTimePartitionRepository(database.knex, database.dialect).nextWeekStored() } : {}),
  };
}
