import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateDecision, RateLimiter, RatePolicy } from './rate-limiter.js';

/**
 * The shared limiter with a bounded local fallback: when the shared store cannot answer, each
 * process enforces the same policy locally and says so (X-Service-RateLimit-Degraded: true)
 * rather than failing every request or letting traffic through unmetered.
 */
export class ResilientRateLimiter implements RateLimiter {
  private readonly fallback = new MemoryRateLimiter(true);

  constructor(private readonly primary: RateLimiter) {}

  async hit(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    try {
      return await this.primary.hit(key, policy, nowMs);
    } catch {
      return this.fallback.hit(key, policy, nowMs);
    }
  }

  async peek(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision> {
    try {
      return await this.primary.peek(key, policy, nowMs);
    } catch {
      return this.fallback.peek(key, policy, nowMs);
    }
  }

  /** Asks the shared store itself: the local fallback keeps requests going, but readiness reports the outage. */
  async ping(): Promise<void> {
    await this.primary.ping?.();
  }

  async close(): Promise<void> {
    await this.primary.close?.();
  }
}
