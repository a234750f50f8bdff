import { expect } from 'chai';
import { BackgroundPacer } from '../../src/domain/background/background-pacer.js';

describe('BackgroundPacer', () => {
  const load = { requestsInFlight: 0 };
  const pacer = (share: number, maxPauseMs = 250, pauses: number[] = []) =>
    new BackgroundPacer(load, { shareUnderLoad: share, maxPauseMs }, async (ms) => {
      pauses.push(ms);
    });

  it('owes no pause while no request is in flight', () => {
    load.requestsInFlight = 0;
    expect(pacer(0.1).pauseAfter(40)).to.equal(0);
  });

  it('with requests in flight owes spent × (1 − share) ÷ share, so background units take at most the share of the time', () => {
    load.requestsInFlight = 3;
    expect(pacer(0.1).pauseAfter(10)).to.be.closeTo(90, 1e-9);
    expect(pacer(0.25).pauseAfter(10)).to.be.closeTo(30, 1e-9);
  });

  it('caps one pause at maxPauseMs and owes nothing at share 1 (pacing off)', () => {
    load.requestsInFlight = 1;
    expect(pacer(0.1, 250).pauseAfter(1000)).to.equal(250);
    expect(pacer(1).pauseAfter(1000)).to.equal(0);
  });

  it('step() runs the unit, returns its result and then takes the pause it owes (also when the unit throws)', async () => {
    load.requestsInFlight = 1;
    const pauses: number[] = [];
    const paced = pacer(0.5, 10_000, pauses);
    expect(await paced.step(async () => 'done')).to.equal('done');
    expect(pauses).to.have.length(1);
    const failed = await paced.step(async () => Promise.reject(new Error('unit failed'))).catch((error: Error) => error.message);
    expect(failed).to.equal('unit failed');
    expect(pauses).to.have.length(2);
    load.requestsInFlight = 0;
    await paced.step(async () => undefined);
    expect(pauses).to.have.length(2);
  });
});
