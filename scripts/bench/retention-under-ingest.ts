import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import knexFactory from 'knex';
import { migrateToLatest, openDatabase, type Database } from '../../adapters/database.js';
import { PARTITIONED_TABLES, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { createStore } from '../../adapters/store.js';
import { systemClock } from '../../src/clock.js';
import { AuditLog } from '../../src/domain/audit/audit-log.js';
import { Provisioning } from '../../src/domain/bootstrap/provisioning.js';
import { DataLifecycle } from '../../src/domain/lifecycle/data-lifecycle.js';
import { CursorCodec } from '../../src/pagination/cursor.js';
import type { Store } from '../../src/ports/store.js';
import type { TraceWrite } from '../../src/ports/traces.js';
import { describeDatabase } from './bench-database.js';
import { traceWrite } from './bench-traces.js';
import { percentile } from './load.js';

/**
 * Retention under ingest on PostgreSQL (issue #61 item 4): `--spans` spans are loaded into one
 * project, half of its traces 60 days old and half a day old; then ingest into another project runs
 * at `--concurrency` writers, each writing `--batch-traces` traces per transaction through the
 * store's insertMany (the write of a batch POST, in process: no HTTP), first for `--idle-seconds`
 * alone, then while the data lifecycle (the service's DataLifecycle, batches of `--batch-size`
 * traces) deletes the old half after the project's retention is set to 30 days. Printed as JSON:
 * ingest p50/p99 idle and during the deletion, their ratio, and the deletion's duration.
 * With `--stored-weeks-ago N` the old half is stored N weeks back, in a week partition of its own,
 * which retention's drop path removes whole (docs/partitioning.md); without it, everything is stored now
 * and the old half goes by the batch path, as before partitioning.
 * It runs on a database of its own (tracewell_retention_<pid>, or `--database <name>`), dropped at the end
 * unless `--keep`; `--load-only --keep` stops after loading, to study the deletion's statements by hand, and
 * `--template <that database>` then copies it instead of loading (same --spans and --stored-weeks-ago; for
 * iterating — a reported run loads its own).
 * `npm run bench:retention -- --spans 1000000`.
 */

interface Options {
  spans: number;
  spansPerTrace: number;
  batchTraces: number;
  concurrency: number;
  idleSeconds: number;
  batchSize: number;
  releaseBatchSize: number;
  postgresUrl: string;
  keep: boolean;
  storedWeeksAgo: number;
  database: string | null;
  loadOnly: boolean;
  template: string | null;
}

const DAY_MS = 86_400_000;
const round = (value: number) => Math.round(value * 100) / 100;
/** How many of the loaded traces are past retention: the first half. */
const pastRetention = (traces: number) => Math.floor(traces / 2);

/**
 * Loads the retained project: `traces` traces, the first half 60 days old, the second half one day old;
 * the first half through `oldStore` (its stored_at in a past week with --stored-weeks-ago).
 */
async function seed(store: Store, oldStore: Store, projectId: string, traces: number, options: Options): Promise<void> {
  const now = Date.now();
  const chunk = 100;
  let next = 0;
  const loader = async (): Promise<void> => {
    for (;;) {
      const start = next;
      next += chunk;
      if (start >= traces) return;
      const [oldWrites, newWrites]: TraceWrite[][] = [[], []];
      for (let i = start; i < Math.min(traces, start + chunk); i++) {
        const old = i < pastRetention(traces);
        (old ? oldWrites : newWrites).push(traceWrite(projectId, `t${i}`, options.spansPerTrace, (old ? now - 60 * DAY_MS : now - DAY_MS) + i));
      }
      // Each half through its own store (their stored_at differ with --stored-weeks-ago).
      if (oldWrites.length > 0) await oldStore.transaction((tx) => tx.traces.insertMany(oldWrites));
      if (newWrites.length > 0) await store.transaction((tx) => tx.traces.insertMany(newWrites));
    }
  };
  await Promise.all(Array.from({ length: 4 }, loader));
}

/** Ingest writers until `done()` answers true (checked before each write): each write's latency, ms. */
async function ingest(store: Store, projectId: string, options: Options, label: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; !done(); n++) {
      const writes = Array.from({ length: options.batchTraces }, (_, k) => traceWrite(projectId, `${label}-${w}-${n}-${k}`, options.spansPerTrace, Date.now()));
      const started = performance.now();
      await store.transaction((tx) => tx.traces.insertMany(writes));
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => writer(w)));
  return latencies.sort((a, b) => a - b);
}

