import { expect } from 'chai';
import { IdleCollector, type RequestActivity } from '../../src/startup/idle-collection.js';

const MB = 1024 * 1024;

/** A collector over hand-moved request counts, clock and heap; `collected` lists what each collection did. */
function collectorFixture(options: { quietMs?: number; failThreads?: boolean } = {}) {
  const activity: { requestsInFlight: number; requestsStarted: number } = { requestsInFlight: 0, requestsStarted: 0 };
  const state = { now: 0, committed: 40 * MB };
  const collected: string[] = [];
  const logs: string[] = [];
  const collector = new IdleCollector({
    quietMs: options.quietMs ?? 5_000,
    activity: activity as RequestActivity,
    collectHeap: () => {
      collected.push('heap');
      state.committed = 20 * MB;
    },
    collectThreads: async () => {
      if (options.failThreads) throw new Error('the SQLite thread exited with code 1');
      collected.push('threads');
    },
    log: (message) => logs.push(message),
    committedHeap: () => state.committed,
    now: () => state.now,
  });
  /** Moves the clock by `ms` and looks once. */
  const after = async (ms: number) => {
    state.now += ms;
    return collector.look();
  };
  return { activity, state, collected, logs, collector, after };
}

describe('IdleCollector (IDLE_COLLECT_SECONDS)', () => {
  it('collects the request thread and the database threads once the quiet time has passed since start-up', async () => {
    const { collector, collected, after } = collectorFixture();
    expect(await after(2_500)).to.equal(false);
    expect(await after(2_499)).to.equal(false);
    expect(collected).to.deep.equal([]);
    expect(await after(1)).to.equal(true);
    expect(collected).to.deep.equal(['heap', 'threads']);
    expect(collector.collections).to.equal(1);
  });

  it('does not collect while a request is in flight, however long it runs', async () => {
    const { activity, collected, after } = collectorFixture();
    activity.requestsStarted = 1;
    activity.requestsInFlight = 1;
    for (let look = 0; look < 10; look++) expect(await after(2_500)).to.equal(false);
    expect(collected).to.deep.equal([]);
  });

  it('counts the quiet time from the last look that saw a request start', async () => {
    const { activity, collected, after } = collectorFixture();
    await after(2_500);
    activity.requestsStarted = 3; // answered between two looks: never seen in flight
    expect(await after(2_500)).to.equal(false);
    expect(await after(4_999)).to.equal(false);
    expect(collected).to.deep.equal([]);
    expect(await after(1)).to.equal(true);
  });

  it('does not collect again while nothing was served and the heap has not grown', async () => {
    const { collected, after } = collectorFixture();
    expect(await after(5_000)).to.equal(true);
    for (let look = 0; look < 20; look++) expect(await after(2_500)).to.equal(false);
    expect(collected).to.deep.equal(['heap', 'threads']);
  });

  it('collects again after requests were served and the server went quiet again', async () => {
    const { activity, collector, after } = collectorFixture();
    await after(5_000);
    activity.requestsStarted = 250;
    expect(await after(2_500)).to.equal(false);
    expect(await after(5_000)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('collects without requests when background work grew the committed heap by more than 32 MB since the last collection', async () => {
    const { state, collector, after } = collectorFixture();
    await after(5_000); // committed heap 20 MB after it
    state.committed = 52 * MB;
    expect(await after(5_000)).to.equal(false);
    state.committed = 52 * MB + 1;
    expect(await after(5_000)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('logs a failed collection of the database threads and still counts the collection', async () => {
    const { collector, logs, collected, after } = collectorFixture({ failThreads: true });
    expect(await after(5_000)).to.equal(true);
    expect(collected).to.deep.equal(['heap']);
    expect(logs).to.deep.equal(['idle collection of the database threads: the SQLite thread exited with code 1']);
    expect(collector.collections).to.equal(1);
  });
});
