import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The active LTS the Dockerfile runs; the machine's Node (20) stays what `npm test` runs on. */
export const NODE24 = 'node@24';

/** Runs `work` holding a lock directory; a lock older than 30 minutes is a crashed run's and is taken over. */
async function underLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 30 * 60_000) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Node 24 from the npm registry (the `node` package ships the binary) in a temporary prefix, never in
 * the project; NODE24_PREFIX reuses an installed one. It runs this checkout as it is: every package is
 * JavaScript or Node-API except better-sqlite3 12, which Node 24 does not load (adapters/sqlite/driver.ts
 * picks the Node-API build there). Mocha runs files in two processes, so the install happens under a lock.
 */
export async function node24(): Promise<{ node: string; version: string }> {
  const prefix = process.env.NODE24_PREFIX ?? path.join(tmpdir(), 'tracewell-node24');
  mkdirSync(prefix, { recursive: true });
  const node = path.join(prefix, 'node_modules', 'node', 'bin', 'node');
  await underLock(path.join(prefix, '.lock'), async () => {
    if (!existsSync(node)) await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, NODE24], { timeout: 300_000 });
  });
  return { node, version: (await run(node, ['--version'])).stdout.trim() };
}
