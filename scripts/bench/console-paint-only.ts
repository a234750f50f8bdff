import { Command } from 'commander';
import type { Dialect } from '../../src/ports/store.js';
import { readSetting } from '../../src/settings/read-setting.js';
import { openBenchDatabase } from './bench-database.js';
import { createRawIngestor } from './raw-ingest.js';
import { benchServerEnv } from './server-env.js';
import { buildServer, spawnServer } from './server-process.js';
import { measureConsolePaint } from './phases/console-paint.js';
import { consolePaintRows } from './report.js';

/**
 * Only the console first-paint phase (the trace page with 1,000 and 10,000 spans), on a fresh
 * database and the compiled server: a quick loop for work on the console. Prints the report's rows.
 * The full `npm run bench` runs the same phase and remains the record.
 */
async function main(): Promise<void> {
  const options = new Command()
    .name('npm run bench:console-paint --')
    .option('--adapter <name>', 'sqlite or postgres', 'sqlite')
    .option('--postgres-url <url>', 'PostgreSQL server of the bench database', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
    .parse(process.argv)
    .opts<{ adapter: Dialect; postgresUrl: string }>();
  const log = (message: string) => console.error(`[console-paint] ${message}`);
  const db = await openBenchDatabase({ adapter: options.adapter, reuse: false, postgresUrl: options.postgresUrl });
  const compiled = await buildServer();
  try {
    const server = await spawnServer({ entry: compiled.entry, env: benchServerEnv(db) });
    try {
      const results = await measureConsolePaint({ server, db, raw: createRawIngestor(db), baseTime: Date.now() - 60_000, log });
      console.log(`${options.adapter}:\n${consolePaintRows(results).join('\n')}`);
      console.log(JSON.stringify(results));
    } finally {
      await server.stop();
    }
  } finally {
    compiled.remove();
    await db.close();
  }
}

await main();
