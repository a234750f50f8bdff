import { Redis } from 'ioredis';
import { decide, windowStart, type RateDecision, type RateLimiter, type RatePolicy } from './rate-limiter.js';

// INCR and the first PEXPIRE in one step, so a crash between them cannot leave a counter that never expires.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Counters in Redis: several server processes share one budget per credential. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly keyPrefix = 'tracewell:rl:') {
    // No offline queue and one retry: when Redis is away a request must learn it at once, not hang.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
    this.redis.on('error', () => {
      /* surfaced per call; the resilient wrapper falls back */
    });
  }

  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async hit(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    const start = windowStart(policy, nowMs);
    const redisKey = `${this.keyPrefix}${policy.name}:${key}:${start}`;
    const count = Number(await this.redis.eval(INCREMENT, 1, redisKey, String(policy.windowSeconds * 1000 + 1000)));
    return decide(count, policy, start, nowMs, false);
  }

  async peek(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    const start = windowStart(policy, nowMs);
    const count = Number((await this.redis.get(`${this.keyPrefix}${policy.name}:${key}:${start}`)) ?? 0);
    return decide(count + 1, policy, start, nowMs, false);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
