import { expect } from 'chai';
import { eventually } from './eventually.js';
import { rejectionOf } from './rejection.js';

describe('eventually (test helper: poll a condition with a deadline)', () => {
  it('returns the first value that is not false, null or undefined', async () => {
    let calls = 0;
    const value = await eventually(() => (++calls < 3 ? (calls === 1 ? null : false) : { calls }), { intervalMs: 1 });
    expect(value).to.deep.equal({ calls: 3 });
  });

  it('rethrows the check’s last error at the deadline, so the failure says what was still wrong', async () => {
    const failure = await rejectionOf(eventually(() => expect(1, 'the count').to.equal(2), { timeoutMs: 30, intervalMs: 5 }));
    expect((failure as Error).message).to.equal('the count: expected 1 to equal 2');
  });

  it('names the condition when it never held without an error', async () => {
    const failure = await rejectionOf(eventually(() => false, { timeoutMs: 30, intervalMs: 5, what: 'the marker deleted' }));
    expect((failure as Error).message).to.equal('the marker deleted did not hold within 30 ms');
  });
});

describe('rejectionOf (test helper: the error a promise rejects with)', () => {
  it('returns the rejection', async () => {
    const error = new Error('expected');
    expect(await rejectionOf(Promise.reject(error))).to.equal(error);
  });

  it('fails when the promise resolves', async () => {
    const failure = await rejectionOf(rejectionOf(Promise.resolve('fine')));
    expect((failure as Error).message).to.equal('expected a rejection, but the promise resolved');
  });
});
