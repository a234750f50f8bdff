import type { ServerResponse } from 'node:http';
import type { RateDecision } from '../ratelimit/rate-limiter.js';

/** The rate-limit headers of the spec (IETF RateLimit fields plus the service's own), version 1, each with its value. */
const FIELDS: readonly (readonly [name: string, value: (decision: RateDecision) => string])[] = [
  ['RateLimit-Limit', (decision) => String(decision.limit)],
  ['RateLimit-Remaining', (decision) => String(decision.remaining)],
  ['RateLimit-Reset', (decision) => String(decision.resetAt)],
  ['X-Service-RateLimit-Limit', (decision) => String(decision.limit)],
  ['X-Service-RateLimit-Remaining', (decision) => String(decision.remaining)],
  ['X-Service-RateLimit-Reset-After', (decision) => String(decision.resetAfter)],
  ['X-Service-RateLimit-Policy', ({ policy }) => `${policy.name};w=${policy.windowSeconds};q=${policy.limit}`],
  ['X-Service-RateLimit-Degraded', (decision) => String(decision.degraded)],
  ['X-Service-RateLimit-Version', () => '1'],
];

/** The rate-limit headers of a decision, for a refusal that carries them (429). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of FIELDS) headers[name] = value(decision);
  return headers;
}

/**
 * Sets the rate-limit headers of an allowed request on its response, one by one: every REST
 * request and tool call does, and the object rateLimitHeaders builds (then walked by
 * Object.entries) was a share of a `tools/call ping`'s CPU for nothing (issue #61 item 3).
 */
export function setRateLimitHeaders(res: ServerResponse, decision: RateDecision): void {
  for (const [name, value] of FIELDS) res.setHeader(name, value(decision));
}
