import { Command } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { openBenchDatabase } from './bench-database.js';
import { createRawIngestor } from './raw-ingest.js';
import { benchServerEnv } from './server-env.js';
import { measureTenantSafety } from './phases/tenant-safety.js';
import type { PhaseContext } from './phases/phase-context.js';
import { buildServer, type ServerProcess } from './server-process.js';
import { readSetting } from '../../src/settings/read-setting.js';

/**
 * Only the two tenant-safety phases ("fair share" and "hostile detections") on the reusable data
 * set (`npm run bench -- --load-only` first): a quick loop for work on isolation, printed as JSON.
 * The full `npm run bench` remains the record.
 */
async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:tenant-safety --')
    .option('--adapter <name>', 'sqlite or postgres', 'sqlite')
    .option('--duration <seconds>', 'seconds per measurement', '5')
    .option('--warmup <requests>', 'unrecorded requests before each idle measurement', '50')
    .option('--cpu-prof <dir>', "write V8 CPU profiles of the phases' server (main thread and workers) to this directory")
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: Dialect; duration: string; warmup: string; postgresUrl: string; cpuProf?: string }>();
  const db = await openBenchDatabase({ adapter: options.adapter, reuse: true, postgresUrl: options.postgresUrl });
  const log = (message: string) => console.error(`[tenant-safety] ${message}`);
  const compiled = await buildServer();
  try {
    const context: PhaseContext = {
      // The phases start their own server; nothing here uses the main one.
      server: undefined as unknown as ServerProcess,
      serverEntry: compiled.entry,
      db,
      raw: createRawIngestor(db),
      seed: 42,
      baseTime: Date.now() - 60_000,
      durationSeconds: Number(options.duration),
      warmupRequests: Number(options.warmup),
      log,
      notes: [],
    };
    const serverEnv = benchServerEnv(db);
    const result = await measureTenantSafety(context, db.project.projectId, serverEnv, options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProf] : []);
    console.log(JSON.stringify({ adapter: options.adapter, ...result, notes: context.notes }, null, 2));
  } finally {
    compiled.remove();
    await db.close();
  }
}

await main();
