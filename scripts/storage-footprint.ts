import { statSync, existsSync } from 'node:fs';
import { openBenchDatabase } from './bench/bench-database.js';
import { loadDataset } from './bench/dataset.js';
import { createRawIngestor } from './bench/raw-ingest.js';
import type { Dialect } from '../src/ports/store.js';
import { readSetting } from '../src/settings/read-setting.js';

/**
 * Storage per million spans, for docs/scaling.md: loads `--traces` of the benchmark's seeded data set
 * (the same generator, ≈ 25.6 spans a trace) into a fresh database of each adapter through the raw
 * path, and divides the growth of the database (tables, indexes, full-text index) by the spans loaded.
 *
 *   npx tsx scripts/storage-footprint.ts [--traces 5000] [--postgres-url postgres://…]
 */
const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
};
const traces = Number(argument('--traces', '5000'));
const postgresUrl = argument('--postgres-url', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test');

async function footprint(adapter: Dialect): Promise<void> {
  const bench = await openBenchDatabase({ adapter, reuse: false, postgresUrl });
  const knex = bench.database.knex;
  const size = async (): Promise<number> => {
    if (adapter === 'postgres') return Number(((await knex.raw('select pg_database_size(current_database()) as n')) as { rows: { n: string }[] }).rows[0].n);
    await knex.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    const file = bench.serverEnv.DATABASE_URL.replace(/^sqlite:/, '');
    return statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  };
  const before = await size();
  const summary = await loadDataset(createRawIngestor(bench), {
    projectId: bench.project.projectId,
    seed: 42,
    traces,
    dataDir: bench.serverEnv.DATA_DIR,
    baseTime: Date.UTC(2026, 10, 1),
    log: () => undefined,
  });
  if (adapter === 'postgres') await knex.raw('VACUUM ANALYZE');
  const grown = (await size()) - before;
  const perMillion = (grown / summary.spans) * 1e6;
  console.log(
    `| ${adapter} | ${summary.traces.toLocaleString('en')} traces / ${summary.spans.toLocaleString('en')} spans | ${(grown / 2 ** 20).toFixed(1)} MB | ${(grown / summary.spans).toFixed(0)} B | ${(perMillion / 2 ** 30).toFixed(2)} GB |`,
  );
  await bench.close();
}

console.log('| adapter | loaded | database growth | per span | per million spans |');
console.log('|---|---|---:|---:|---:|');
for (const adapter of ['sqlite', 'postgres'] as const) await footprint(adapter);
