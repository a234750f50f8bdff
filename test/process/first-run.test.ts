import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { runCli, startCli } from '../cli/cli-harness.js';
import { finalOutput, outputMatch } from '../support/server-output.js';

const run = promisify(execFile);
const PASSWORD = 'first run password';

const startServer = (dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> =>
  spawnServer({ entry: 'src/main.ts', env: { DATA_DIR: dataDir, DATABASE_URL: '', ...env }, startTimeoutMs: 60_000 });

/** The banner is printed right after "listening"; wait for it to arrive. */
const banner = (server: ServerProcess, pattern: RegExp): Promise<RegExpExecArray> => outputMatch(server, pattern);

const postJson = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('first run: setup link, password, tracewell login (device flow), whoami', function () {
  this.timeout(120_000);
  const dirs: string[] = [];
  const fresh = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tracewell-first-run-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('prints a one-time setup link; the password set through it signs the dev user in with `tracewell login`, and whoami shows the dev project', async () => {
    const dataDir = fresh();
    const server = await startServer(dataDir);
    try {
      const [, link] = await banner(server, /Admin dev@localhost: set your password \(one-time link, valid until [^)]+\):\n\s+(\S+)/);
      const projectId = (await banner(server, /project:\s+([0-9a-f-]{36})/))[1];
      expect(link.startsWith(`${server.baseUrl}/account/password?token=tw_ln_`)).to.equal(true);

      const page = await fetch(link);
      expect(page.status).to.equal(200);
      expect(page.headers.get('x-frame-options')).to.equal('DENY');
      expect(await page.text()).to.contain('dev@localhost');

      const token = new URL(link).searchParams.get('token');
      const tooShort = await postJson(`${server.baseUrl}/account/password`, { token, password: 'short' });
      expect(tooShort.status).to.equal(400);
      const set = await postJson(`${server.baseUrl}/account/password`, { token, password: PASSWORD });
      expect(set.status).to.equal(200);
      expect(await set.json()).to.deep.equal({ status: 'password_set', email: 'dev@localhost' });
      const again = await postJson(`${server.baseUrl}/account/password`, { token, password: 'another password' });
      expect(again.status).to.equal(400);

      const home = fresh();
      const env = { HOME: home, TRACEWELL_CONFIG: path.join(home, 'config.json'), TRACEWELL_BASE_URL: server.baseUrl };
      const login = startCli(['login', '--project', projectId], env);
      const [, userCode] = await login.stderrMatch(/enter the code: ([A-Z]{4}-[A-Z]{4})\n/);
      const wrong = await postJson(`${server.baseUrl}/oauth/device`, { user_code: userCode, email: 'dev@localhost', password: 'not the password', decision: 'approve' });
      expect(wrong.status).to.equal(401);
      const approval = await postJson(`${server.baseUrl}/oauth/device`, { user_code: userCode, email: 'dev@localhost', password: PASSWORD, decision: 'approve' });
      expect(await approval.json()).to.deep.equal({ status: 'approved' });
      const loggedIn = await login.done;
      expect(loggedIn.code, loggedIn.stderr).to.equal(0);
      expect(loggedIn.stdout).to.contain(`Logged in to ${server.baseUrl} (project ${projectId})`);

      const whoami = await runCli(['whoami', '--json'], env);
      expect(whoami.code, whoami.stderr).to.equal(0);
      const identity = JSON.parse(whoami.stdout);
      expect(identity.credential).to.equal('oauth');
      expect(identity.project).to.include({ id: projectId, name: 'Dev Project', organizationName: 'Dev Organization' });
    } finally {
      expect(await server.stop()).to.equal(0);
    }

    // Once the password is set, no later start offers a setup link: the whole output, up to the drain's last line, has none.
    const second = await startServer(dataDir);
    expect((await finalOutput(second)).output).to.not.contain('setup');
  });

  it('a later start whose admin never set a password says how to get a new link; `npm run admin -- setup-link` prints one that works', async () => {
    const dataDir = fresh();
    const first = await startServer(dataDir);
    const [, firstLink] = await banner(first, /set your password \(one-time link[^)]*\):\n\s+(\S+)/);
    await first.stop();

    const later = await startServer(dataDir);
    try {
      await banner(later, /Admin dev@localhost has not set a password yet\. For a new one-time setup link, run on this machine:\n\s+npm run admin -- setup-link/);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'setup-link'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
      const token = /account\/password\?token=(tw_ln_\S+)/.exec(stdout)?.[1];
      expect(token, stdout).to.be.a('string');
      // The new link replaced the first one.
      const stale = await postJson(`${later.baseUrl}/account/password`, { token: new URL(firstLink).searchParams.get('token'), password: PASSWORD });
      expect(stale.status).to.equal(400);
      const set = await postJson(`${later.baseUrl}/account/password`, { token, password: PASSWORD });
      expect(set.status).to.equal(200);

      const { stdout: reset } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'reset-password'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
      const resetToken = /token=(tw_ln_\S+)/.exec(reset)?.[1];
      expect(reset).to.contain('Reset the password of dev@localhost');
      expect((await postJson(`${later.baseUrl}/account/password`, { token: resetToken, password: 'a new password' })).status).to.equal(200);
    } finally {
      await later.stop();
    }
  });

  it('TRACEWELL_ADMIN_EMAIL and TRACEWELL_ADMIN_PASSWORD set the admin non-interactively: no link, and the password approves a device', async () => {
    const server = await startServer(fresh(), { TRACEWELL_ADMIN_EMAIL: 'Ops@Example.com', TRACEWELL_ADMIN_PASSWORD: PASSWORD });
    try {
      await banner(server, /Admin ops@example\.com: password set from TRACEWELL_ADMIN_PASSWORD/);
      expect(server.output()).to.not.contain('/account/password');
      const device = (await (await postJson(`${server.baseUrl}/oauth/device/code`, { client_id: 'tracewell-cli', scope: 'context:read' })).json()) as { user_code: string };
      const approval = await postJson(`${server.baseUrl}/oauth/device`, { user_code: device.user_code, email: 'ops@example.com', password: PASSWORD, decision: 'approve' });
      expect(await approval.json()).to.deep.equal({ status: 'approved' });
    } finally {
      await server.stop();
    }
  });
});
