import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, REPO_ROOT, type CompiledServer } from '../../scripts/bench/server-process.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const DEADLINE_MS = 20_000;

/** Polls `condition` until it holds or the deadline passes; returns whether it held. */
async function within(ms: number, condition: () => boolean | Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every process below `root` (Linux /proc): the shell npm may put in between and the server itself. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses; the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parentOf) if (ppid === parent && !found.includes(pid)) found.push(pid), queue.push(pid);
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const answers = (baseUrl: string): Promise<boolean> =>
  fetch(`${baseUrl}/healthz`).then(
    () => true,
    () => false,
  );

interface NpmStart {
  npm: ChildProcess;
  exited: Promise<void>;
  baseUrl: string;
  output(): string;
}

/**
 * `npm start` as a user runs it, in a package directory whose package.json carries the repository's
 * own start script and whose dist/ is this run's compiled server (so the test checks the code as it
 * is, and never writes the shared dist/).
 */
async function npmStart(packageDir: string, dataDir: string): Promise<NpmStart> {
  const child = spawn(npm, ['start'], {
    cwd: packageDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = await within(60_000, () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(output) || child.exitCode !== null);
  const baseUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  if (!started || !baseUrl) {
    for (const pid of descendants(child.pid!)) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
    throw new Error(`npm start did not listen:\n${output}`);
  }
  return { npm: child, exited, baseUrl, output: () => output };
}

describe('npm start and signals', function () {
  this.timeout(180_000);
  let compiled: CompiledServer;
  let packageDir: string;
  let dataDir: string;

  before(async () => {
    compiled = await buildServer();
    packageDir = mkdtempSync(path.join(tmpdir(), 'tracewell-npm-start-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-npm-start-data-'));
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ name: 'tracewell-npm-start', private: true, type: 'module', scripts: { start: scripts.start } }));
    // node resolves the symlink, so the server finds the repository's node_modules and contract.
    symlinkSync(path.join(REPO_ROOT, path.dirname(path.dirname(compiled.entry))), path.join(packageDir, 'dist'), 'dir');
  });

  after(() => {
    compiled?.remove();
    if (packageDir) rmSync(packageDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process stops npm and the server it started; the port no longer answers`, async () => {
      const started = await npmStart(packageDir, dataDir);
      const below = descendants(started.npm.pid!);
      try {
        expect(await answers(started.baseUrl)).to.equal(true);
        expect(below, 'the server runs below npm').to.not.be.empty;

        started.npm.kill(signal);

        expect(await within(DEADLINE_MS, () => started.npm.exitCode !== null || started.npm.signalCode !== null), `npm still runs:\n${started.output()}`).to.equal(true);
        expect(await within(DEADLINE_MS, () => below.every((pid) => !alive(pid))), `left running: ${below.filter(alive).join(', ')}\n${started.output()}`).to.equal(true);
        expect(await answers(started.baseUrl)).to.equal(false);
        expect(started.output()).to.contain(`${signal}: draining`);
        expect(started.output()).to.contain('Drained; database closed.');
      } finally {
        for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL');
        if (started.npm.exitCode === null && started.npm.signalCode === null) started.npm.kill('SIGKILL');
        await started.exited;
      }
    });
  }
});
