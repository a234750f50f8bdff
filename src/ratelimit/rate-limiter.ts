/** A named budget: `limit` requests per fixed window of `windowSeconds`. */
export interface RatePolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  resetAt: number;
  /** Whole seconds until the reset, at least 1. */
  resetAfter: number;
  /** True when the shared limiter was unreachable and a local, bounded budget decided instead. */
  degraded: boolean;
  policy: RatePolicy;
}

/**
 * Counts one request against `key` under `policy`. Fixed windows (GitHub's model) make
 * RateLimit-Reset an exact instant that every process sharing the budget agrees on.
 */
export interface RateLimiter {
  hit(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision>;
  /**
   * The decision the next hit would get, without counting it: budgets that count only failures
   * (sign-in guessing) ask before the attempt and hit only when it failed.
   */
  peek(key: string, policy: RatePolicy, nowMs: number): Promise<RateDecision>;
  close?(): Promise<void>;
  /** Resolves when the shared store answers (readiness); in-process limiters have nothing to ask. */
  ping?(): Promise<void>;
}

export function decide(count: number, policy: RatePolicy, windowStartMs: number, nowMs: number, degraded: boolean): RateDecision {
  const resetMs = windowStartMs + policy.windowSeconds * 1000;
  return {
    allowed: count <= policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetAt: Math.ceil(resetMs / 1000),
    resetAfter: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
    degraded,
    policy,
  };
}

export const windowStart = (policy: RatePolicy, nowMs: number): number =>
  Math.floor(nowMs / (policy.windowSeconds * 1000)) * policy.windowSeconds * 1000;
