import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../scripts/bench/server-process.js';
import { describeDatabase } from '../../src/startup/startup-errors.js';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm start` with a broken setting, as its own process: it must stop by itself. */
function startWith(env: Record<string, string>, dataDir: string): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 40 s:\n${stdout}\n${stderr}`));
    }, 40_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Exit 1 and exactly one line on stderr, the sentence given, with no stack frame anywhere. */
function expectOneSentence(exit: Exit, sentence: string): void {
  expect(exit.code, exit.stderr).to.equal(1);
  expect(exit.stderr.split('\n').filter((line) => line.trim() !== '')).to.deep.equal([`tracewell: ${sentence}`]);
  expect(`${exit.stdout}${exit.stderr}`).to.not.match(/^\s+at /m);
  expect(exit.stdout).to.not.contain('listening on');
}

describe('start-up errors (npm start with a bad setting)', function () {
  this.timeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-startup-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('DATABASE_URL with another scheme: names the setting and the schemes it takes', async () => {
    expectOneSentence(await startWith({ DATABASE_URL: 'mysql://root@127.0.0.1/tracewell' }, dataDir), 'DATABASE_URL must start with postgres://, postgresql:// or sqlite:; got mysql:…');
  });

  it('DATABASE_URL that does not parse: names the setting and the expected form', async () => {
    expectOneSentence(await startWith({ DATABASE_URL: 'postgres://' }, dataDir), 'DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database).');
  });

  it('an unreachable database: names DATABASE_URL and the address without the password', async () => {
    const url = 'postgres://tracewell:hunter2-password@127.0.0.1:1/tracewell';
    const exit = await startWith({ DATABASE_URL: url }, dataDir);
    expectOneSentence(
      exit,
      'The database at DATABASE_URL (postgres://127.0.0.1:1/tracewell) refused the connection (ECONNREFUSED); check DATABASE_URL and that the server is running.',
    );
    expect(exit.stderr).to.not.contain('hunter2');
  });

  it('a busy port: names PORT and HOST', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      expectOneSentence(
        await startWith({ PORT: String(port) }, dataDir),
        `PORT ${port} on HOST 127.0.0.1 is already in use; stop the other process or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('a short SERVER_SECRET: names the setting and its minimum', async () => {
    expectOneSentence(
      await startWith({ SERVER_SECRET: 'secret' }, dataDir),
      'SERVER_SECRET must be at least 12 characters (32 random bytes, e.g. `openssl rand -base64 32`, are recommended).',
    );
  });

  it('a SERVER_SECRET with whitespace around it: names the setting', async () => {
    expectOneSentence(await startWith({ SERVER_SECRET: ' a-long-enough-secret-value\n' }, dataDir), 'SERVER_SECRET has leading or trailing whitespace; remove it.');
  });

  it('a PORT that is no number, and a LOG_LEVEL pino does not know: name the setting and the value', async () => {
    expectOneSentence(await startWith({ PORT: 'eighty' }, dataDir), 'PORT must be an integer ≥ 0; got eighty');
    expectOneSentence(await startWith({ LOG_LEVEL: 'loud' }, dataDir), 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got loud');
  });

  it('a HEAP_GROWING_PERCENT above 300: the server reads it at start, names it and its range', async () => {
    expectOneSentence(await startWith({ HEAP_GROWING_PERCENT: '400' }, dataDir), 'HEAP_GROWING_PERCENT must be an integer from 0 to 300; got 400');
  });
});

describe('describeDatabase', () => {
  it('prints the database address without user or password', () => {
    expect(describeDatabase('postgres://user:pw@db.internal:6432/traces')).to.equal('postgres://db.internal:6432/traces');
    expect(describeDatabase('postgresql://db/traces')).to.equal('postgresql://db:5432/traces');
    expect(describeDatabase(undefined)).to.equal('the SQLite database');
  });
});
