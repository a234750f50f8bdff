import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { groupCommitOf } from '../../adapters/sqlite/group-commit.js';
import type { Store } from '../../src/ports/store.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');

/** Store.groupedTransaction: each write whole or not at all, possibly committed with others (ingest uses it). */
forEachAdapter((adapter) => {
  describe('Store.groupedTransaction', () => {
    let opened: MigratedStore;
    let store: Store;

    before(async () => {
      opened = await openMigratedStore(adapter);
      store = opened.store;
    });
    after(async () => opened.close());

    const stored = async (id: string) => (await store.organizations.findById(id)) !== null;

    it('rolls back a write that throws alone; the writes running with it are stored', async () => {
      const ids = Array.from({ length: 5 }, () => randomUUID());
      const outcomes = await Promise.allSettled(
        ids.map((id, i) =>
          store.groupedTransaction(async (tx) => {
            await tx.organizations.create({ id, name: `Org ${i}`, now: T0 });
            if (i === 2) throw new Error('write 2 failed after its insert');
            return i;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((outcomes[2] as PromiseRejectedResult).reason.message).to.equal('write 2 failed after its insert');
      expect((outcomes[3] as PromiseFulfilledResult<number>).value).to.equal(3);
      expect(await Promise.all(ids.map(stored))).to.deep.equal([true, true, false, true, true]);
    });

    it('lets a write see the ones stored before it: of two equal ids, one is stored and the other refused', async () => {
      const id = randomUUID();
      const outcomes = await Promise.allSettled([0, 1].map((i) => store.groupedTransaction((tx) => tx.organizations.create({ id, name: `Twin ${i}`, now: T0 }))));
      // Which one wins is the database's (PostgreSQL runs them on two connections); exactly one does.
      const stored = outcomes.findIndex((o) => o.status === 'fulfilled');
      expect(outcomes.map((o) => o.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
      expect((await store.organizations.findById(id))?.name).to.equal(`Twin ${stored}`);
    });

    it('joins the transaction it runs in: rolled back with it', async () => {
      const id = randomUUID();
      const failed = await store
        .transaction(async (tx) => {
          await tx.groupedTransaction((inner) => inner.organizations.create({ id, name: 'Inner', now: T0 }));
          throw new Error('outer failed');
        })
        .catch((error: Error) => error.message);
      expect(failed).to.equal('outer failed');
      expect(await stored(id)).to.equal(false);
    });
  });
});

describe('[sqlite] group commit', () => {
  let opened: MigratedStore;
  let store: Store;

  before(async () => {
    opened = await openMigratedStore('sqlite');
    store = opened.store;
  });
  after(async () => opened.close());

  it('commits the writes started in the same turn of the event loop together, in one transaction', async () => {
    const { stats } = groupCommitOf(opened.database.knex);
    const before = { ...stats };
    const write = (name: string) => store.groupedTransaction((tx) => tx.organizations.create({ id: randomUUID(), name, now: T0 }));
    await Promise.all([write('Now'), write('Now'), write('Now'), write('Now'), write('Now')]);
    expect({ groups: stats.groups - before.groups, writes: stats.writes - before.writes }).to.deep.equal({ groups: 1, writes: 5 });
  });

  it('takes the writes that arrive while a group is written into the next group', async () => {
    const { stats } = groupCommitOf(opened.database.knex);
    const before = { ...stats };
    const arrivals: Promise<unknown>[] = [];
    const first = store.groupedTransaction(async (tx) => {
      await tx.organizations.create({ id: randomUUID(), name: 'First', now: T0 });
      // Arrive while the first group holds the connection, past its gathering.
      for (let i = 0; i < 4; i++) arrivals.push(store.groupedTransaction((inner) => inner.organizations.create({ id: randomUUID(), name: 'Next', now: T0 })));
    });
    await first;
    await Promise.all(arrivals);
    expect({ groups: stats.groups - before.groups, writes: stats.writes - before.writes }).to.deep.equal({ groups: 2, writes: 5 });
  });

  it('resolves a write only once it is committed: another connection reads it at once', async () => {
    const reader = knexFactory({ client: 'better-sqlite3', connection: { filename: opened.isolated.sqliteFile! }, useNullAsDefault: true });
    try {
      const ids = Array.from({ length: 3 }, () => randomUUID());
      const seen = await Promise.all(
        ids.map(async (id) => {
          await store.groupedTransaction((tx) => tx.organizations.create({ id, name: 'Visible', now: T0 }));
          return (await reader('organizations').where({ id }).first()) !== undefined;
        }),
      );
      expect(seen).to.deep.equal([true, true, true]);
    } finally {
      await reader.destroy();
    }
  });
});
