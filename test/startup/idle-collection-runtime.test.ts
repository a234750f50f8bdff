import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Counter } from 'prom-client';
import { collectSqliteThreadGarbage } from '../../adapters/sqlite/sqlite-thread.js';
import { scrapedRegistry } from '../../src/observability/instruments.js';
import { forEachAdapter } from '../support/adapters.js';
import { eventually } from '../support/eventually.js';
import { QUIET_BACKGROUND, startTestServer, type TestServer } from '../support/harness.js';

/** Idle collections this process has run so far (the counter /metrics reports). */
async function idleCollections(): Promise<number> {
  const counter = (await scrapedRegistry()).getSingleMetric('tracewell_idle_collections_total') as Counter | undefined;
  return (await counter!.get()).values[0]?.value ?? 0;
}

forEachAdapter((adapter) => {
  describe('idle collection in a running server (IDLE_COLLECT_SECONDS)', () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    // When it collects again is decided on the process's CPU, which a test process shares with everything
    // else it runs; the rules are test/startup/idle-collection.test.ts's, with the CPU in hand.
    it('collects once requests have been quiet for the setting, and once more a quiet time later', async () => {
      server = await startTestServer(adapter, { env: { ...QUIET_BACKGROUND, IDLE_COLLECT_SECONDS: '1' } });
      const before = await idleCollections();
      await server.runtime.start();
      expect((await server.request().get('/healthz')).status).to.equal(200);
      await eventually(async () => (await idleCollections()) >= before + 2, { timeoutMs: 10_000, what: 'an idle collection and its follow-up' });
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
