import { expect } from 'chai';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';

/**
 * The settings every PostgreSQL session of the service starts with (adapters/postgres/connection.ts,
 * docs/deployment.md#postgresql). JIT compilation is off: the metrics settle statement, costed far
 * above jit_above_cost, ran 4.3 s on a few hundred rows, 4.1 s of it compiling.
 */
describe('[postgres] the service’s PostgreSQL sessions', () => {
  let migrated: MigratedStore;

  before(async () => {
    migrated = await openMigratedStore('postgres');
  });
  after(async () => {
    await migrated.close();
  });

  it('start with JIT compilation off, on every connection of the pool', async () => {
    const knex = migrated.database.knex;
    // Several at once, so the pool opens more than one connection.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => knex.transaction(async (trx) => (await trx.raw('SELECT current_setting(?) AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)', ['jit'])).rows[0])),
    );
    expect(answers.map((a: { jit: string }) => a.jit)).to.deep.equal(['off', 'off', 'off', 'off']);
    expect(new Set(answers.map((a: { pid: number }) => a.pid)).size).to.be.greaterThan(1);
  });

  it('plans a statement costed above jit_above_cost without JIT', async () => {
    const knex = migrated.database.knex;
    const threshold = Number((await knex.raw('SELECT current_setting(?) AS v', ['jit_above_cost'])).rows[0].v);
    const plan = (await knex.raw('EXPLAIN (FORMAT JSON) SELECT count(*) FROM generate_series(1, 10000000) a CROSS JOIN generate_series(1, 100) b')).rows[0]['QUERY PLAN'][0];
    expect(plan.Plan['Total Cost']).to.be.greaterThan(threshold);
    expect(plan).not.to.have.property('JIT');
  });
});
