import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { RateDecision, RateLimiter, RatePolicy } from '../../ratelimit/rate-limiter.js';

/** What an attempt is: a password sign-in (consent or device page) or a device user-code entry. */
export type GuessKind = 'sign-in' | 'user-code';

/** Who is guessing: the account named (sign-ins), the OAuth client, and the network address. */
export interface GuessSource {
  account?: string;
  client?: string;
  address: string;
}

/**
 * Each dimension has a short and a long window: a burst is stopped within the minute, and a patient
 * guesser who waits out each minute meets the hourly budget and then waits far longer — the back-off.
 */
const POLICIES: Record<GuessKind, Record<keyof GuessSource, RatePolicy[]>> = {
  'sign-in': {
    account: [
      { name: 'oauth-sign-in-account-minute', limit: 5, windowSeconds: 60 },
      { name: 'oauth-sign-in-account-hour', limit: 20, windowSeconds: 3600 },
    ],
    client: [{ name: 'oauth-sign-in-client-minute', limit: 300, windowSeconds: 60 }],
    address: [
      { name: 'oauth-sign-in-address-minute', limit: 20, windowSeconds: 60 },
      { name: 'oauth-sign-in-address-hour', limit: 100, windowSeconds: 3600 },
    ],
  },
  'user-code': {
    account: [],
    client: [],
    address: [
      { name: 'oauth-user-code-address-minute', limit: 10, windowSeconds: 60 },
      { name: 'oauth-user-code-address-hour', limit: 60, windowSeconds: 3600 },
    ],
  },
};

export const GUESS_POLICIES = POLICIES;

export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts; retry after ${retryAfterSeconds} s.`);
  }
}

/** Account names are hashed before they become limiter keys (Redis keys are not a user directory). */
const digest = (value: string): string => createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Rate limits on guessing at the OAuth pages, through the service's rate limiter (Redis when
 * configured, so every process shares the counts).
 *
 * Password sign-ins count failures only: `check` before the password is verified (a spent budget
 * refuses even the right password, so a locked account cannot be guessed), `failed` after a wrong
 * one. Counting successes too locked an owner out after 20 sign-ins and MCP connects in an hour.
 * A success does not erase earlier failures (GitHub's behaviour): a guesser who also owns an account
 * cannot reset an address budget by signing in between guesses.
 *
 * User-code entries count every attempt (`attempt`), before any lookup, so a refusal says nothing
 * about whether a code exists.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** Counts one attempt on every dimension; throws TooManyAttempts when any budget is spent. */
  attempt(kind: GuessKind, source: GuessSource): Promise<void> {
    return this.apply(kind, source, (key, policy, now) => this.limiter.hit(key, policy, now));
  }

  /** Throws TooManyAttempts when one more failure would exceed a budget; counts nothing. */
  check(kind: GuessKind, source: GuessSource): Promise<void> {
    return this.apply(kind, source, (key, policy, now) => this.limiter.peek(key, policy, now));
  }

  /** Counts one failed attempt on every dimension (the refusal comes with the next check). */
  async failed(kind: GuessKind, source: GuessSource): Promise<void> {
    await this.apply(kind, source, (key, policy, now) => this.limiter.hit(key, policy, now)).catch((error: unknown) => {
      if (!(error instanceof TooManyAttempts)) throw error;
    });
  }

  private async apply(kind: GuessKind, source: GuessSource, decide: (key: string, policy: RatePolicy, now: number) => Promise<RateDecision>): Promise<void> {
    const now = this.clock.now().getTime();
    let retryAfter = 0;
    for (const dimension of ['account', 'client', 'address'] as const) {
      const value = source[dimension];
      if (value === undefined || value === '') continue;
      const key = `${dimension}:${dimension === 'account' ? digest(value) : value}`;
      for (const policy of POLICIES[kind][dimension]) {
        const decision = await decide(key, policy, now);
        if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.resetAfter);
      }
    }
    if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
  }
}
