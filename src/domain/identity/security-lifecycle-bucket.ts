import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import { ProblemError } from '../../errors.js';

export const SECURITY_LIFECYCLE_CAPACITY = 10;
/** 10 per hour: one token back every 360 seconds, continuously. */
const REFILL_PER_MS = SECURITY_LIFECYCLE_CAPACITY / 3_600_000;

/**
 * The security-lifecycle token bucket: creating service accounts and minting and rotating their
 * tokens draw from one bucket per organization (revoking never does and is never refused), whichever endpoint and whichever identity
 * (user, API key) acts. Persisted, so every server process shares it.
 */
export class SecurityLifecycleBucket {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Takes one token from the organization's bucket, or throws 429 with Retry-After. */
  async consume(organizationId: string): Promise<void> {
    const now = this.clock.now().getTime();
    const outcome = await this.store.securityBuckets.update(`organization:${organizationId}`, (current) => {
      const level = current === null ? SECURITY_LIFECYCLE_CAPACITY : Math.min(SECURITY_LIFECYCLE_CAPACITY, current.tokens + (now - current.updatedAt) * REFILL_PER_MS);
      if (level >= 1) return { tokens: level - 1, updatedAt: now, result: { allowed: true, retryAfter: 0 } };
      return { tokens: level, updatedAt: now, result: { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - level) / REFILL_PER_MS / 1000)) } };
    });
    if (!outcome.allowed) {
      throw new ProblemError(
        429,
        'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED',
        `The organization's security-lifecycle budget (${SECURITY_LIFECYCLE_CAPACITY} per hour for service-account creation and token minting and rotation) is spent.`,
        { headers: { 'Retry-After': String(outcome.retryAfter) } },
      );
    }
  }
}
