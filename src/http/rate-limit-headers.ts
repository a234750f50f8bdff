import type { RateDecision } from '../ratelimit/rate-limiter.js';

/** The rate-limit headers of the spec (IETF RateLimit fields plus the service's own), version 1. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetAt),
    'X-Service-RateLimit-Limit': String(decision.limit),
    'X-Service-RateLimit-Remaining': String(decision.remaining),
    'X-Service-RateLimit-Reset-After': String(decision.resetAfter),
    'X-Service-RateLimit-Policy': `${decision.policy.name};w=${decision.policy.windowSeconds};q=${decision.policy.limit}`,
    'X-Service-RateLimit-Degraded': String(decision.degraded),
    'X-Service-RateLimit-Version': '1',
  };
}
