import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { REPO_ROOT } from '../../scripts/bench/server-process.js';
import { forEachAdapter, POSTGRES_URL } from '../support/adapters.js';
import type { Dialect } from '../../src/ports/store.js';

const PASSWORD = 'ready before listening';

/** A port free a moment ago: the test must know it before the server prints anything. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The first HTTP answer of `url`, asked every 10 ms (a refused connection means: not listening yet). */
async function firstAnswer(url: string, child: ChildProcess, output: () => string): Promise<Response> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    const answer = await fetch(url).catch(() => null);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within 60 s:\n${output()}`);
}

/** DATABASE_URL for a fresh database of the server's own (a new PostgreSQL database, or SQLite in DATA_DIR), and its removal. */
async function freshDatabase(adapter: Dialect): Promise<{ url: string; drop(): Promise<void> }> {
  if (adapter === 'sqlite') return { url: '', drop: async () => undefined };
  const name = `tracewell_first_run_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } });
  await admin.raw('CREATE DATABASE ??', [name]);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
      await admin.destroy();
    },
  };
}

const postJson = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

forEachAdapter((adapter) => {
  describe('first run with TRACEWELL_ADMIN_PASSWORD: the server answers only once the password is stored', function () {
    this.timeout(120_000);
    let dataDir: string;
    let child: ChildProcess | null = null;
    let database: { url: string; drop(): Promise<void> };

    beforeEach(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-first-run-ready-'));
      database = await freshDatabase(adapter);
    });
    afterEach(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      child = null;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('signs the admin in on the first try, as soon as the port answers: /readyz is 200 and the password approves a device', async () => {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      // The production scrypt cost, as `npm start` runs (the test run lowers it): storing the hash takes
      // the fraction of a second in which the old server already answered and refused the password.
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, SCRYPT_TEST_COST_LOG2: '', HOST: '127.0.0.1', PORT: String(port), REDIS_URL: '', DATABASE_URL: database.url, DATA_DIR: dataDir, TRACEWELL_ADMIN_EMAIL: 'ops@example.com', TRACEWELL_ADMIN_PASSWORD: PASSWORD },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));

      const ready = await firstAnswer(`${baseUrl}/readyz`, child, () => output);
      const device = (await (await postJson(`${baseUrl}/oauth/device/code`, { client_id: 'tracewell-cli', scope: 'context:read' })).json()) as { user_code: string };
      const approval = await postJson(`${baseUrl}/oauth/device`, { user_code: device.user_code, email: 'ops@example.com', password: PASSWORD, decision: 'approve' });

      expect(ready.status, output).to.equal(200);
      expect(approval.status, output).to.equal(200);
      expect(await approval.json()).to.deep.equal({ status: 'approved' });
    });
  });
});
