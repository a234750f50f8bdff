import { Command } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { openBenchDatabase } from './bench-database.js';
import { benchServerEnv } from './server-env.js';
import { measureStartup } from './phases/startup.js';
import { startupRows } from './report.js';
import { buildServer, type CompiledServer } from './server-process.js';
import { readSetting } from '../../src/settings/read-setting.js';

/**
 * Only the start-up phase (first 200 and idle RSS beside the floor server) on a fresh bench database:
 * a quick loop for start-up work, printed as the report's rows and JSON. `--entry dist/src/main.js`
 * measures the last `npm run build` instead of compiling a build of its own.
 * The full `npm run bench` remains the record.
 */
async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:startup --')
    .option('--adapter <name>', 'sqlite or postgres', 'sqlite')
    .option('--rounds <n>', 'interleaved rounds (floor, then server)', '3')
    .option('--idle-ms <ms>', 'quiet time before the idle RSS is read', '10000')
    .option('--entry <file>', 'compiled server entry to measure (default: compile one for this run)')
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: Dialect; rounds: string; idleMs: string; entry?: string; postgresUrl: string }>();
  const db = await openBenchDatabase({ adapter: options.adapter, reuse: false, postgresUrl: options.postgresUrl });
  const log = (message: string) => console.error(`[startup] ${message}`);
  const compiled: CompiledServer | undefined = options.entry ? undefined : await buildServer();
  try {
    const result = await measureStartup(
      {
        serverEntry: options.entry ?? compiled!.entry,
        serverEnv: benchServerEnv(db),
        apiKey: await db.issueApiKey(db.project.projectId),
        rounds: Number(options.rounds),
        idleMs: Number(options.idleMs),
      },
      log,
    );
    const rows = startupRows({ ...result, afterIngest: { settleMs: 0, idleBeforeMb: null, afterMb: null } }).slice(0, 4);
    console.log(rows.join('\n'));
    console.log(JSON.stringify({ adapter: options.adapter, ...result }, null, 2));
  } finally {
    compiled?.remove();
    await db.close();
  }
}

await main();
