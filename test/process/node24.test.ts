import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { spawnServer } from '../../scripts/bench/server-process.js';
import { node24 } from '../support/node24.js';

/** Runs `args` with Node 24 in the repository; the combined output and exit code. */
function runWith(node: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(node, args, { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe("Node 24 (the active LTS, beside the machine's Node 20)", function () {
  this.timeout(900_000);
  let runtime: { node: string; version: string };

  before(async () => {
    runtime = await node24();
  });

  it('is Node 24 from the npm registry', () => {
    expect(runtime.version).to.match(/^v24\.\d+\.\d+$/);
  });

  it('loads the Node-API build of the SQLite driver (better-sqlite3 13), which Node 24 runs without aborting', async () => {
    const { code, output } = await runWith(runtime.node, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { SQLITE_DRIVER_PACKAGE, default: Database } = await import('./adapters/sqlite/driver.ts'); const { Worker } = await import('node:worker_threads'); const db = new Database(':memory:'); for (let i = 0; i < 2000; i++) db.prepare('select ?').get(i); const worker = new Worker(\"const D = process.getBuiltinModule('node:module').createRequire(process.cwd() + '/')('better-sqlite3-napi'); const d = new D(':memory:'); for (let i = 0; i < 2000; i++) d.prepare('select ?').get(i);\", { eval: true }); await new Promise((r) => worker.on('exit', r)); globalThis.gc?.(); console.log(SQLITE_DRIVER_PACKAGE, new Database(':memory:').prepare('select sqlite_version() as v').get().v);",
    ]);
    expect(code, output).to.equal(0);
    expect(output.trim()).to.match(/^better-sqlite3-napi 3\.\d+\.\d+$/);
  });

  describe('the compile cache (src/startup/compile-cache.ts)', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'tracewell-compile-cache-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    /** Starts `npm start`'s entry, waits for its listening line, stops it with SIGTERM; the whole output. */
    const startAndStop = async () => {
      const server = await spawnServer({
        node: runtime.node,
        entry: 'dist/src/main.js',
        // NODE_DEBUG_NATIVE=COMPILE_CACHE: the runtime logs each module's cache read and whether V8 accepted it.
        env: { NODE_COMPILE_CACHE: path.join(dir, 'cache'), NODE_DEBUG_NATIVE: 'COMPILE_CACHE', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
      });
      expect(await server.stop(), server.output().slice(-3000)).to.equal(0);
      return server.output();
    };
    const accepted = (output: string) => [...output.matchAll(/V8 code cache for \S+ (\S+) was accepted/g)].map((match) => match[1]!);

    it("writes the server's modules on its first start, and its next start runs the bundle and the SQLite thread's driver from them", async () => {
      const first = await startAndStop();
      // Threads started after the start's flush may already read from it; the request thread's bundle cannot.
      expect(accepted(first).filter((url) => /\/dist\/(src\/main|chunks\/serve-[^/]+)\.js$/.test(url))).to.deep.equal([]);
      const [versionDir] = readdirSync(path.join(dir, 'cache'));
      expect(versionDir).to.match(new RegExp(`^${runtime.version}-`));
      // One entry a module: the bundle's entry and chunks (its packages inside them) and the SQLite driver's files.
      expect(readdirSync(path.join(dir, 'cache', versionDir!)).length).to.be.greaterThan(20);

      const second = await startAndStop();
      const modules = accepted(second);
      expect(modules.filter((url) => /\/dist\/chunks\/serve-[^/]+\.js$/.test(url))).to.have.length(1);
      // knex is bundled: the chunk that holds it (esbuild heads each bundled file with its path) comes from the cache too.
      const knexChunk = readdirSync(path.join(PACKAGE_ROOT, 'dist', 'chunks')).filter((file) => file.endsWith('.js') && readFileSync(path.join(PACKAGE_ROOT, 'dist', 'chunks', file), 'utf8').includes('\n// node_modules/knex/knex.js\n'));
      expect(knexChunk).to.have.length(1);
      expect(modules.filter((url) => url.endsWith(`/dist/chunks/${knexChunk[0]}`))).to.have.length(1);
      // The SQLite connection thread's entry, loaded only on that thread: workers take the cache from the environment.
      expect(modules.filter((url) => url.endsWith('/dist/adapters/sqlite/connection-thread.js'))).to.have.length(1);
    });
  });

  it('runs the smoke tier (test/tiers/smoke.json) on both adapters with no failure', async () => {
    const { code, output } = await runWith(runtime.node, ['node_modules/mocha/bin/mocha.js', '--config', '.mocharc.smoke.cjs']);
    const passing = Number(/^ +(\d+) passing/m.exec(output)?.[1] ?? 0);
    // The child's report is quoted with a '| ' margin: its own "N passing" lines must not read as
    // this run's summary to anything scanning the outer output (.ci/run does).
    const report = (length: number) => output.slice(-length).replace(/^/gm, '| ');
    expect(/^ +\d+ failing/m.test(output), report(6000)).to.equal(false);
    expect(code, report(6000)).to.equal(0);
    // Both adapters ran: every adapter-specific describe is named after its adapter.
    expect(output).to.contain('[sqlite]').and.to.contain('[postgres]');
    expect(passing, report(3000)).to.be.greaterThan(300);
  });
});
