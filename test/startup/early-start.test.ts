import { expect } from 'chai';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../src/package-root.js';
import { selectsSqlite } from '../../src/settings/database-kind.js';
import { runScript } from '../support/tsx-script.js';

const moduleUrl = (file: string) => pathToFileURL(path.join(PACKAGE_ROOT, file)).href;

/**
 * startEarly in a process of its own (the SQLite thread is one per process, and this one's is
 * started by every SQLite test): whether the thread runs before and after, and what it said. The
 * process must then exit by itself: a thread started ahead of its first request holds nothing open.
 */
async function startEarlyIn(databaseUrl: string | undefined): Promise<{ before: boolean; result: unknown; after: boolean }> {
  const script = [
    `const { startEarly } = await import(${JSON.stringify(moduleUrl('src/startup/early-start.ts'))});`,
    `const { sqliteThreadRunning } = await import(${JSON.stringify(moduleUrl('adapters/sqlite/sqlite-thread.ts'))});`,
    'const before = sqliteThreadRunning();',
    `const result = startEarly(${JSON.stringify(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl })});`,
    'console.log(JSON.stringify({ before, result, after: sqliteThreadRunning() }));',
  ].join('\n');
  const { code, stdout } = await runScript(script, 30_000);
  expect(code, stdout).to.equal(0);
  return JSON.parse(stdout) as { before: boolean; result: unknown; after: boolean };
}

describe('startEarly (npm start, before the server loads)', function () {
  this.timeout(60_000);

  it('on the default storage (DATABASE_URL unset: SQLite under DATA_DIR) starts the SQLite thread', async () => {
    expect(await startEarlyIn(undefined)).to.deep.equal({ before: false, result: { sqliteThread: true }, after: true });
  });

  it('with DATABASE_URL=sqlite:<file> starts the SQLite thread', async () => {
    expect(await startEarlyIn('sqlite:/tmp/tracewell-early.sqlite')).to.deep.equal({ before: false, result: { sqliteThread: true }, after: true });
  });

  it('on PostgreSQL starts nothing', async () => {
    expect(await startEarlyIn('postgres://postgres@127.0.0.1:5432/test')).to.deep.equal({ before: false, result: { sqliteThread: false }, after: false });
  });

  it('with a mistyped DATABASE_URL starts nothing (loadConfig names the mistake afterwards)', async () => {
    expect(await startEarlyIn('mysql://localhost/tracewell')).to.deep.equal({ before: false, result: { sqliteThread: false }, after: false });
  });
});

describe('selectsSqlite (DATABASE_URL)', () => {
  it('unset or empty selects SQLite (the file under DATA_DIR)', () => {
    expect([selectsSqlite(undefined), selectsSqlite('')]).to.deep.equal([true, true]);
  });

  it('sqlite:<file> and file:<file> select SQLite; a scheme with nothing after it does not', () => {
    expect([selectsSqlite('sqlite:./data/t.sqlite'), selectsSqlite('file:/var/t.sqlite'), selectsSqlite('sqlite:')]).to.deep.equal([true, true, false]);
  });

  it('postgres:// and anything else do not', () => {
    expect([selectsSqlite('postgres://h/db'), selectsSqlite('postgresql://h/db'), selectsSqlite('mysql://h/db')]).to.deep.equal([false, false, false]);
  });
});
