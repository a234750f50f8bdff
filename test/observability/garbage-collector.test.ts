import { expect } from 'chai';
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

  it('leaves no gc in contexts created afterwards', () => {
    exposedGarbageCollector();
    expect(runInNewContext('typeof gc')).to.equal('undefined');
  });
});
