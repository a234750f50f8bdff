import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { MemoryRateLimiter } from '../../src/ratelimit/memory-rate-limiter.js';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter.js';
import { ResilientRateLimiter } from '../../src/ratelimit/resilient-rate-limiter.js';
import type { RateLimiter, RatePolicy } from '../../src/ratelimit/rate-limiter.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const policy: RatePolicy = { name: 'read', limit: 3, windowSeconds: 60 };
const WINDOW_START = Date.UTC(2026, 10, 1, 12, 0, 0);

/** The same rules for every implementation of the port. */
function limiterContract(name: string, open: () => Promise<{ limiter: RateLimiter; close: () => Promise<void> }>): void {
  describe(name, () => {
    let limiter: RateLimiter;
    let close: () => Promise<void>;
    let key: string;
    beforeEach(async () => {
      ({ limiter, close } = await open());
      key = `key-${randomBytes(6).toString('hex')}`;
    });
    afterEach(async () => close());

    it('allows up to the limit and counts remaining down to 0', async () => {
      const remaining = [];
      for (let i = 0; i < 3; i++) {
        const decision = await limiter.hit(key, policy, WINDOW_START + 1000);
        expect(decision.allowed).to.equal(true);
        remaining.push(decision.remaining);
      }
      expect(remaining).to.deep.equal([2, 1, 0]);
    });

    it('refuses the request after the limit with the reset of the window', async () => {
      for (let i = 0; i < 3; i++) await limiter.hit(key, policy, WINDOW_START + 1000);
      const decision = await limiter.hit(key, policy, WINDOW_START + 10_500);
      expect(decision).to.include({ allowed: false, remaining: 0, limit: 3, resetAt: WINDOW_START / 1000 + 60, resetAfter: 50, degraded: false });
    });

    it('starts a new window at the reset', async () => {
      for (let i = 0; i < 4; i++) await limiter.hit(key, policy, WINDOW_START + 1000);
      const decision = await limiter.hit(key, policy, WINDOW_START + 60_000);
      expect(decision).to.include({ allowed: true, remaining: 2 });
    });

    it('peek answers what the next hit would get and counts nothing', async () => {
      expect(await limiter.peek(key, policy, WINDOW_START + 1000)).to.include({ allowed: true, remaining: 2 });
      for (let i = 0; i < 2; i++) await limiter.hit(key, policy, WINDOW_START + 1000);
      expect(await limiter.peek(key, policy, WINDOW_START + 1000)).to.include({ allowed: true, remaining: 0 });
      expect(await limiter.peek(key, policy, WINDOW_START + 1000)).to.include({ allowed: true, remaining: 0 });
      await limiter.hit(key, policy, WINDOW_START + 1000);
      expect(await limiter.peek(key, policy, WINDOW_START + 10_500)).to.include({ allowed: false, remaining: 0, resetAfter: 50 });
      expect(await limiter.peek(key, policy, WINDOW_START + 60_000)).to.include({ allowed: true, remaining: 2 });
    });

    it('keeps separate budgets per key and per policy', async () => {
      for (let i = 0; i < 4; i++) await limiter.hit(key, policy, WINDOW_START);
      expect((await limiter.hit(`${key}-other`, policy, WINDOW_START)).allowed).to.equal(true);
      expect((await limiter.hit(key, { ...policy, name: 'write' }, WINDOW_START)).allowed).to.equal(true);
    });
  });
}

describe('RateLimiter port', () => {
  limiterContract('MemoryRateLimiter', async () => ({ limiter: new MemoryRateLimiter(), close: async () => undefined }));
  limiterContract('RedisRateLimiter', async () => {
    const limiter = new RedisRateLimiter(REDIS_URL, `tracewell:test:${randomBytes(4).toString('hex')}:`);
    await limiter.connect();
    return { limiter, close: () => limiter.close() };
  });

  describe('RedisRateLimiter across processes', () => {
    it('shares one budget between two limiters on the same Redis', async () => {
      const prefix = `tracewell:test:${randomBytes(4).toString('hex')}:`;
      const first = new RedisRateLimiter(REDIS_URL, prefix);
      const second = new RedisRateLimiter(REDIS_URL, prefix);
      await Promise.all([first.connect(), second.connect()]);
      try {
        await first.hit('shared', policy, WINDOW_START);
        await second.hit('shared', policy, WINDOW_START);
        await first.hit('shared', policy, WINDOW_START);
        expect((await second.hit('shared', policy, WINDOW_START)).allowed).to.equal(false);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });

  describe('ResilientRateLimiter', () => {
    it('enforces the policy locally and reports degraded when Redis does not answer', async () => {
      const unreachable = new RedisRateLimiter('redis://127.0.0.1:1');
      await unreachable.connect().catch(() => undefined);
      const limiter = new ResilientRateLimiter(unreachable);
      try {
        const decisions = [];
        for (let i = 0; i < 4; i++) decisions.push(await limiter.hit('k', policy, WINDOW_START));
        expect(decisions.map((d) => [d.allowed, d.degraded])).to.deep.equal([
          [true, true],
          [true, true],
          [true, true],
          [false, true],
        ]);
      } finally {
        await limiter.close();
      }
    });

    it('peeks at the local fallback counts when Redis does not answer', async () => {
      const unreachable = new RedisRateLimiter('redis://127.0.0.1:1');
      await unreachable.connect().catch(() => undefined);
      const limiter = new ResilientRateLimiter(unreachable);
      try {
        for (let i = 0; i < 3; i++) await limiter.hit('k', policy, WINDOW_START);
        expect(await limiter.peek('k', policy, WINDOW_START)).to.include({ allowed: false, degraded: true });
      } finally {
        await limiter.close();
      }
    });

    it('reports not degraded while Redis answers', async () => {
      const redis = new RedisRateLimiter(REDIS_URL, `tracewell:test:${randomBytes(4).toString('hex')}:`);
      await redis.connect();
      const limiter = new ResilientRateLimiter(redis);
      try {
        expect((await limiter.hit('k', policy, WINDOW_START)).degraded).to.equal(false);
      } finally {
        await limiter.close();
      }
    });
  });
});
