import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { migrateToLatest, openDatabase, type Database } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import { systemClock } from '../../src/clock.js';
import { Provisioning } from '../../src/domain/bootstrap/provisioning.js';
import type { Dialect, Store } from '../../src/ports/store.js';
import { scopeMatch } from '../../adapters/sqlite/trace-text-index.js';
import { REPO_ROOT } from './server-process.js';

/** The bench's own database: a fresh one per run, or a kept one (`--reuse`) so a bulk load is paid once. */
export interface BenchDatabase {
  adapter: Dialect;
  /** Environment for the server process: the same database, a fixed secret. */
  serverEnv: Record<string, string>;
  database: Database;
  store: Store;
  /** The project list and search run in (bulk-loaded); kept across --reuse runs. */
  project: { organizationId: string; projectId: string };
  /** A new project for ingest measurements, so they count only their own rows. */
  createProject(name: string): Promise<string>;
  deleteProject(projectId: string): Promise<void>;
  /**
   * Writes what earlier phases left in the write-ahead log to the database files (SQLite
   * `wal_checkpoint(TRUNCATE)`, PostgreSQL `CHECKPOINT`): each ingest measurement starts from
   * the same state instead of paying for the one before it.
   */
  checkpoint(): Promise<void>;
  issueApiKey(projectId: string): Promise<string>;
  /**
   * PostgreSQL: ANALYZE, as autovacuum does after a bulk load in any default installation (it is
   * off on these machines), so the planner sees the loaded tables and not their empty start. SQLite
   * never gathers statistics by itself, nor does the server, so nothing is done there.
   */
  refreshPlannerStatistics(): Promise<void>;
  close(): Promise<void>;
}

export interface BenchDatabaseOptions {
  adapter: Dialect;
  reuse: boolean;
  /** A kept database's name, so benches with different loads keep apart (default: the main bench's). */
  reuseName?: string;
  /** PostgreSQL server to create the bench database on (any database on it; used as admin). */
  postgresUrl: string;
}

const STATE_FILE = 'bench-state.json';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function openBenchDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  const { adapter, reuse } = options;
  const suffix = options.reuseName ? `-${options.reuseName}` : '';
  const dataDir = reuse ? path.join(REPO_ROOT, 'bench', 'tmp', `${adapter}${suffix}-reuse`) : mkdtempSync(path.join(tmpdir(), `tracewell-bench-${adapter}-`));
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string;
  let dropDatabase = async () => undefined as void;
  if (adapter === 'sqlite') {
    databaseUrl = `sqlite:${path.join(dataDir, 'bench.sqlite')}`;
  } else {
    const name = reuse ? `tracewell_bench${suffix.replace('-', '_')}` : `tracewell_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: options.postgresUrl, pool: { min: 0, max: 1 } });
    try {
      const exists = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
      if (exists.rows.length === 0) await admin.raw('CREATE DATABASE ??', [name]);
    } finally {
      await admin.destroy();
    }
    databaseUrl = withDatabase(options.postgresUrl, name);
    if (!reuse) {
      dropDatabase = async () => {
        const dropper = knexFactory({ client: 'pg', connection: options.postgresUrl, pool: { min: 0, max: 1 } });
        try {
          await dropper.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
        } finally {
          await dropper.destroy();
        }
      };
    }
  }

  const database = await openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  // As the server builds it (src/runtime.ts), so in-process measurements take the same paths.
  const store = createStore(database.knex, database.dialect, { searchReader: database.searchReader });
  const provisioning = new Provisioning(store, systemClock);

  const stateFile = path.join(dataDir, STATE_FILE);
  let project: BenchDatabase['project'] | null = null;
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as BenchDatabase['project'];
    if (await store.projects.findById(saved.projectId)) project = saved;
  }
  if (!project) {
    const organization = await provisioning.createOrganization('Bench Organization');
    const created = await provisioning.createProject(organization.id, 'Bench Project');
    project = { organizationId: organization.id, projectId: created.id };
    writeFileSync(stateFile, JSON.stringify(project));
  }
  const organizationId = project.organizationId;

  // A SQLite commit past the WAL's autocheckpoint copies it into the database; PostgreSQL's next
  // checkpoint writes the pages the writes before it dirtied. CHECKPOINT needs a superuser (or
  // pg_checkpoint): refused, the next phase carries those writes, as it did before.
  const checkpoint = async (): Promise<void> => {
    if (options.adapter === 'sqlite') await database.knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    else {
      await database.knex.raw('CHECKPOINT').catch((error: { code?: string }) => {
        if (error.code !== '42501') throw error; // insufficient_privilege
      });
    }
  };

  return {
    adapter,
    serverEnv: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SERVER_SECRET: 'tracewell-bench-secret' },
    database,
    store,
    project,
    async createProject(name) {
      // The server may still hold SQLite's write lock past the 5 s busy timeout right after a heavy
      // phase on a loaded machine (seen after ingest at concurrency 32): wait and try again, twice.
      for (let attempt = 1; ; attempt++) {
        try {
          return (await provisioning.createProject(organizationId, name)).id;
        } catch (error) {
          if (attempt === 3 || (error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    },
    async deleteProject(projectId) {
      // Bench-owned cleanup; traces and spans go with the project (ON DELETE CASCADE). SQLite's
      // search documents have no foreign key: they go first, as the service's purge removes them.
      if (options.adapter === 'sqlite') {
        await database.knex.raw('DELETE FROM trace_search WHERE rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ?)', [scopeMatch(projectId)]);
      }
      await database.knex('projects').where({ id: projectId }).delete();
      // Checkpointed at once, so the next phase does not pay for the deletion's write-ahead log.
      await checkpoint();
    },
    checkpoint,
    async issueApiKey(projectId) {
      return (await provisioning.issueApiKey({ organizationId, projectId, name: 'bench' })).key;
    },
    async refreshPlannerStatistics() {
      if (adapter === 'postgres') await database.knex.raw('ANALYZE');
    },
    async close() {
      await database.close();
      await dropDatabase();
      if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database server as a report names it: its version and, on PostgreSQL, the memory settings a
 * search over a million traces depends on (a window of scattered matches reads more pages than the
 * default 128 MB of shared buffers hold; docs/deployment.md).
 */
export async function describeDatabase(db: Pick<BenchDatabase, 'adapter' | 'database'>): Promise<string> {
  const knex = db.database.knex;
  if (db.adapter === 'sqlite') {
    const [row] = (await knex.raw('SELECT sqlite_version() AS version')) as Array<{ version: string }>;
    return `SQLite ${row.version}`;
  }
  const result = await knex.raw(
    "SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS shared_buffers, current_setting('effective_cache_size') AS cache",
  );
  const row = (result as { rows: Array<{ version: string; shared_buffers: string; cache: string }> }).rows[0];
  return `PostgreSQL ${row.version} (shared_buffers ${row.shared_buffers}, effective_cache_size ${row.cache})`;
}
