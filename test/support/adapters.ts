import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { Dialect } from '../../src/ports/store.js';

/**
 * The adapters every storage-touching suite runs against. Both run in one `npm test`; PostgreSQL is
 * never skipped silently: an unreachable database fails the run (a skipped adapter is a failed one).
 * TEST_ADAPTERS=sqlite narrows a local run and is refused when CI=true.
 */
export const ADAPTERS: readonly Dialect[] = (() => {
  const selected = (process.env.TEST_ADAPTERS ?? 'sqlite,postgres').split(',').map((a) => a.trim()) as Dialect[];
  if (process.env.CI === 'true' && !selected.includes('postgres')) {
    throw new Error('CI must run the PostgreSQL adapter: unset TEST_ADAPTERS.');
  }
  return selected;
})();

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test');

/** Runs `suite` once per adapter, inside a describe naming it. */
export function forEachAdapter(suite: (adapter: Dialect) => void): void {
  for (const adapter of ADAPTERS) describe(`[${adapter}]`, () => suite(adapter));
}

/**
 * Where a port's shared behaviour table runs: each SQL adapter, and the in-memory adapter
 * (adapters/memory). The in-memory one reads the rows the suite seeded into a SQLite database of its
 * own (`seedDialect`), so the three answer over exactly the same data.
 */
export type PortAdapter = Dialect | 'memory';

export const PORT_ADAPTERS: readonly PortAdapter[] = [...ADAPTERS, 'memory'];

/** The database a suite seeds for `adapter`: its own, or SQLite for the in-memory adapter. */
export const seedDialect = (adapter: PortAdapter): Dialect => (adapter === 'memory' ? 'sqlite' : adapter);

/** Runs `suite` once per port adapter (both SQL adapters and memory), inside a describe naming it. */
export function forEachPortAdapter(suite: (adapter: PortAdapter) => void): void {
  for (const adapter of PORT_ADAPTERS) describe(`[${adapter}]`, () => suite(adapter));
}

export interface IsolatedDatabase {
  adapter: Dialect;
  /** DATABASE_URL for the runtime (undefined → SQLite). */
  databaseUrl: string | undefined;
  sqliteFile?: string;
  postgresSchema?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A database no other test or run shares: a temporary SQLite file or a fresh PostgreSQL schema. */
export function isolatedDatabase(adapter: Dialect): IsolatedDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-test-'));
  if (adapter === 'sqlite') {
    return {
      adapter,
      databaseUrl: undefined,
      sqliteFile: path.join(dataDir, 'test.sqlite'),
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `tw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    adapter,
    databaseUrl: POSTGRES_URL,
    postgresSchema: schema,
    dataDir,
    drop: async () => {
      const admin = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } });
      try {
        await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      } finally {
        await admin.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
