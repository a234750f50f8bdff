import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory from 'knex';
import { buildServer, REPO_ROOT, spawnServer, type CompiledServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import type { Dialect } from '../../src/ports/store.js';
import { ADAPTERS, forEachAdapter, POSTGRES_URL } from '../support/adapters.js';

const execute = promisify(execFile);

/** The kit's budget here: 4 generated requests per operation, fixed seed (as deployment.test.ts). */
const FUZZ_RUNS = process.env.CONFORMANCE_FUZZ_RUNS ?? '4';

/** The banner's dev key, printed once right after "listening". */
async function devKey(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/.exec(server.output());
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no API key in the banner:\n${server.output()}`);
}

interface KitRun {
  outcome: { code: number; stdout: string; stderr: string };
  junit: string;
}

/** A server process on its own data (and database) and the kit's CLI run against it; `stop` cleans up. */
interface Deployment {
  run: Promise<KitRun>;
  stop(): Promise<void>;
}

/**
 * The server `npm start` runs: the production bundle (scripts/build), built once for both adapters'
 * deployments. It bundles its packages, so this run is also where the bundle meets every operation.
 */
let compiled: Promise<CompiledServer> | undefined;
after(async () => (await compiled?.catch(() => undefined))?.remove());

function deploy(adapter: Dialect): Deployment {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-conformance-process-'));
  const database = `tracewell_conformance_${randomBytes(4).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const admin = adapter === 'postgres' ? knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } }) : undefined;
  let server: ServerProcess | undefined;
  const run = (async (): Promise<KitRun> => {
    await admin?.raw('CREATE DATABASE ??', [database]);
    server = await spawnServer({ entry: (await (compiled ??= buildServer())).entry, env: { DATA_DIR: dataDir, DATABASE_URL: adapter === 'postgres' ? databaseUrl : '' }, startTimeoutMs: 60_000 });
    const apiKey = await devKey(server);
    const junitFile = path.join(dataDir, 'conformance.xml');
    const args = ['conformance/cli.ts', '--base-url', server.baseUrl, '--api-key', apiKey, '--seed', '20261123', '--fuzz-runs', FUZZ_RUNS, '--include-rate-limit', '--junit', junitFile];
    const outcome = await execute(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), args, { cwd: REPO_ROOT, timeout: 840_000, maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
    return { outcome, junit: readFileSync(junitFile, 'utf8') };
  })();
  // Handled here too: the other adapter's suite may be running when this one fails.
  void run.catch(() => undefined);
  return {
    run,
    async stop() {
      await run.catch(() => undefined);
      await server?.stop();
      await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]).catch(() => undefined);
      await admin?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Most of a kit run is waiting out the default rate-limit windows, so every adapter's deployment
 * starts when the first adapter's suite does and the runs overlap: the file costs one run's wait, not one per adapter.
 */
const deployments = new Map<Dialect, Deployment>();
const deploymentOf = (adapter: Dialect): Deployment => {
  if (deployments.size === 0) for (const each of ADAPTERS) deployments.set(each, deploy(each));
  return deployments.get(adapter)!;
};

/**
 * The conformance kit as a user runs it (`npm run conformance`, its CLI) against the server as a
 * user starts it: its own process on a fresh DATA_DIR (and, for PostgreSQL, a fresh database), every
 * setting at the README's default — rate limits included, so the kit has to pace itself and wait
 * out Retry-After in real time. No test clock: cursor expiry and the token-only operations are SKIP.
 */
forEachAdapter((adapter) => {
  describe('conformance kit (CLI) against a server process with the README defaults', function () {
    this.timeout(900_000);
    let outcome: KitRun['outcome'];
    let junit: string;

    before(async () => {
      ({ outcome, junit } = await deploymentOf(adapter).run);
    });

    after(async () => deploymentOf(adapter).stop());

    it('exits 0 and reports no FAIL', () => {
      const failed = outcome.stdout.split('\n').filter((line) => line.startsWith('FAIL'));
      expect(failed, `${outcome.stdout}\n${outcome.stderr.slice(-4000)}`).to.deep.equal([]);
      expect(outcome.code).to.equal(0);
      expect(outcome.stdout).to.match(/\n\d+ passed, 0 failed, \d+ skipped\n?$/);
      expect(junit).to.contain('failures="0"');
    });

    it('ran into the default write limit and waited its windows out (the kit logs each wait)', () => {
      expect(outcome.stderr).to.match(/rate limits: key:write spent; waiting \d+\.\d s|rate limits: 429 on key:write, Retry-After \d+; waiting/);
    });

    it('checks the cross-cutting, tool and fuzz rules (each PASS, not SKIP), the tool budget included', () => {
      for (const id of ['envelope', 'problem-details', 'x-request-id', 'rate-limit-headers', 'retry-after', 'no-500', 'tools:initialize', 'tools:list', 'tools:rate-limit', 'fuzz:read-only', 'fuzz:ingestTrace']) {
        expect(outcome.stdout, id).to.match(new RegExp(`^PASS ${id}:`, 'm'));
      }
    });
  });
});
