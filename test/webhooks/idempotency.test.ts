import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

forEachAdapter((adapter) => {
  describe('IdempotencyService.run', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('makes a concurrent request with the same key wait for the first to commit, then replay it', async () => {
      const { idempotency } = server.runtime.services;
      const scope = { credentialId: 'cred-1', projectId: server.tenant.project.id, key: randomUUID() };
      let releaseFirst!: () => void;
      const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstStarted!: () => void;
      const firstIsWorking = new Promise<void>((resolve) => (firstStarted = resolve));
      let works = 0;

      const first = idempotency.run({ scope, operationId: 'op', body: { a: 1 } }, async () => {
        works += 1;
        firstStarted();
        await firstMayFinish; // holds its transaction open
        return { status: 201, body: { made: 'first' } };
      });
      await firstIsWorking;
      // `prepare` runs after the early lookup found no committed record and just before the second
      // opens its transaction: from there it can only meet the first's claim inside its own
      // transaction, which is the path under test. Only then may the first commit.
      let secondPrepared!: () => void;
      const secondIsPast = new Promise<void>((resolve) => (secondPrepared = resolve));
      const second = idempotency.run(
        { scope, operationId: 'op', body: { a: 1 } },
        async () => {
          works += 1;
          return { status: 201, body: { made: 'second' } };
        },
        async () => secondPrepared(),
      );
      await secondIsPast;
      releaseFirst();
      const [a, b] = await Promise.all([first, second]);
      expect(works).to.equal(1);
      expect(a).to.deep.equal({ status: 201, body: { made: 'first' }, replayed: false });
      expect(b).to.deep.equal({ status: 201, body: { made: 'first' }, replayed: true });
    });

    it('leaves no record when the work fails, so the key can be used again', async () => {
      const { idempotency } = server.runtime.services;
      const scope = { credentialId: 'cred-2', projectId: server.tenant.project.id, key: randomUUID() };
      const failed = await idempotency.run({ scope, operationId: 'op', body: {} }, async () => Promise.reject(new Error('boom'))).catch((e: Error) => e.message);
      expect(failed).to.equal('boom');
      const retried = await idempotency.run({ scope, operationId: 'op', body: {} }, async () => ({ status: 201, body: { ok: true } }));
      expect(retried.replayed).to.equal(false);
    });
  });
});
