import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';

/** `npm start` as a newcomer runs it: a real process on SQLite under a fresh DATA_DIR. */
const startServer = (dataDir: string): Promise<ServerProcess> =>
  spawnServer({ entry: 'src/main.ts', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, startTimeoutMs: 60_000 });

describe('the server process (npm start)', function () {
  this.timeout(120_000);
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

    expect(await first.stop()).to.equal(0);
    expect(first.output()).to.contain('Drained; database closed.');

    const second = await startServer(dataDir);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.output()).to.not.contain('API key:');
    const again = await fetch(`${second.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key! } });
    expect(again.status).to.equal(200);
    expect(await second.stop()).to.equal(0);
  });
});
