import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import knexFactory from 'knex';
import { migrateThrough, migrateToLatest, openDatabase } from '../../adapters/database.js';
import { HOUR_MS, ROLLUP_DIMENSION_NAMES } from '../../adapters/sql/metrics-rollup-grains.js';
import { encodeSketch } from '../../adapters/sql/latency-sketch.js';
import { createStore } from '../../adapters/store.js';
import { systemClock } from '../../src/clock.js';
import { Provisioning } from '../../src/domain/bootstrap/provisioning.js';
import type { Store } from '../../src/ports/store.js';
import { traceWrite } from './bench-traces.js';
import { percentile } from './load.js';

/**
 * Migration 055 at scale (docs/partitioning.md, "The metrics rollups"): a database of its own migrated
 * through 054 gets `--rows` hour rows of metrics rollups (one project, `--weeks` weeks back from now, every
 * rolled-up dimension with values spread over the hours) and the day rows they add up to; then ingest (in
 * process, 20 traces of 25 spans per transaction, `--concurrency` writers) and a metrics read loop (a
 * day's sums of one dimension over the hour rows, one connection) run alone for `--idle-seconds` and
 * while migration 055 runs. Printed as JSON: the migration's time, the rows moved, ingest p50 / p99 / max
 * and the read's p50 / max, alone and during. `npm run bench:migration-055 -- --rows 1000000`.
 */
const round = (value: number) => Math.round(value * 100) / 100;

async function untilDone(work: () => Promise<void>, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const started = performance.now();
    await work();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

const summary = (latencies: number[]) => ({
  count: latencies.length,
  p50Ms: round(percentile(latencies, 50)),
  p99Ms: round(percentile(latencies, 99)),
  maxMs: round(latencies[latencies.length - 1] ?? 0),
});

async function main(): Promise<void> {
  const raw = new Command()
    .option('--rows <n>', 'hour rows of metrics rollups stored before the migration', '1000000')
    .option('--weeks <n>', 'weeks back the hour rows are spread over', '6')
    .option('--concurrency <n>', 'concurrent ingest writers', '8')
    .option('--idle-seconds <n>', 'how long ingest and reads are measured before the migration', '15')
    .option('--database <name>', 'name of the database to create', `tracewell_migration055_${process.pid}`)
    .option('--postgres-url <url>', 'PostgreSQL server (used as admin to create the database)', 'postgres://postgres@127.0.0.1:5432/test')
    .parse()
    .opts();
  const rows = Number(raw.rows);
  const weeks = Number(raw.weeks);
  const concurrency = Number(raw.concurrency);
  const name = String(raw.database);
  const admin = knexFactory({ client: 'pg', connection: String(raw.postgresUrl), pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [name]);
  const url = new URL(String(raw.postgresUrl));
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  try {
    const knex = database.knex;
    await migrateThrough(database, '054-trace-ids-week-order');
    const store: Store = createStore(knex, database.dialect);
    const provisioning = new Provisioning(store, systemClock);
    const organization = await provisioning.createOrganization('Migration 055 bench');
    const rolled = (await provisioning.createProject(organization.id, 'Rolled up')).id;
    const ingested = (await provisioning.createProject(organization.id, 'Ingest')).id;
    const hours = weeks * 7 * 24;
    const firstHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - hours * HOUR_MS;
    const sketch = encodeSketch([[10, 3], [12, 5], [40, 1]]);
    const started = performance.now();
    // Row k: hour k % hours, dimension k % 12, value k / (hours * 12) — distinct (hour, dimension, value).
    await knex.raw(
      `INSERT INTO metrics_rollups (project_id, dimension, hour_ms, value, units, traces, spans, errors, cost, input_tokens, output_tokens, total_tokens, latency_sketch)
       SELECT ?::uuid, (?::text[])[1 + k % 12], ?::bigint + (k % ?::bigint) * ${HOUR_MS}, 'v' || (k / (?::bigint * 12)), 9, 9, 90, 1, 0.25, 900, 300, 1200, ?
       FROM generate_series(0::bigint, ?::bigint - 1) AS k`,
      [rolled, [...ROLLUP_DIMENSION_NAMES], firstHour, hours, hours, sketch, rows],
    );
    await knex.raw(
      `INSERT INTO metrics_daily_rollups (project_id, dimension, day_ms, value, units, traces, spans, errors, cost, input_tokens, output_tokens, total_tokens, latency_sketch)
       SELECT project_id, dimension, hour_ms - hour_ms % 86400000, value, sum(units), sum(traces), sum(spans), sum(errors), sum(cost), sum(input_tokens), sum(output_tokens), sum(total_tokens), (array_agg(latency_sketch))[1]
       FROM metrics_rollups GROUP BY project_id, dimension, hour_ms - hour_ms % 86400000, value`,
    );
    await knex.raw('ANALYZE');
    const loadSeconds = (performance.now() - started) / 1000;
    const dayRows = Number((await knex('metrics_daily_rollups').count({ n: '*' }))[0].n);

    let migrating = false;
    let phase: 'idle' | 'during' | 'stop' = 'idle';
    const writes = async (w: number, n: { v: number }) => {
      const batch = Array.from({ length: 20 }, (_, k) => traceWrite(ingested, `${phase}-${w}-${n.v++}-${k}`, 25, Date.now()));
      await store.transaction((tx) => tx.traces.insertMany(batch));
    };
    const read = async () => {
      const day = firstHour + Math.floor(Math.random() * (hours - 24)) * HOUR_MS;
      await knex.raw(`SELECT value, sum(units) AS units, sum(cost) AS cost FROM metrics_rollups WHERE project_id = ? AND dimension = 'model' AND hour_ms >= ? AND hour_ms < ? GROUP BY value`, [rolled, day, day + 24 * HOUR_MS]);
    };
    const measure = async (until: () => boolean) => {
      const [ingest, reads] = await Promise.all([
        Promise.all(Array.from({ length: concurrency }, (_, w) => { const n = { v: 0 }; return untilDone(() => writes(w, n), until); })).then((all) => all.flat().sort((a, b) => a - b)),
        untilDone(read, until),
      ]);
      return { ingest: summary(ingest), metricsRead: summary(reads) };
    };
    const loads: Record<string, number[]> = { beforeIdle: loadavg().map(round) };
    const idleUntil = performance.now() + Number(raw.idleSeconds) * 1000;
    const idle = await measure(() => performance.now() >= idleUntil);
    loads.beforeMigration = loadavg().map(round);
    phase = 'during';
    migrating = true;
    let migrationSeconds = 0;
    const migration = (async () => {
      const at = performance.now();
      try {
        await migrateToLatest(database);
      } finally {
        migrationSeconds = (performance.now() - at) / 1000;
        migrating = false;
      }
    })();
    const during = await measure(() => !migrating);
    await migration;
    loads.afterMigration = loadavg().map(round);
    phase = 'stop';
    const partitions = Number((await knex.raw("SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'metrics_rollups'::regclass")).rows[0].n);
    const movedRows = Number((await knex('metrics_rollups').count({ n: '*' }))[0].n);
    process.stdout.write(
      `${JSON.stringify({ hourRows: rows, dayRows, weeks, loadSeconds: round(loadSeconds), migrationSeconds: round(migrationSeconds), movedRows, partitions, idle, during, loadAverage: loads }, null, 2)}\n`,
    );
  } finally {
    await database.close();
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await admin.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
