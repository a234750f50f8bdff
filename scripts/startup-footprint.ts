import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer } from './bench/server-process.js';

/**
 * Start-up time and idle memory of the server, from source through tsx and compiled: each variant
 * started `--runs` times on a fresh SQLite directory; start-up is spawn → "listening on", idle RSS is
 * read from /proc after `--idle-ms` of quiet. Prints a Markdown table (medians). Needs `npm run build`.
 *
 *   npx tsx scripts/startup-footprint.ts [--runs 5] [--idle-ms 3000]
 */
const argument = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = argument('--runs', 5);
const idleMs = argument('--idle-ms', 3000);

const rssMb = (pid: number): number => {
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
};
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const variants = [
  { name: 'tsx src/main.ts (before)', entry: 'src/main.ts' },
  { name: 'node dist/src/main.js (npm start)', entry: 'dist/src/main.js' },
];

console.log('| server | start-up to listening (median) | idle RSS (median) |');
console.log('|---|---:|---:|');
for (const variant of variants) {
  const startups: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-footprint-'));
    const started = performance.now();
    const server = await spawnServer({ entry: variant.entry, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    startups.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    rss.push(rssMb(server.pid));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`| ${variant.name} | ${Math.round(median(startups))} ms | ${median(rss).toFixed(0)} MB |`);
}
