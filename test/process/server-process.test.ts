import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Started {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
  exited: Promise<number | null>;
}

/** `npm start` as a newcomer runs it: a real process on SQLite under a fresh DATA_DIR. */
async function startServer(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, output: () => output, baseUrl, exited };
}

describe('the server process (npm start)', function () {
  this.timeout(60_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-process-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('provisions a dev organization, project and key on first start, prints the key once, and drains on SIGTERM with exit 0', async () => {
    const first = await startServer(dataDir);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const key = /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/.exec(first.output())?.[1];
    expect(key, first.output()).to.be.a('string');
    const res = await fetch(`${first.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key! } });
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).to.equal('Dev Project');

    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);
    expect(first.output()).to.contain('Drained; database closed.');

    const second = await startServer(dataDir);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.output()).to.not.contain('API key:');
    const again = await fetch(`${second.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key! } });
    expect(again.status).to.equal(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).to.equal(0);
  });
});
