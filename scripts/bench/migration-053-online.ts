import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import knexFactory from 'knex';
import { migrateThrough, migrateToLatest, openDatabase } from '../../adapters/database.js';
import { SWAP } from '../../adapters/migrations/053-time-partitions.js';
import { createStore } from '../../adapters/store.js';
import { systemClock } from '../../src/clock.js';
import { Provisioning } from '../../src/domain/bootstrap/provisioning.js';
import type { Store } from '../../src/ports/store.js';
import { traceWrite } from './bench-traces.js';
import { percentile } from './load.js';

/**
 * Migration 053 online at scale (docs/partitioning.md, "Migrating"): a database of its own migrated
 * through 052 gets `--spans` spans through the store (traces of 25 spans, 4 loaders), then ingest runs at
 * `--concurrency` writers (20 traces per transaction, insertMany, in process) for `--idle-seconds` alone
 * and then while the remaining migrations (053, online, and 054) run. Printed as JSON: each table's
 * phase A and phase B times (phase B from the start of its last attempt, lock wait included), the
 * retries logged, and ingest p50 / p99 / max alone and during the migration.
 * `npm run bench:migration-053 -- --spans 2000000`.
 */
const round = (value: number) => Math.round(value * 100) / 100;

async function ingest(store: Store, projectId: string, concurrency: number, label: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; !done(); n++) {
      const writes = Array.from({ length: 20 }, (_, k) => traceWrite(projectId, `${label}-${w}-${n}-${k}`, 25, Date.now()));
      const started = performance.now();
      await store.transaction((tx) => tx.traces.insertMany(writes));
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => writer(w)));
  return latencies.sort((a, b) => a - b);
}

const summary = (latencies: number[]) => ({
  writes: latencies.length,
  p50Ms: round(percentile(latencies, 50)),
  p99Ms: round(percentile(latencies, 99)),
  maxMs: round(latencies[latencies.length - 1] ?? 0),
});

async function main(): Promise<void> {
  const raw = new Command()
    .option('--spans <n>', 'spans stored before the migration', '2000000')
    .option('--concurrency <n>', 'concurrent ingest writers', '8')
    .option('--idle-seconds <n>', 'how long ingest is measured before the migration', '20')
    .option('--database <name>', 'name of the database to create', `tracewell_migration_${process.pid}`)
    .option('--postgres-url <url>', 'PostgreSQL server (used as admin to create the database)', 'postgres://postgres@127.0.0.1:5432/test')
    .option('--keep', 'keep the database afterwards', false)
    .parse()
    .opts();
  const spans = Number(raw.spans);
  const concurrency = Number(raw.concurrency);
  const name = String(raw.database);
  const admin = knexFactory({ client: 'pg', connection: String(raw.postgresUrl), pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [name]);
  const url = new URL(String(raw.postgresUrl));
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  const progress = (message: string) => process.stderr.write(`[${new Date().toISOString()}] ${message}\n`);
  try {
    await migrateThrough(database, '052-trace-registry');
    const store = createStore(database.knex, database.dialect);
    const provisioning = new Provisioning(store, systemClock);
    const organization = await provisioning.createOrganization('Migration bench');
    const stored = (await provisioning.createProject(organization.id, 'Stored')).id;
    const ingested = (await provisioning.createProject(organization.id, 'Ingest')).id;
    const traces = Math.floor(spans / 25);
    progress(`loading ${traces} traces of 25 spans at 052`);
    let started = performance.now();
    let next = 0;
    const loader = async (): Promise<void> => {
      for (;;) {
        const start = next;
        next += 100;
        if (start >= traces) return;
        const writes = Array.from({ length: Math.min(100, traces - start) }, (_, i) => traceWrite(stored, `t${start + i}`, 25, Date.now() - 86_400_000));
        await store.transaction((tx) => tx.traces.insertMany(writes));
      }
    };
    await Promise.all(Array.from({ length: 4 }, loader));
    const loadSeconds = (performance.now() - started) / 1000;
    await database.knex.raw('ANALYZE');
    await database.knex.raw('CHECKPOINT');

    const loads: Record<string, number[]> = { beforeIdle: loadavg().map(round) };
    progress(`ingest alone for ${raw.idleSeconds} s`);
    started = performance.now();
    const idleUntil = started + Number(raw.idleSeconds) * 1000;
    const idle = await ingest(store, ingested, concurrency, 'idle', () => performance.now() >= idleUntil);
    loads.beforeMigration = loadavg().map(round);

    progress('ingest during migrations 053 (online) and 054');
    const phases: { phase: string; table: string; ms: number }[] = [];
    const retries: string[] = [];
    Object.assign(SWAP, { report: (phase: string, table: string, ms: number) => phases.push({ phase, table, ms: round(ms) }), log: (line: string) => retries.push(line) });
    let migrating = true;
    started = performance.now();
    const migration = migrateToLatest(database).finally(() => (migrating = false));
    const during = await ingest(store, ingested, concurrency, 'during', () => !migrating);
    await migration;
    const migrationSeconds = (performance.now() - started) / 1000;
    loads.afterMigration = loadavg().map(round);
    const legacyRows = Number((await database.knex('spans_legacy').count({ n: '*' }))[0].n);

    process.stdout.write(
      `${JSON.stringify(
        {
          loaded: { traces, spans: traces * 25, seconds: round(loadSeconds) },
          ingest: { concurrency, tracesPerWrite: 20, spansPerTrace: 25 },
          idle: summary(idle),
          duringMigration: summary(during),
          migration: { seconds: round(migrationSeconds), phases, retries, spansInLegacyPartition: legacyRows },
          loadAverage: loads,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await database.close();
    if (!raw.keep) await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await admin.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
