import { expect } from 'chai';
import { WriteGate } from '../../src/domain/traces/write-gate.js';

/** A promise and its resolver, so a test decides when each piece of work ends. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteGate', () => {
  it('runs up to its limit at once and queues the rest', async () => {
    const gate = new WriteGate(2);
    const ends = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = ends.map((end, i) => gate.run(async () => {
      started.push(i);
      await end.promise;
      return i;
    }));
    await tick();
    expect(started).to.deep.equal([0, 1]);
    expect(gate.queued).to.equal(1);
    ends[1].resolve();
    await tick();
    expect(started).to.deep.equal([0, 1, 2]);
    expect(gate.queued).to.equal(0);
    ends[0].resolve();
    ends[2].resolve();
    expect(await Promise.all(runs)).to.deep.equal([0, 1, 2]);
  });

  it('starts waiting work in arrival order', async () => {
    const gate = new WriteGate(1);
    const first = deferred();
    const order: string[] = [];
    const runs = [gate.run(() => first.promise.then(() => order.push('a')))];
    for (const name of ['b', 'c', 'd']) runs.push(gate.run(async () => order.push(name)));
    first.resolve();
    await Promise.all(runs);
    expect(order).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('frees the slot when the work fails, and passes the failure on', async () => {
    const gate = new WriteGate(1);
    const failed = gate.run(async () => {
      throw new Error('write failed');
    });
    const next = gate.run(async () => 'ran');
    expect(await failed.catch((error: Error) => error.message)).to.equal('write failed');
    expect(await next).to.equal('ran');
    expect(await gate.run(async () => 'still free')).to.equal('still free');
  });

  it('refuses a limit below 1', () => {
    expect(() => new WriteGate(0)).to.throw('positive integer');
  });
});
