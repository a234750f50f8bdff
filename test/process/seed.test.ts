import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime.js';

const run = promisify(execFile);

describe('npm run seed', function () {
  this.timeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-seed-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a demo project with the requested traces and two detections, and prints a working key', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--traces', '12'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    });
    expect(stdout).to.match(/Seeded project [0-9a-f-]{36} \(Demo Agents\) with 12 traces and 2 detections\./);
    const key = /API key \(shown once\): (tw_pk_\S+)/.exec(stdout)?.[1];
    expect(key).to.be.a('string');

    const runtime = await createRuntime(loadConfig({ DATA_DIR: dataDir }));
    try {
      const app = createApp(runtime);
      const traces = await supertest(app).get('/api/v1/public/traces?limit=50').set('x-api-key', key!);
      expect(traces.status).to.equal(200);
      expect(traces.body.data.traces).to.have.length(12);
      const detections = await supertest(app).get('/api/v1/public/detections').set('x-api-key', key!);
      expect(detections.body.data.detections.map((d: { slug: string }) => d.slug)).to.have.members(['pii-leak', 'slow-trace']);
    } finally {
      await runtime.close();
    }
  });
});
