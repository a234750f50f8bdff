import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachAdapter } from '../support/adapters.js';
import { eventually } from '../support/eventually.js';
import { QUIET_BACKGROUND, startTestServer, type TestServer } from '../support/harness.js';
import { ingest } from '../traces/fixtures.js';
import { generate, nativeInput } from './metrics-fixtures.js';

forEachAdapter((adapter) => {
  describe('the metrics rollup worker of a running server (METRICS_ROLLUP_WORKER_ENABLED)', function () {
    this.timeout(60_000);
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });
    const marks = async () => Number((await server!.runtime.database.knex('metrics_dirty_hours').count({ n: '*' }))[0]!.n);

    it('settles the hours an ingest marked, by default', async () => {
      server = await startTestServer(adapter, { env: QUIET_BACKGROUND });
      await ingest(server, server.tenant, ...generate(61, 12).map(nativeInput));
      expect(await marks()).to.be.greaterThan(0);
      await server.runtime.start();
      await eventually(async () => (await marks()) === 0, { timeoutMs: 20_000, what: 'every marked hour settled' });
      expect(Number((await server.runtime.database.knex('metrics_rollups').count({ n: '*' }))[0]!.n)).to.be.greaterThan(0);
    });

    it('leaves them marked with METRICS_ROLLUP_WORKER_ENABLED=false (another process settles them)', async () => {
      server = await startTestServer(adapter, { env: { ...QUIET_BACKGROUND, METRICS_ROLLUP_WORKER_ENABLED: 'false' } });
      await ingest(server, server.tenant, ...generate(61, 12).map(nativeInput));
      const marked = await marks();
      expect(marked).to.be.greaterThan(0);
      await server.runtime.start();
      // The worker's first round runs at start; two seconds is long enough for it to have taken every mark here.
      await sleep(2_000);
      expect(await marks()).to.equal(marked);
      expect(Number((await server.runtime.database.knex('metrics_rollups').count({ n: '*' }))[0]!.n)).to.equal(0);
    });
  });
});
