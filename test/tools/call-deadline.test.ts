import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import { CallContext, CallDeadline, ToolTimeout } from '../../src/tools/call-deadline.js';
import { systemClock } from '../../src/clock.js';
import type { Principal } from '../../src/auth/principal.js';
import type { ProjectRecord } from '../../src/ports/projects.js';

describe('CallDeadline (a tool call’s time bound)', () => {
  it('rejects `expired` with ToolTimeout once the time passes, and aborts a signal read before then with the same reason', async () => {
    const deadline = new CallDeadline(20);
    const signal = deadline.signal;
    expect(signal.aborted).to.equal(false);
    const outcome = await deadline.expired.catch((error: unknown) => error);
    expect(outcome).to.be.instanceOf(ToolTimeout);
    expect(deadline.hasPassed).to.equal(true);
    expect(signal.aborted).to.equal(true);
    expect(signal.reason).to.be.instanceOf(ToolTimeout);
  });

  it('gives a signal first read after the time passed already aborted', async () => {
    const deadline = new CallDeadline(5);
    expect(await deadline.expired.catch((error: unknown) => error)).to.be.instanceOf(ToolTimeout);
    expect(deadline.signal.aborted).to.equal(true);
    expect(deadline.signal.reason).to.be.instanceOf(ToolTimeout);
  });

  it('never passes once cleared: no rejection, no abort', async () => {
    const deadline = new CallDeadline(10);
    const signal = deadline.signal;
    deadline.clear();
    let settled = false;
    void deadline.expired.then(
      () => (settled = true),
      () => (settled = true),
    );
    // A witness started after it with a longer time: its timer fires after the cleared one would
    // have, so once the witness has passed, the cleared deadline has had its chance.
    const witness = new CallDeadline(20);
    expect(await witness.expired.catch((error: unknown) => error)).to.be.instanceOf(ToolTimeout);
    expect(settled).to.equal(false);
    expect(deadline.hasPassed).to.equal(false);
    expect(signal.aborted).to.equal(false);
  });

  it('passes each of several deadlines at its own time, never before it, a shorter one made after a longer one too', async () => {
    const started = performance.now();
    const passedAfter = (deadline: CallDeadline) => deadline.expired.catch(() => Math.round(performance.now() - started));
    const long = new CallDeadline(80);
    const short = new CallDeadline(20);
    const middle = new CallDeadline(50);
    const [longMs, shortMs, middleMs] = await Promise.all([passedAfter(long), passedAfter(short), passedAfter(middle)]);
    // Never before its time (the lower bounds); the upper bounds leave room for a busy machine's timers.
    expect(shortMs).to.be.within(20, 270);
    expect(middleMs).to.be.within(50, 300);
    expect(longMs).to.be.within(80, 330);
  });

  it('returns the same signal on every read', () => {
    const deadline = new CallDeadline(1000);
    expect(deadline.signal).to.equal(deadline.signal);
    deadline.clear();
  });

  it('is read through a CallContext, whose signal is its deadline’s and whose other fields are the call’s', async () => {
    const deadline = new CallDeadline(5);
    const principal = { credentialId: 'c1' } as unknown as Principal;
    const project = { id: 'p1' } as unknown as ProjectRecord;
    const context = new CallContext(principal, project, systemClock, 'req_1', deadline);
    expect([context.principal, context.project, context.clock, context.requestId]).to.deep.equal([principal, project, systemClock, 'req_1']);
    expect(context.signal).to.equal(deadline.signal);
    expect(await deadline.expired.catch((error: unknown) => error)).to.be.instanceOf(ToolTimeout);
    expect(context.signal.aborted).to.equal(true);
  });
});
