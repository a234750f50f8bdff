import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { finalOutput, outputMatch } from '../support/server-output.js';

/** `npm start` as a newcomer runs it: a real process on SQLite under a fresh DATA_DIR. */
const startServer = (dataDir: string): Promise<ServerProcess> =>
  spawnServer({ entry: 'src/main.ts', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, startTimeoutMs: 60_000 });

describe('the server process (npm start)', function () {
  this.timeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-process-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('provisions a dev organization, project and key on first start, prints the key once, and drains on SIGTERM with exit 0', async () => {
    const first = await startServer(dataDir);
    const [, key] = await outputMatch(first, /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/);
    const res = await fetch(`${first.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key } });
    expect(res.status).to.equal(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).to.equal('Dev Project');

    expect((await finalOutput(first)).code).to.equal(0);

    const second = await startServer(dataDir);
    const again = await fetch(`${second.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key } });
    expect(again.status).to.equal(200);
    // The whole output, up to the drain's last line: a key printed at any point would be in it.
    const { code, output } = await finalOutput(second);
    expect(code).to.equal(0);
    expect(output).to.not.contain('API key:');
  });
});
