import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import Sqlite from '../../adapters/sqlite/driver.js';
import { openSqlite } from '../../adapters/sqlite/connection.js';
import type { ThreadedSqliteConnection } from '../../adapters/sqlite/sqlite-thread.js';
import { runScript } from '../support/tsx-script.js';

/** A statement that keeps SQLite busy for a while (a recursive count) and then answers one row. */
const BUSY_STATEMENT = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS c FROM n';

const THREAD_MODULE = pathToFileURL(path.resolve('adapters/sqlite/sqlite-thread.ts')).href;

/**
 * The SQLite thread (adapters/sqlite/sqlite-thread.ts): every SQLite connection openSqlite makes
 * runs its statements there, off the event loop that serves requests.
 */
describe('SQLite thread', () => {
  let knex: Knex;

  beforeEach(() => {
    knex = openSqlite(':memory:');
  });
  afterEach(async () => knex.destroy());

  it('runs a statement off the calling thread: the event loop keeps turning while SQLite works', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    try {
      const started = Date.now();
      const [{ c }] = (await knex.raw(BUSY_STATEMENT)) as { c: number }[];
      const tookMs = Date.now() - started;
      expect(c).to.equal(3_000_000);
      // On the calling thread the interval could not fire once until the statement ended.
      expect(tookMs).to.be.above(20);
      expect(turns).to.be.at.least(5);
    } finally {
      clearInterval(ticker);
    }
  });

  it('answers the statements of one connection in the order they were made', async () => {
    await knex.raw('CREATE TABLE log (n INTEGER)');
    await Promise.all(Array.from({ length: 50 }, (_, n) => knex('log').insert({ n })));
    expect(await knex('log').pluck('n')).to.deep.equal(Array.from({ length: 50 }, (_, n) => n));
  });

  it("rejects with SQLite's error code and name, as better-sqlite3 throws them, and the message knex adds the SQL to", async () => {
    await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY)');
    await knex('items').insert({ id: 'a' });
    const error = (await knex('items').insert({ id: 'a' }).catch((e: unknown) => e)) as { code?: string; name?: string; message?: string };
    expect(error.code).to.equal('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(error.name).to.equal('SqliteError');
    expect(error.message).to.equal('insert into `items` (`id`) values (\'a\') - UNIQUE constraint failed: items.id');
    const syntax = (await knex.raw('SELEC 1').catch((e: unknown) => e)) as { code?: string };
    expect(syntax.code).to.equal('SQLITE_ERROR');
  });

  it('runs row steps in one call, in order, inside the transaction, and answers change counts where asked', async () => {
    await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY, size INTEGER)');
    const changes = await knex.transaction(async (trx) => {
      const connection = (await trx.client.acquireConnection()) as ThreadedSqliteConnection;
      return connection.runEach([
        { sql: 'INSERT INTO items (id, size) VALUES (?, ?)', rows: [['a', 1], ['b', 2]] },
        { sql: 'UPDATE items SET size = size + 10 WHERE id = ?', rows: [['a'], ['c'], ['b']], changes: true },
      ]);
    });
    expect(changes).to.deep.equal([null, [1, 0, 1]]);
    expect(await knex('items').orderBy('id').select()).to.deep.equal([{ id: 'a', size: 11 }, { id: 'b', size: 12 }]);
  });

  it('rolls a failed step back with its transaction: a constraint failing half-way leaves no row', async () => {
    await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY)');
    const failed = await knex
      .transaction(async (trx) => {
        const connection = (await trx.client.acquireConnection()) as ThreadedSqliteConnection;
        await connection.runEach([{ sql: 'INSERT INTO items (id) VALUES (?)', rows: [['a'], ['b'], ['a']] }]);
      })
      .catch((error: { code?: string }) => error.code);
    expect(failed).to.equal('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(await knex('items').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  describe('pipelined writes (not waited for)', () => {
    const insertItems = (ids: string[]) => ({ sql: 'INSERT INTO items (id) VALUES (?)', rows: ids.map((id) => [id]) });
    const mapped = (error: Error) => Object.assign(new Error(`mapped: ${(error as { code?: string }).code}`), { mapped: true });

    beforeEach(async () => {
      await knex.raw('CREATE TABLE items (id TEXT PRIMARY KEY)');
    });

    it('are stored with the transaction that sent them', async () => {
      await knex.transaction(async (trx) => {
        const connection = (await trx.client.acquireConnection()) as ThreadedSqliteConnection;
        connection.pipelineEach([insertItems(['a', 'b'])], mapped);
      });
      expect(await knex('items').orderBy('id').pluck('id')).to.deep.equal(['a', 'b']);
    });

    it('fail the next statement waited for with the failure as the sender mapped it; the savepoint rolls back alone', async () => {
      const outcome = await knex.transaction(async (trx) => {
        await trx('items').insert({ id: 'kept' });
        const failed = await trx
          .transaction(async (inner) => {
            const connection = (await inner.client.acquireConnection()) as ThreadedSqliteConnection;
            connection.pipelineEach([insertItems(['x', 'kept'])], mapped);
            await inner('items').count({ n: '*' });
          })
          .catch((error: Error & { mapped?: boolean }) => error);
        // The handle works again once the savepoint is rolled back.
        await trx('items').insert({ id: 'after' });
        return failed;
      });
      // knex puts the statement that failed before the message.
      expect(outcome).to.include({ message: 'select count(*) as `n` from `items` - mapped: SQLITE_CONSTRAINT_PRIMARYKEY', mapped: true });
      expect(await knex('items').orderBy('id').pluck('id')).to.deep.equal(['after', 'kept']);
    });

    it('fail the savepoint at its release when nothing after them is waited for, and roll its work back; the transaction commits the rest', async () => {
      const failed = await knex.transaction(async (trx) => {
        await trx('items').insert({ id: 'kept' });
        const failure = await trx
          .transaction(async (inner) => {
            const connection = (await inner.client.acquireConnection()) as ThreadedSqliteConnection;
            connection.pipelineEach([insertItems(['y']), insertItems(['kept'])], mapped);
          })
          .catch((error: Error & { mapped?: boolean }) => error);
        await trx.transaction(async (inner) => inner('items').insert({ id: 'next' }));
        return failure;
      });
      expect(failed?.mapped).to.equal(true);
      expect(failed?.message).to.match(/^RELEASE SAVEPOINT trx\d+; - mapped: SQLITE_CONSTRAINT_PRIMARYKEY$/);
      expect(await knex('items').orderBy('id').pluck('id')).to.deep.equal(['kept', 'next']);
    });

    it('fail the commit when sent outside a savepoint, and nothing of the transaction is stored', async () => {
      const failed = await knex
        .transaction(async (trx) => {
          await trx('items').insert({ id: 'first' });
          const connection = (await trx.client.acquireConnection()) as ThreadedSqliteConnection;
          connection.pipelineEach([insertItems(['z', 'first'])], mapped);
        })
        .catch((error: Error) => error.message);
      expect(failed).to.equal('COMMIT; - mapped: SQLITE_CONSTRAINT_PRIMARYKEY');
      expect(await knex('items').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    });
  });

  describe('reads beside a transaction', () => {
    let file: string;
    let onFile: Knex;

    beforeEach(async () => {
      file = path.join(mkdtempSync(path.join(tmpdir(), 'tracewell-sqlite-thread-')), 'db.sqlite');
      onFile = openSqlite(file);
      await onFile.raw('CREATE TABLE items (id TEXT PRIMARY KEY)');
      await onFile('items').insert({ id: 'committed' });
    });
    afterEach(async () => {
      await onFile.destroy();
      rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('answers a read outside the transaction at once, with what was committed, while the transaction holds the writer', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const hasWritten = new Promise<void>((resolve) => (written = resolve));
      const transaction = onFile.transaction(async (trx) => {
        await trx('items').insert({ id: 'uncommitted' });
        written();
        await held;
      });
      // The transaction has begun and written: the read below runs beside it.
      await hasWritten;
      expect(await onFile('items').pluck('id')).to.deep.equal(['committed']);
      release();
      await transaction;
      expect(await onFile('items').orderBy('id').pluck('id')).to.deep.equal(['committed', 'uncommitted']);
    });

    it('runs concurrent transactions one after another: 30 read-modify-writes of one row lose none', async () => {
      await onFile.raw('CREATE TABLE counter (k TEXT PRIMARY KEY, n INTEGER)');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, () =>
          onFile.transaction(async (trx) => {
            const row = (await trx('counter').where({ k: 'x' }).first()) as { n: number } | undefined;
            await trx('counter').insert({ k: 'x', n: (row?.n ?? 0) + 1 }).onConflict('k').merge();
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'rejected')).to.deep.equal([]);
      expect(await onFile('counter').select()).to.deep.equal([{ k: 'x', n: 30 }]);
    });

    it('begins transactions IMMEDIATE: another process cannot write between their read and their write (no SQLITE_BUSY_SNAPSHOT)', async () => {
      const otherProcess = new Sqlite(file);
      otherProcess.pragma('busy_timeout = 50');
      try {
        let outside: string | undefined;
        await onFile.transaction(async (trx) => {
          await trx('items').select();
          try {
            otherProcess.prepare('INSERT INTO items (id) VALUES (?)').run('other');
            outside = 'stored';
          } catch (error) {
            outside = (error as { code?: string }).code;
          }
          await trx('items').insert({ id: 'mine' });
        });
        expect(outside).to.equal('SQLITE_BUSY');
        expect(await onFile('items').orderBy('id').pluck('id')).to.deep.equal(['committed', 'mine']);
      } finally {
        otherProcess.close();
      }
    });

    it('fails a transaction whose BEGIN waits past the busy timeout whole, with SQLITE_BUSY: none of its statements runs outside it', async () => {
      const impatient = openSqlite(file, { busyTimeoutMs: 50 });
      const otherProcess = new Sqlite(file);
      try {
        otherProcess.exec('BEGIN IMMEDIATE');
        const failed = await impatient
          .transaction(async (trx) => {
            await trx.transaction(async (savepoint) => {
              const connection = (await savepoint.client.acquireConnection()) as ThreadedSqliteConnection;
              connection.pipelineEach([{ sql: 'INSERT INTO items (id) VALUES (?)', rows: [['pipelined']] }], (error) => error);
              await savepoint('items').insert({ id: 'awaited' });
            });
          })
          .catch((error: { code?: string }) => error.code);
        otherProcess.exec('ROLLBACK');
        expect(failed).to.equal('SQLITE_BUSY');
        expect(await impatient('items').pluck('id')).to.deep.equal(['committed']);
      } finally {
        otherProcess.close();
        await impatient.destroy();
      }
    });

    it('makes a write outside the transaction wait for its commit', async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const hasWritten = new Promise<void>((resolve) => (written = resolve));
      const transaction = onFile.transaction(async (trx) => {
        await trx('items').insert({ id: 'inside' });
        written();
        await held;
        order.push('commit');
      });
      await hasWritten;
      const outside = onFile('items').insert({ id: 'outside' }).then(() => order.push('outside stored'));
      // A read sent after the write, and answered: the thread has taken the write in (requests reach
      // it in order), so an unblocked write would be stored by now. It is not: it waits for the commit.
      expect(await onFile('items').pluck('id')).to.deep.equal(['committed']);
      expect(order).to.deep.equal([]);
      release();
      await Promise.all([transaction, outside]);
      expect(order).to.deep.equal(['commit', 'outside stored']);
    });

    it('fails a write that waits for the writer longer than the busy timeout with SQLITE_BUSY (503), as SQLite itself would', async () => {
      const impatient = openSqlite(file, { busyTimeoutMs: 100 });
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let written!: () => void;
        const hasWritten = new Promise<void>((resolve) => (written = resolve));
        const transaction = impatient.transaction(async (trx) => {
          await trx('items').insert({ id: 'inside' });
          written();
          await held;
        });
        await hasWritten;
        const error = (await impatient('items').insert({ id: 'outside' }).catch((e: unknown) => e)) as { code?: string };
        release();
        await transaction;
        expect(error.code).to.equal('SQLITE_BUSY');
        expect(await impatient('items').orderBy('id').pluck('id')).to.deep.equal(['committed', 'inside']);
      } finally {
        await impatient.destroy();
      }
    });
  });

  it('keeps each database to its own connection: two in-memory databases do not see each other', async () => {
    const other = openSqlite(':memory:');
    try {
      await knex.raw('CREATE TABLE mine (id INTEGER)');
      const tables = (await other.raw("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[];
      expect(tables).to.deep.equal([]);
    } finally {
      await other.destroy();
    }
  });

  it('holds a script open while a statement is under way, and lets it end once answered with its connection left open', async function () {
    this.timeout(60_000);
    // Without the thread held while the statement runs, the script would end before printing;
    // held after it, the script would never end.
    const script = `
      import { ThreadedSqliteConnection } from ${JSON.stringify(THREAD_MODULE)};
      const connection = await ThreadedSqliteConnection.open('script', ':memory:', { busyTimeoutMs: 1000 });
      const { response } = await connection.query({ sql: ${JSON.stringify(BUSY_STATEMENT)}, bindings: [] });
      console.log(String(response[0].c));
    `;
    const { code, stdout } = await runScript(script, 45_000);
    expect({ code, stdout: stdout.trim() }).to.deep.equal({ code: 0, stdout: '3000000' });
  });
});