const summary = (latencies: number[], seconds: number, options: Options) => ({
  writes: latencies.length,
  spansPerSecond: round((latencies.length * options.batchTraces * options.spansPerTrace) / seconds),
  p50Ms: round(percentile(latencies, 50)),
  p99Ms: round(percentile(latencies, 99)),
});

/**
 * A store whose new traces are stored `weeksAgo` weeks back, in a week partition of their own: on this
 * new database the legacy partition (empty) is made to end there, and the weeks from there to next
 * week are created, as the `time-partitions` task would have over those weeks.
 */
async function pastWeekStore(database: Database, store: Store, weeksAgo: number): Promise<Store> {
  const first = weekStart(Date.now()) - weeksAgo * WEEK_MS;
  for (const table of PARTITIONED_TABLES) {
    await database.knex.raw('ALTER TABLE ?? DETACH PARTITION ??', [table, `${table}_legacy`]);
    await database.knex.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO (${first})`, [table, `${table}_legacy`]);
  }
  for (let week = first; week <= weekStart(Date.now()) + WEEK_MS; week += WEEK_MS) await store.transaction((tx) => tx.timePartitions.createWeek(week));
  return createStore(database.knex, database.dialect, { storedAtClock: () => first + 3_600_000 });
}

async function main(): Promise<void> {
  const raw = new Command()
    .option('--spans <n>', 'spans loaded into the retained project (half of them past retention)', '1000000')
    .option('--spans-per-trace <n>', 'spans per trace, loaded and ingested', '25')
    .option('--batch-traces <n>', 'traces per ingest transaction', '20')
    .option('--concurrency <n>', 'concurrent ingest writers', '8')
    .option('--idle-seconds <n>', 'how long ingest is measured without the deletion', '30')
    .option('--batch-size <n>', 'traces the data lifecycle deletes per transaction (LIFECYCLE_BATCH_SIZE)', '500')
    .option('--release-batch-size <n>', 'traces of a past week the data lifecycle releases per transaction before the drop (LIFECYCLE_RELEASE_BATCH_SIZE)', '10000')
    .option('--postgres-url <url>', 'PostgreSQL server (used as admin to create the database)', 'postgres://postgres@127.0.0.1:5432/test')
    .option('--stored-weeks-ago <n>', 'store the old half that many weeks back, in a week partition of its own that retention can drop (0: stored now, as before partitioning)', '0')
    .option('--keep', 'keep the database afterwards', false)
    .option('--database <name>', 'name of the database to create (default tracewell_retention_<pid>)')
    .option('--template <name>', 'copy this database kept by --load-only instead of loading (iterating only)')
    .option('--load-only', 'stop after loading (with --keep: a loaded database to study)', false)
    .parse()
    .opts();
  const options: Options = {
    spans: Number(raw.spans), spansPerTrace: Number(raw.spansPerTrace), batchTraces: Number(raw.batchTraces), concurrency: Number(raw.concurrency),
    idleSeconds: Number(raw.idleSeconds), batchSize: Number(raw.batchSize), releaseBatchSize: Number(raw.releaseBatchSize), postgresUrl: String(raw.postgresUrl), keep: Boolean(raw.keep),
    storedWeeksAgo: Number(raw.storedWeeksAgo), database: raw.database ? String(raw.database) : null, loadOnly: Boolean(raw.loadOnly),
    template: raw.template ? String(raw.template) : null,
  };
  const name = options.database ?? `tracewell_retention_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: options.postgresUrl, pool: { min: 0, max: 1 } });
  if (options.template) await admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, options.template]);
  else await admin.raw('CREATE DATABASE ??', [name]);
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  const progress = (message: string) => process.stderr.write(`[${new Date().toISOString()}] ${message}\n`);
  try {
    const store = createStore(database.knex, database.dialect);
    const traces = Math.floor(options.spans / options.spansPerTrace);
    let retained: string;
    let ingested: string;
    let started = performance.now();
    let seedSeconds = 0;
    if (options.template) {
      const projectId = async (name: string) => String((await database.knex('projects').where({ name }).first('id')).id);
      [retained, ingested] = [await projectId('Retained'), await projectId('Ingest')];
      progress(`copied ${options.template}`);
    } else {
      await migrateToLatest(database);
      const provisioning = new Provisioning(store, systemClock);
      const organization = await provisioning.createOrganization('Retention bench');
      retained = (await provisioning.createProject(organization.id, 'Retained')).id;
      ingested = (await provisioning.createProject(organization.id, 'Ingest')).id;
      const oldStore = options.storedWeeksAgo > 0 ? await pastWeekStore(database, store, options.storedWeeksAgo) : store;
      progress(`loading ${traces} traces of ${options.spansPerTrace} spans`);
      started = performance.now();
      await seed(store, oldStore, retained, traces, options);
      seedSeconds = (performance.now() - started) / 1000;
    }
    await database.knex.raw('ANALYZE');
    await database.knex.raw('CHECKPOINT');
    if (options.loadOnly) {
      process.stdout.write(`${JSON.stringify({ database: name, retained, ingested, loaded: { traces, seconds: round(seedSeconds) } })}\n`);
      return;
    }

    const loads: Record<string, number[]> = { beforeIdle: loadavg().map(round) };
    progress(`ingest alone for ${options.idleSeconds} s`);
    started = performance.now();
    const idleUntil = started + options.idleSeconds * 1000;
    const idle = await ingest(store, ingested, options, 'idle', () => performance.now() >= idleUntil);
    const idleSeconds = (performance.now() - started) / 1000;
    await database.knex.raw('CHECKPOINT');

    loads.beforeRetention = loadavg().map(round);
    progress('ingest during the retention run');
    await store.projects.update(retained, { retentionDays: 30 }, new Date());
    const lifecycle = new DataLifecycle(store, systemClock, new AuditLog(store, systemClock, new CursorCodec('retention-bench-secret', systemClock)), {
      batchSize: options.batchSize, releaseBatchSize: options.releaseBatchSize, batchesPerRun: 20, leaseMs: 60_000,
    });
    let deleting = true;
    let deletedTraces = 0;
    started = performance.now();
    const deletion = (async () => {
      try {
        for (;;) {
          const run = await lifecycle.runOnce('retention-bench');
          deletedTraces += run.deletedTraces;
          if (!run.more) break;
        }
      } finally {
        deleting = false;
      }
    })();
    const during = await ingest(store, ingested, options, 'during', () => !deleting);
    await deletion;
    const retentionSeconds = (performance.now() - started) / 1000;
    loads.afterRetention = loadavg().map(round);
    const remaining = Number((await database.knex('spans').where({ project_id: retained }).count({ n: '*' }))[0].n);

    const idleSummary = summary(idle, idleSeconds, options);
    const duringSummary = summary(during, retentionSeconds, options);
    const result = {
      database: await describeDatabase({ adapter: 'postgres', database }),
      loaded: { traces, spans: traces * options.spansPerTrace, seconds: round(seedSeconds), template: options.template },
      ingest: { concurrency: options.concurrency, tracesPerWrite: options.batchTraces, spansPerTrace: options.spansPerTrace },
      idle: idleSummary,
      duringRetention: duringSummary,
      p99Ratio: round(duringSummary.p99Ms / idleSummary.p99Ms),
      storedWeeksAgo: options.storedWeeksAgo,
      loadAverage: loads,
      retention: { batchSize: options.batchSize, releaseBatchSize: options.releaseBatchSize, deletedTraces, seconds: round(retentionSeconds), spansLeft: remaining, spansLeftExpected: (traces - pastRetention(traces)) * options.spansPerTrace },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.close();
    if (!options.keep) await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await admin.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
