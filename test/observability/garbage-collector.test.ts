import { expect } from 'chai';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runInNewContext } from 'node:vm';
import { exposedGarbageCollector } from '../../src/observability/garbage-collector.js';

describe('exposedGarbageCollector', () => {
  it('gives this thread V8\'s gc, which frees an object nothing refers to', async () => {
    const collect = exposedGarbageCollector();
    expect(collect).to.be.a('function');
    let unreachable: { payload: number[] } | null = { payload: new Array(100_000).fill(7) };
    const reference = new WeakRef(unreachable);
    unreachable = null;
    // A WeakRef holds its target until the job that made it ends.
    await nextTurn();
    collect!();
    expect(reference.deref()).to.equal(undefined);
  });

  it('runs a scavenge when asked for the young generation only, and a full collection otherwise', async () => {
    const collect = exposedGarbageCollector()!;
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => kinds.push(...list.getEntries().map((entry) => (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind)));
    observer.observe({ entryTypes: ['gc'] });
    try {
      collect('young');
      collect();
      // GC entries are delivered on a later turn.
      for (let turn = 0; turn < 20 && kinds.length < 2; turn++) await nextTurn();
    } finally {
      observer.disconnect();
    }
    // An allocation may add a scavenge of its own around them; the asked-for two come in order, one full collection.
    const major = kinds.indexOf(constants.NODE_PERFORMANCE_GC_MAJOR);
    expect(kinds.filter((kind) => kind === constants.NODE_PERFORMANCE_GC_MAJOR)).to.have.length(1);
    expect(kinds.slice(0, major)).to.include(constants.NODE_PERFORMANCE_GC_MINOR);
  });

  it('leaves no gc in contexts created afterwards', () => {
    exposedGarbageCollector();
    expect(runInNewContext('typeof gc')).to.equal('undefined');
  });
});
