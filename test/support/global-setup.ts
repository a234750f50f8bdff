import knexFactory from 'knex';
import { ADAPTERS, POSTGRES_URL } from './adapters.js';

// Password hashing at OWASP cost (scrypt N=2^17, 128 MiB) would dominate the suite; a test run
// (and the servers it spawns, which inherit this environment) may lower it. Production ignores it.
process.env.NODE_ENV ??= 'test';
process.env.SCRYPT_TEST_COST_LOG2 ??= '14';

/**
 * Root hook: before any test, prove that every selected adapter's database answers. An unreachable
 * PostgreSQL fails the whole run with one clear message instead of skipping its suites.
 */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(20_000);
    if (!ADAPTERS.includes('postgres')) return;
    const probe = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 5000 });
    try {
      await probe.raw('select 1');
    } catch (error) {
      throw new Error(
        `PostgreSQL is required by the test suite and did not answer at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//…@')}: ${(error as Error).message}. ` +
          'Start it (see ../shared/ci-services.md) or, outside CI only, run with TEST_ADAPTERS=sqlite.',
      );
    } finally {
      await probe.destroy();
    }
  },
};
