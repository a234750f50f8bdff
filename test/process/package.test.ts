import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { outputMatch } from '../support/server-output.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The release path as a user takes it: `npm pack` (its `prepare` step compiles to dist/), the
 * tarball installed globally into a private prefix, `tracewell` found on PATH and run with plain
 * node against a server started as `npm start` starts it (node dist/src/main.js).
 */
describe('npm pack → npm install -g → tracewell (the compiled CLI and server)', function () {
  this.timeout(300_000);
  const work = mkdtempSync(path.join(tmpdir(), 'tracewell-pack-'));
  const prefix = path.join(work, 'prefix');
  const dataDir = path.join(work, 'data');
  let tarball: string;
  let server: ServerProcess | undefined;
  let packedFiles: string[] = [];

  before(async () => {
    // --ignore-scripts on install: better-sqlite3's native build is the server's concern and takes
    // minutes on CI; the CLI never opens a database, so the command must work without it.
    const packed = await run(npm, ['pack', '--pack-destination', work, '--json'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    tarball = path.join(work, report[0].filename);
    packedFiles = report[0].files.map((file) => file.path);
    await run(npm, ['install', '--global', '--prefix', prefix, '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
      cwd: work,
      maxBuffer: 64 * 1024 * 1024,
    });
  });

  after(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const tracewell = (args: string[], env: Record<string, string> = {}) =>
    run('tracewell', args, {
      cwd: work,
      env: { PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH}`, HOME: work, TRACEWELL_CONFIG: path.join(work, 'cli.json'), ...env },
    });

  it('packs the compiled code, the contract, the launcher and the LICENSE, and no TypeScript source or tests', () => {
    const listed = packedFiles;
    expect(listed).to.include.members(['bin/tracewell.js', 'dist/src/main.js', 'dist/src/cli/main.js', 'contract/openapi.yaml', 'generated/openapi.json', 'generated/validation-contract.json', 'generated/operation-index.json', 'generated/request-validation.json', 'generated/request-validators/getProject.cjs', 'LICENSE', 'package.json', 'README.md']);
    expect(listed.filter((file) => file.startsWith('src/') || file.startsWith('test/') || file.endsWith('.ts'))).to.deep.equal([]);
  });

  it('installs `tracewell` on the PATH of the prefix, with production dependencies only (no tsx)', () => {
    const installed = path.join(prefix, 'lib', 'node_modules', 'tracewell');
    expect(existsSync(path.join(prefix, 'bin', 'tracewell'))).to.equal(true);
    expect(existsSync(path.join(installed, 'dist', 'src', 'cli', 'main.js'))).to.equal(true);
    expect(existsSync(path.join(installed, 'node_modules', 'tsx'))).to.equal(false);
    expect(existsSync(path.join(installed, 'node_modules', 'commander'))).to.equal(true);
  });

  it('`tracewell --help` prints the usage and exits 0', async () => {
    const { stdout } = await tracewell(['--help']);
    expect(stdout).to.match(/^Usage: tracewell \[options\] \[command\]/);
    expect(stdout).to.contain('whoami');
  });

  it('`npm start` runs the compiled server with plain node, and the installed `tracewell whoami` talks to it', async () => {
    const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).to.equal('exec node dist/src/main.js');
    server = await spawnServer({ entry: 'dist/src/main.js', env: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, startTimeoutMs: 60_000 });
    const [, apiKey] = await outputMatch(server, /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/);
    const [, project] = await outputMatch(server, /project:\s+([0-9a-f-]{36})/);

    const { stdout } = await tracewell(['whoami', '--json'], { TRACEWELL_BASE_URL: server.baseUrl, TRACEWELL_API_KEY: apiKey });
    const whoami = JSON.parse(stdout) as Record<string, unknown>;
    expect(JSON.stringify(whoami)).to.contain(project);
    expect(await server.stop()).to.equal(0);
    server = undefined;
  });
});
