import { expect } from 'chai';
import type { Response } from 'supertest';

export const REQUEST_ID = /^req_[0-9a-f]{32}$/;
const PROBLEM_TYPE = /^urn:service:problem:[a-z0-9]+(-[a-z0-9]+)*$/;
const PROBLEM_CODE = /^[A-Z][A-Z0-9_]*$/;

/** Asserts a complete Problem Details response: status, media type, every required member and its pattern. */
export function expectProblem(res: Response, status: number, code: string): Record<string, unknown> {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.headers['x-request-id']).to.match(REQUEST_ID);
  const body = res.body as Record<string, unknown>;
  expect(body.code).to.equal(code);
  expect(body.status).to.equal(status);
  expect(body.type).to.be.a('string').and.match(PROBLEM_TYPE);
  expect(body.code).to.match(PROBLEM_CODE);
  expect(body.title).to.be.a('string').with.length.within(1, 128);
  expect(body.detail).to.be.a('string').with.length.within(1, 512);
  expect(body.instance).to.be.a('string').and.match(/^\/api\/v\d+\/public/);
  expect(body.requestId).to.equal(res.headers['x-request-id']);
  expect(body.retryable).to.be.a('boolean');
  expect(Object.keys(body)).to.satisfy((keys: string[]) =>
    keys.every((k) => ['type', 'title', 'status', 'code', 'detail', 'instance', 'requestId', 'retryable', 'errors'].includes(k)),
  );
  return body;
}

/** Asserts the success envelope and returns its data. */
export function expectEnvelope<T = Record<string, unknown>>(res: Response, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(res.headers['x-request-id']).to.match(REQUEST_ID);
  expect(res.body.success).to.equal(true);
  expect(res.body.requestId).to.equal(res.headers['x-request-id']);
  return res.body.data as T;
}

export const RATE_LIMIT_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-service-ratelimit-limit',
  'x-service-ratelimit-remaining',
  'x-service-ratelimit-reset-after',
  'x-service-ratelimit-policy',
  'x-service-ratelimit-degraded',
  'x-service-ratelimit-version',
] as const;

export function expectRateLimitHeaders(res: Response): void {
  for (const header of RATE_LIMIT_HEADERS) expect(res.headers, header).to.have.property(header);
  expect(Number(res.headers['ratelimit-limit'])).to.be.at.least(1);
  expect(Number(res.headers['ratelimit-remaining'])).to.be.at.least(0);
  expect(Number(res.headers['x-service-ratelimit-reset-after'])).to.be.at.least(1);
  expect(res.headers['ratelimit-limit']).to.equal(res.headers['x-service-ratelimit-limit']);
  expect(res.headers['ratelimit-remaining']).to.equal(res.headers['x-service-ratelimit-remaining']);
  expect(res.headers['x-service-ratelimit-degraded']).to.be.oneOf(['true', 'false']);
  expect(res.headers['x-service-ratelimit-version']).to.equal('1');
}
