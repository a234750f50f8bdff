import { expect } from 'chai';
import { ALLOCATION_RATE_WINDOW_MS, IdleCollector, lookIntervalMs, type RequestActivity } from '../../src/startup/idle-collection.js';

/** A collector over hand-moved request counts, clock and heap; `collected` lists each scavenge and collection it ran. */
function collectorFixture(options: { quietMs?: number; failThreads?: boolean } = {}) {
  const activity: { requestsInFlight: number; requestsStarted: number } = { requestsInFlight: 0, requestsStarted: 0 };
  /** `cpu`: the process's CPU time so far, in microseconds; `young`: the young generation's committed bytes (1 MB: at rest). */
  const state = { now: 0, cpu: 0, young: 1024 * 1024 };
  const collected: string[] = [];
  const logs: string[] = [];
  const collector = new IdleCollector({
    quietMs: options.quietMs ?? 5_000,
    activity: activity as RequestActivity,
    collectHeap: (generation = 'whole') => {
      collected.push(generation === 'young' ? 'scavenge' : 'heap');
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

/** The default quiet time's look interval: half of V8's window (2,625 ms), which is longer than the quiet time. */
const LOOK = lookIntervalMs(5_000);

describe('IdleCollector (IDLE_COLLECT_SECONDS)', () => {
  it('looks every half of the quiet time, or of V8\'s allocation-rate window when that is longer', () => {
    expect(ALLOCATION_RATE_WINDOW_MS).to.equal(5_250);
    expect(LOOK).to.equal(2_625);
    expect(lookIntervalMs(1_000)).to.equal(2_625);
    expect(lookIntervalMs(30_000)).to.equal(15_000);
  });

  it('closes start-up with a scavenge at its first look, and collects the request thread and the database threads V8\'s window after it', async () => {
    const { collector, collected, after } = collectorFixture();
    expect(await after(LOOK)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge']);
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK - 101)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge']);
    // A timer may fire a little early by this clock: 100 ms counts as on time.
    expect(await after(1)).to.equal(true);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads']);
    expect(collector.collections).to.equal(1);
  });

  it('scavenges at the first look that finds nothing in flight after requests, not while one is', async () => {
    const { activity, collected, after } = collectorFixture();
    await after(LOOK);
    await after(LOOK);
    await after(LOOK);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads']);
    activity.requestsStarted = 1;
    activity.requestsInFlight = 1;
    expect(await after(LOOK)).to.equal(false);
    expect(collected).to.have.length(3);
    activity.requestsStarted = 2;
    activity.requestsInFlight = 0;
    expect(await after(LOOK)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads', 'scavenge']);
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK)).to.equal(true);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads', 'scavenge', 'heap', 'threads']);
  });

  it('scavenges again at each look that saw more requests, and counts V8\'s window from the last scavenge', async () => {
    const { activity, collected, after } = collectorFixture();
    await after(LOOK);
    activity.requestsStarted = 5;
    expect(await after(LOOK)).to.equal(false);
    activity.requestsStarted = 9;
    expect(await after(LOOK)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge', 'scavenge', 'scavenge']);
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK)).to.equal(true);
  });

  it('waits V8\'s window after the scavenge however short the quiet time: a collection sooner would not shrink the young generation', async () => {
    const { collector, collected, after } = collectorFixture({ quietMs: 1_000 });
    await after(1_000);
    expect(collected).to.deep.equal(['scavenge']);
    expect(await after(1_000)).to.equal(false);
    expect(await after(3_000)).to.equal(false);
    expect(await after(1_250)).to.equal(true);
    expect(collector.collections).to.equal(1);
  });

  it('does not collect while a request is in flight, however long it runs', async () => {
    const { activity, collected, after } = collectorFixture();
    activity.requestsStarted = 1;
    activity.requestsInFlight = 1;
    for (let look = 0; look < 10; look++) expect(await after(LOOK)).to.equal(false);
    expect(collected).to.deep.equal([]);
  });

  it('counts the quiet time from the last look that saw a request start, when it is longer than V8\'s window', async () => {
    const { activity, collected, after } = collectorFixture({ quietMs: 10_000 });
    await after(5_000);
    activity.requestsStarted = 3; // answered between two looks: never seen in flight
    expect(await after(5_000)).to.equal(false);
    expect(await after(9_899)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge', 'scavenge']);
    expect(await after(1)).to.equal(true);
  });

  it('collects once per quiet spell when the collection gave the young generation back', async () => {
    const { collected, after } = collectorFixture();
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    for (let look = 0; look < 20; look++) expect(await after(LOOK)).to.equal(false);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads']);
  });

  it('follows up while the young generation stays grown, V8\'s window apart, four follow-ups at most', async () => {
    const { state, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    for (let followUp = 1; followUp <= 4; followUp++) {
      expect(await after(LOOK)).to.equal(false);
      expect(await after(LOOK)).to.equal(true);
      expect(collector.collections).to.equal(1 + followUp);
    }
    for (let look = 0; look < 20; look++) expect(await after(LOOK)).to.equal(false);
    expect(collector.collections).to.equal(5);
  });

  it('follows up a quiet time apart when the quiet time is longer than V8\'s window', async () => {
    const { state, collector, after } = collectorFixture({ quietMs: 10_000 });
    state.young = 32 * 1024 * 1024;
    expect(await after(10_000)).to.equal(false);
    expect(await after(5_250)).to.equal(true);
    expect(await after(9_899)).to.equal(false);
    expect(await after(1)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('stops following up once a collection has left the young generation at 4 MB or less', async () => {
    const { state, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    state.young = 4 * 1024 * 1024;
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    for (let look = 0; look < 20; look++) expect(await after(LOOK)).to.equal(false);
    expect(collector.collections).to.equal(3);
  });

  it('drops the follow-up when a request comes first: the next quiet spell scavenges and collects anew', async () => {
    const { state, activity, collected, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    await after(LOOK);
    await after(LOOK);
    await after(LOOK);
    activity.requestsStarted = 1;
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK)).to.equal(false);
    expect(collector.collections).to.equal(1);
    expect(await after(LOOK)).to.equal(true);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads', 'scavenge', 'heap', 'threads']);
  });

  it('waits for background work to stop: above 5 % of a core between two looks the process is not quiet', async () => {
    const { activity, collector, after } = collectorFixture();
    await after(LOOK);
    await after(LOOK);
    await after(LOOK);
    activity.requestsStarted = 40;
    await after(LOOK);
    // The burst's rollups settle for 20 s after its last request.
    for (let look = 0; look < 8; look++) expect(await after(LOOK, 0.3)).to.equal(false);
    expect(await after(LOOK, 0.051)).to.equal(false);
    expect(await after(LOOK, 0.05)).to.equal(false);
    expect(await after(LOOK, 0.01)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('collects after background work alone, once it has stopped', async () => {
    const { collected, collector, after } = collectorFixture();
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK, 0.5)).to.equal(false);
    expect(await after(LOOK)).to.equal(false);
    expect(await after(LOOK)).to.equal(true);
    expect(collector.collections).to.equal(2);
    expect(collected).to.deep.equal(['scavenge', 'heap', 'threads', 'scavenge', 'heap', 'threads']);
  });

  it('does not count the CPU of the look right after a collection: V8 sweeps the collected heap on helper threads', async () => {
    const { state, collector, after } = collectorFixture();
    state.young = 32 * 1024 * 1024;
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    expect(await after(LOOK, 0.4)).to.equal(false);
    expect(await after(LOOK)).to.equal(true);
    expect(collector.collections).to.equal(2);
  });

  it('logs a failed collection of the database threads and still counts the collection', async () => {
    const { collector, logs, collected, after } = collectorFixture({ failThreads: true });
    await after(LOOK);
    await after(LOOK);
    expect(await after(LOOK)).to.equal(true);
    expect(collected).to.deep.equal(['scavenge', 'heap']);
    expect(logs).to.deep.equal(['idle collection of the database threads: the SQLite thread exited with code 1']);
    expect(collector.collections).to.equal(1);
  });
});
