import { expect } from 'chai';
import { IdleCollector, type RequestActivity } from '../../src/startup/idle-collection.js';

/** A collector over hand-moved request counts, clock and heap; `collected` lists what each collection did. */
function collectorFixture(options: { quietMs?: number; failThreads?: boolean } = {}) {
  const activity: { requestsInFlight: number; requestsStarted: number } = { requestsInFlight: 0, requestsStarted: 0 };
  /** `cpu`: the process's CPU time so far, in microseconds; `young`: the young generation's committed bytes (1 MB: at rest). */
  const state = { now: 0, cpu: 0, young: 1024 * 1024 };
  const collected: string[] = [];
  const logs: string[] = [];
  const collector = new IdleCollector({
    quietMs: options.quietMs ?? 5_000,
    activity: activity as RequestActivity,
    collectHeap: () => {
      collected.push('heap');
    },
    collectThreads: async () => {
      if (options.failThreads) throw new Error('the SQLite thread exited with code 1');
      collected.push('threads');
    },
    log: (message) => logs.push(message),
    cpuMicros: () => state.cpu,
    now: () => state.now,
    youngGenerationBytes: () => state.young,
  });
  /** Moves the clock by `ms`, the process having used `cpuShare` of a core meanwhile, and looks once. */
  const after = async (ms: number, cpuShare = 0.005) => {
    state.now += ms;
    state.cpu += Math.round(ms * 1000 * cpuShare);
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

  it('follows a collection with one more a quiet time later, then none while nothing is served and the process stays idle', async () => {
    const { collected, after } = collectorFixture();
    expect(await after(5_000)).to.equal(true);
    expect(await after(2_500)).to.equal(false);
    expect(await after(2_500)).to.equal(true);
    for (let look = 0; look < 20; look++) expect(await after(2_500)).to.equal(false);
    expect(collected).to.deep.equal(['heap', 'threads', 'heap', 'threads']);
  });

  it('keeps following up a quiet time apart while the young generation stays grown, four follow-ups at most', async () => {
    const { state, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    expect(await after(5_000)).to.equal(true);
    for (let followUp = 1; followUp <= 4; followUp++) {
      expect(await after(4_999)).to.equal(false);
      expect(await after(1)).to.equal(true);
      expect(collector.collections).to.equal(1 + followUp);
    }
    for (let look = 0; look < 20; look++) expect(await after(2_500)).to.equal(false);
    expect(collector.collections).to.equal(5);
  });

  it('stops following up once a collection has left the young generation at 4 MB or less', async () => {
    const { state, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    expect(await after(5_000)).to.equal(true);
    expect(await after(5_000)).to.equal(true);
    state.young = 4 * 1024 * 1024;
    expect(await after(5_000)).to.equal(true);
    for (let look = 0; look < 20; look++) expect(await after(2_500)).to.equal(false);
    expect(collector.collections).to.equal(3);
  });

  it('drops the follow-up when a request comes first: the next quiet spell brings its own two', async () => {
    const { activity, collector, after } = collectorFixture();
    await after(5_000);
    activity.requestsStarted = 1;
    expect(await after(2_500)).to.equal(false);
    expect(await after(2_500)).to.equal(false);
    expect(collector.collections).to.equal(1);
    expect(await after(2_500)).to.equal(true);
    expect(await after(5_000)).to.equal(true);
    expect(collector.collections).to.equal(3);
  });

  it('collects again after requests were served and the server went quiet again', async () => {
    const { activity, collector, after } = collectorFixture();
    await after(5_000);
    activity.requestsStarted = 250;
    expect(await after(2_500)).to.equal(false);
    expect(await after(5_000)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('waits for background work to stop: above 5 % of a core between two looks the process is not quiet', async () => {
    const { activity, collector, after } = collectorFixture();
    await after(5_000);
    activity.requestsStarted = 40;
    await after(2_500);
    // The burst's rollups settle for 20 s after its last request.
    for (let look = 0; look < 8; look++) expect(await after(2_500, 0.3)).to.equal(false);
    expect(await after(2_500, 0.051)).to.equal(false);
    expect(await after(2_500, 0.05)).to.equal(false);
    expect(await after(2_500, 0.01)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('collects after background work alone, once it has stopped', async () => {
    const { collector, after } = collectorFixture();
    expect(await after(5_000)).to.equal(true);
    await after(2_500);
    expect(await after(2_500)).to.equal(true);
    expect(await after(2_500)).to.equal(false);
    expect(await after(2_500, 0.5)).to.equal(false);
    expect(await after(2_500)).to.equal(false);
    expect(await after(2_500)).to.equal(true);
    expect(collector.collections).to.equal(3);
  });

  it('does not count the CPU of the look right after a collection: V8 sweeps the collected heap on helper threads', async () => {
    const { collector, after } = collectorFixture();
    expect(await after(5_000)).to.equal(true);
    expect(await after(2_500, 0.4)).to.equal(false);
    expect(await after(2_500)).to.equal(true);
    expect(await after(2_500, 0.4)).to.equal(false);
    for (let look = 0; look < 10; look++) expect(await after(2_500)).to.equal(false);
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
