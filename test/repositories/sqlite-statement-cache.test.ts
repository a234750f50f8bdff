import { expect } from 'chai';
import type { Knex } from 'knex';
import { openSqlite } from '../../adapters/sqlite/connection.js';
import type { ThreadedSqliteConnection } from '../../adapters/sqlite/sqlite-thread.js';

/**
 * The SQLite adapter keeps each connection's prepared statements (adapters/sqlite/connection-thread.ts,
 * on the SQLite thread; the connection counts what it prepares). The PostgreSQL driver prepares
 * nothing by name, so this is SQLite's alone.
 */
describe('SQLite statement cache (knex client)', () => {
  let knex: Knex;
  let connection: ThreadedSqliteConnection;

  beforeEach(async () => {
    knex = openSqlite(':memory:');
    connection = (await knex.client.acquireConnection()) as ThreadedSqliteConnection;
    await knex.client.releaseConnection(connection);
    await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY, name TEXT, size INTEGER)');
    await knex('items').insert([{ id: 'a', name: 'first', size: 1 }, { id: 'b', name: 'second', size: 2 }]);
  });
  afterEach(async () => knex.destroy());

  const preparedCount = async (fragment: string) =>
    Object.entries(await connection.prepared())
      .filter(([sql]) => sql.includes(fragment))
      .reduce((sum, [, n]) => sum + n, 0);

  it('prepares a query once and answers it again with the bindings of each run', async () => {
    const a = await knex('items').where({ id: 'a' }).first();
    const b = await knex('items').where({ id: 'b' }).first();
    const none = await knex('items').where({ id: 'c' }).first();
    expect(a).to.deep.equal({ id: 'a', name: 'first', size: 1 });
    expect(b).to.deep.equal({ id: 'b', name: 'second', size: 2 });
    expect(none).to.equal(undefined);
    expect(await preparedCount('select * from `items` where `id` = ?')).to.equal(1);
  });

  it('reports changes and the last row id of a kept write statement each time', async () => {
    const first = await knex('items').where({ id: 'a' }).update({ size: 10 });
    const second = await knex('items').where('size', '>', 0).update({ size: 20 });
    expect([first, second]).to.deep.equal([1, 2]);
    const [inserted] = await knex('items').insert({ id: 'c', name: 'third', size: 3 });
    expect(inserted).to.equal(3);
  });

  it('answers with the new columns after the table is altered or dropped and made again under a kept statement', async () => {
    await knex('items').where({ id: 'a' }).first();
    await knex.schema.alterTable('items', (table) => table.text('colour'));
    expect(await knex('items').where({ id: 'a' }).first()).to.deep.equal({ id: 'a', name: 'first', size: 1, colour: null });
    await knex.schema.dropTable('items');
    await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY, weight REAL)');
    await knex('items').insert({ id: 'a', weight: 1.5 });
    expect(await knex('items').where({ id: 'a' }).first()).to.deep.equal({ id: 'a', weight: 1.5 });
  });

  it('runs kept statements inside a transaction, which still rolls back whole', async () => {
    await knex('items').where({ id: 'a' }).update({ size: 5 });
    const failed = await knex
      .transaction(async (trx) => {
        await trx('items').where({ id: 'a' }).update({ size: 6 });
        expect(await trx('items').where({ id: 'a' }).first()).to.include({ size: 6 });
        throw new Error('abandon');
      })
      .catch((error: Error) => error.message);
    expect(failed).to.equal('abandon');
    expect(await knex('items').where({ id: 'a' }).first()).to.include({ size: 5 });
    expect(await preparedCount('update `items` set `size` = ? where `id` = ?')).to.equal(1);
  });

  it('keeps at most 256 statements a connection, preparing the least recently used again', async () => {
    const query = (i: number) => knex('items').where({ id: 'a' }).select(knex.raw(`${i} AS n`)).first();
    for (let i = 0; i < 257; i++) await query(i);
    await query(256); // the newest: still kept
    await query(0); // the oldest: pushed out by the 257th
    expect(await preparedCount('select 256 AS n')).to.equal(1);
    expect(await preparedCount('select 0 AS n')).to.equal(2);
  });

  it('runs the savepoints of nested transactions, which knex names anew each time, beside the kept statements', async () => {
    await knex.transaction(async (trx) => {
      await trx.transaction(async (inner) => inner('items').where({ id: 'a' }).update({ size: 7 }));
      await trx.transaction(async (inner) => inner('items').where({ id: 'b' }).update({ size: 8 }));
    });
    expect(await knex('items').orderBy('id').pluck('size')).to.deep.equal([7, 8]);
    const savepoints = Object.keys(await connection.prepared()).filter((sql) => sql.startsWith('SAVEPOINT ') || sql.startsWith('RELEASE SAVEPOINT '));
    expect(savepoints).to.have.length(4);
    await knex('items').where({ id: 'a' }).first();
    await knex('items').where({ id: 'a' }).first();
    expect(await preparedCount('select * from `items` where `id` = ?')).to.equal(1);
  });

  it('prepares SQL longer than 4,096 characters every time (bulk writes) and answers it correctly', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => `id-${i}`);
    const run = () => knex('items').whereIn('id', ['a', ...ids]).select('id');
    expect(await run()).to.deep.equal([{ id: 'a' }]);
    expect(await run()).to.deep.equal([{ id: 'a' }]);
    expect(await preparedCount('where `id` in (?')).to.equal(2);
  });

  it('gives a query asking for safe integers a statement of its own', async () => {
    await knex.raw('SELECT size FROM items WHERE id = ?', ['b']);
    const safe = await knex.raw('SELECT size FROM items WHERE id = ?', ['b']).options({ safeIntegers: true });
    const plain = await knex.raw('SELECT size FROM items WHERE id = ?', ['b']);
    expect(safe).to.deep.equal([{ size: 2n }]);
    expect(plain).to.deep.equal([{ size: 2 }]);
  });

  it("answers a query asking for rowMode 'array' with value arrays in the selected columns' order, as pg does, and the same query as objects after", async () => {
    const select = () => knex('items').select('size', 'id').orderBy('id');
    expect(await select().options({ rowMode: 'array' })).to.deep.equal([[1, 'a'], [2, 'b']]);
    expect(await select()).to.deep.equal([{ size: 1, id: 'a' }, { size: 2, id: 'b' }]);
    expect(await select().options({ rowMode: 'array' })).to.deep.equal([[1, 'a'], [2, 'b']]);
    expect(await preparedCount('select `size`, `id` from `items`')).to.equal(1);
  });

  it("answers rowMode 'array' for SQL longer than 4,096 characters and inside a transaction", async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => `id-${i}`);
    expect(await knex('items').whereIn('id', ['b', ...ids]).select('id', 'name').options({ rowMode: 'array' })).to.deep.equal([['b', 'second']]);
    const inside = await knex.transaction(async (trx) => {
      await trx('items').where({ id: 'a' }).update({ name: 'renamed' });
      return trx('items').where({ id: 'a' }).select('name').options({ rowMode: 'array' });
    });
    expect(inside).to.deep.equal([['renamed']]);
  });

  it("refuses rowMode 'array' for a statement that returns no rows", async () => {
    const refused = await knex('items').where({ id: 'a' }).update({ size: 3 }).options({ rowMode: 'array' }).catch((error: Error) => error.message);
    expect(refused).to.match(/rowMode 'array' asked of a statement that returns no rows/);
    expect(await knex('items').where({ id: 'a' }).first()).to.include({ size: 1 });
  });
});
