import { expect } from 'chai';
import { ManualClock } from '../../src/clock.js';
import { TtlCache } from '../../src/auth/ttl-cache.js';

describe('TtlCache (credential look-ups)', () => {
  const counting = (value: string | null) => {
    const loader = { calls: 0, load: async () => { loader.calls += 1; return value; } };
    return loader;
  };

  it('answers from the cache within the TTL and loads again after it', async () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 5000);
    const loader = counting('key-record');
    expect(await cache.get('h', loader.load)).to.equal('key-record');
    clock.advance(4999);
    expect(await cache.get('h', loader.load)).to.equal('key-record');
    expect(loader.calls).to.equal(1);
    clock.advance(1);
    await cache.get('h', loader.load);
    expect(loader.calls).to.equal(2);
  });

  it('never keeps a miss, so an unknown credential is looked up every time', async () => {
    const cache = new TtlCache<string>(new ManualClock(), 5000);
    const loader = counting(null);
    expect(await cache.get('h', loader.load)).to.equal(null);
    expect(await cache.get('h', loader.load)).to.equal(null);
    expect(loader.calls).to.equal(2);
  });

  it('with a TTL of 0 loads every time', async () => {
    const cache = new TtlCache<string>(new ManualClock(), 0);
    const loader = counting('v');
    await cache.get('h', loader.load);
    await cache.get('h', loader.load);
    expect(loader.calls).to.equal(2);
  });

  it('drops the oldest entry past its bound', async () => {
    const cache = new TtlCache<string>(new ManualClock(), 5000, 2);
    const first = counting('a');
    await cache.get('a', first.load);
    await cache.get('b', counting('b').load);
    await cache.get('c', counting('c').load);
    await cache.get('a', first.load);
    expect(first.calls).to.equal(2);
  });
});
