import { expect } from 'chai';

/**
 * The error `promise` rejects with; fails the test when it resolves. Callers then assert *which*
 * error it is, so an unrelated failure (a typo, a broken query) cannot pass for the expected one.
 */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return expect.fail('expected a rejection, but the promise resolved');
}
