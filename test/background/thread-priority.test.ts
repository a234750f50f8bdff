import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../adapters/database.js';
import { currentThreadId, currentThreadNiceness, lowerThreadPriority } from '../../src/domain/background/thread-priority.js';

/** Nice value of every thread of this process, from /proc (field 19 of each task's stat). */
function threadNiceness(): Map<number, number> {
  const result = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    result.set(Number(tid), Number(fields[16]));
  }
  return result;
}

describe('background thread priority (Linux)', () => {
  it('a search reader pool with niceness 10 runs its threads at nice 10 while the request thread stays at 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tracewell-nice-'));
    const database = await openDatabase({ dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite'), backgroundThreadNiceness: 10 });
    try {
      const before = threadNiceness();
      await database.searchReader!.search({ count: { sql: 'SELECT 1 AS n', bindings: [] }, page: { sql: 'SELECT 1 AS n', bindings: [] }, timeoutMs: 0 });
      const started = [...threadNiceness()].filter(([tid]) => !before.has(tid));
      expect(started.map(([, nice]) => nice)).to.include(10);
      expect(currentThreadNiceness()).to.equal(0);
      expect(threadNiceness().get(currentThreadId()!)).to.equal(0);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lowerThreadPriority refuses 0 and below (nothing to lower) and reports what it did', () => {
    expect(lowerThreadPriority(0)).to.equal(false);
    expect(lowerThreadPriority(-5)).to.equal(false);
    expect(currentThreadNiceness()).to.equal(0);
  });
});
