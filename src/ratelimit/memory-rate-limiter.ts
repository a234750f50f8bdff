import { decide, windowStart, type RateDecision, type RateLimiter, type RatePolicy } from './rate-limiter.js';

/** In-process counters: the default for one server process. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { window: number; count: number }>();

  constructor(private readonly degraded = false) {}

  async hit(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    const start = windowStart(policy, nowMs);
    const id = `${policy.name}:${key}`;
    const counter = this.counters.get(id);
    const next = counter && counter.window === start ? { window: start, count: counter.count + 1 } : { window: start, count: 1 };
    this.counters.set(id, next);
    if (this.counters.size > 100_000) this.sweep(nowMs);
    return decide(next.count, policy, start, nowMs, this.degraded);
  }

  async peek(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    const start = windowStart(policy, nowMs);
    const counter = this.counters.get(`${policy.name}:${key}`);
    const count = counter && counter.window === start ? counter.count : 0;
    return decide(count + 1, policy, start, nowMs, this.degraded);
  }

  /** Drops counters of windows that have ended, bounding memory under many credentials. */
  private sweep(nowMs: number): void {
    for (const [id, counter] of this.counters) {
      if (counter.window < nowMs - 3_600_000) this.counters.delete(id);
    }
  }
}
