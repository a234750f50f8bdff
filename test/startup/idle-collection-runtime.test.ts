import { expect } from 'chai';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Counter } from 'prom-client';
import { collectSqliteThreadGarbage } from '../../adapters/sqlite/sqlite-thread.js';
import { scrapedRegistry } from '../../src/observability/instruments.js';
import { forEachAdapter } from '../support/adapters.js';
import { eventually } from '../support/eventually.js';
import { QUIET_BACKGROUND, startTestServer, type TestServer } from '../support/harness.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { runScript } from '../support/tsx-script.js';

const moduleUrl = (file: string) => pathToFileURL(path.join(PACKAGE_ROOT, file)).href;

/**
 * A process of its own, so V8's heap holds only what the script makes: a burst that grows the young
 * generation to its maximum and ends with 8 MB or more allocated since its last scavenge (a first API
 * request's lazy set-up left 13.5 MB in the bench), then a server's idle allocation (~0.4 MB/s, its
 * polling loops) under the idle collector at the default quiet time. Prints the young generation's
 * committed MB when the burst ended and right after the first idle collection.
 */
const YOUNG_GENERATION_SCRIPT = `
import v8 from 'node:v8';
import { setTimeout as sleep } from 'node:timers/promises';
import { exposedGarbageCollector } from '${moduleUrl('src/observability/garbage-collector.ts')}';
import { IdleCollector } from '${moduleUrl('src/startup/idle-collection.ts')}';

const newSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const activity = { requestsInFlight: 1, requestsStarted: 1 };
const kept = [];
let junk;
for (let i = 0; i < 400000; i++) kept.push({ i, text: 'kept ' + i });
for (let i = 0; i < 4000000; i++) junk = { i, text: 'garbage ' + i };
while (newSpace().space_used_size < 8 * 1048576) junk = Array.from({ length: 1000 }, (_, i) => ({ i }));
const idle = setInterval(() => { junk = Array.from({ length: 300 }, (_, i) => ({ i })); }, 25);
const collector = new IdleCollector({ quietMs: 5000, activity, collectHeap: exposedGarbageCollector(), collectThreads: async () => {}, log: () => {} });
collector.start();
activity.requestsInFlight = 0;
const grown = mb(newSpace().space_size);
while (collector.collections === 0) await sleep(20);
console.log(JSON.stringify({ grown, afterFirstCollection: mb(newSpace().space_size), kept: kept.length }));
clearInterval(idle);
await collector.stop();
`;

/** Idle collections this process has run so far (the counter /metrics reports). */
async function idleCollections(): Promise<number> {
  const counter = (await scrapedRegistry()).getSingleMetric('tracewell_idle_collections_total') as Counter | undefined;
  return (await counter!.get()).values[0]?.value ?? 0;
}

describe('idle collection and V8\'s young generation', () => {
  it('gives the young generation back at the first collection after a burst, though the burst ended a few seconds before it', async function () {
    this.timeout(30_000);
    const { code, stdout } = await runScript(YOUNG_GENERATION_SCRIPT, 25_000);
    expect(code).to.equal(0);
    const result = JSON.parse(stdout) as { grown: number; afterFirstCollection: number; kept: number };
    expect(result.grown).to.equal(32);
    expect(result.afterFirstCollection).to.be.at.most(4);
    expect(result.kept).to.equal(400_000);
  });
});

forEachAdapter((adapter) => {
  describe('idle collection in a running server (IDLE_COLLECT_SECONDS)', () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    // When it collects again is decided on the process's CPU, which a test process shares with everything
    // else it runs; the rules are test/startup/idle-collection.test.ts's, with the CPU in hand.
    it('collects once requests have been quiet for the setting and V8\'s window has passed', async () => {
      server = await startTestServer(adapter, { env: { ...QUIET_BACKGROUND, IDLE_COLLECT_SECONDS: '1' } });
      const before = await idleCollections();
      await server.runtime.start();
      expect((await server.request().get('/healthz')).status).to.equal(200);
      // The process's CPU decides quiet (under 5 % of a core between looks 2.6 s apart), and this process is
      // the test's too: poll the counter seldom, and leave room for one look the test runner made busy.
      await eventually(async () => (await idleCollections()) >= before + 1, { timeoutMs: 20_000, intervalMs: 250, what: 'an idle collection' });
    });

    it('runs none with IDLE_COLLECT_SECONDS=0', async () => {
      server = await startTestServer(adapter, { env: { ...QUIET_BACKGROUND, IDLE_COLLECT_SECONDS: '0' } });
      const before = await idleCollections();
      await server.runtime.start();
      await sleep(2_500);
      expect(await idleCollections()).to.equal(before);
    });

    it('collects the database threads\' heaps as well, where it has any', async () => {
      server = await startTestServer(adapter, { env: QUIET_BACKGROUND });
      await server.runtime.database.collectThreadGarbage();
      if (adapter !== 'sqlite') return;
      const collection = await collectSqliteThreadGarbage();
      // null would mean the thread had no gc to run (test/observability/garbage-collector.test.ts shows what one frees).
      expect(collection).to.not.equal(null);
      expect(collection!.usedBefore).to.be.a('number').and.to.be.above(0);
      expect(collection!.usedAfter).to.be.a('number').and.to.be.above(0);
    });
  });
});
