import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import { Lifecycle } from '../../src/http/lifecycle.js';
import { ProblemError } from '../../src/errors.js';

function fakeResponse(): Response & EventEmitter {
  const res = new EventEmitter() as Response & EventEmitter;
  res.setHeader = (() => res) as unknown as Response['setHeader'];
  return res;
}

describe('Lifecycle (draining)', () => {
  it('lets a request in flight finish before it reports idle', async () => {
    const lifecycle = new Lifecycle();
    const res = fakeResponse();
    lifecycle.middleware()({} as Request, res, (() => undefined) as NextFunction);
    lifecycle.startDraining();
    let idle = false;
    const waiting = lifecycle.idle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).to.equal(false);
    Object.assign(res, { writableFinished: true }).emit('close'); // a response sent whole: finish, then close
    await waiting;
    expect(idle).to.equal(true);
  });

  it('refuses new requests with 503 PUBLIC_API_DRAINING once draining', () => {
    const lifecycle = new Lifecycle();
    lifecycle.startDraining();
    let passed: unknown;
    lifecycle.middleware()({} as Request, fakeResponse(), ((error?: unknown) => (passed = error)) as NextFunction);
    expect(passed).to.be.instanceOf(ProblemError);
    expect((passed as ProblemError).status).to.equal(503);
    expect((passed as ProblemError).code).to.equal('PUBLIC_API_DRAINING');
    expect((passed as ProblemError).headers['Retry-After']).to.equal('5');
  });
});
