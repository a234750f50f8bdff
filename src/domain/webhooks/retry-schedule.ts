/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 8;

const BASE_DELAY_MS = 30_000;
const GROWTH = 4;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** ±20 %: retries of many deliveries that failed together spread out instead of arriving in a herd. */
const JITTER = 0.2;

/**
 * Delay before attempt `failedAttempt + 1`: 30 s × 4^(n−1), capped at 6 h, times a jitter factor in
 * [0.8, 1.2). Nominal: 30 s, 2 min, 8 min, 32 min, ~2 h 8 min, 6 h, 6 h — 8 attempts over ~15 h.
 * null when the schedule is exhausted.
 */
export function retryDelayMs(failedAttempt: number, random: () => number = Math.random): number | null {
  if (failedAttempt >= MAX_ATTEMPTS) return null;
  const nominal = Math.min(BASE_DELAY_MS * GROWTH ** (failedAttempt - 1), MAX_DELAY_MS);
  return Math.round(nominal * (1 - JITTER + 2 * JITTER * random()));
}

/** Worth retrying: a server fault, a timeout or rate limit answer; other answers will not change. */
export const isRetryableStatus = (status: number): boolean => status >= 500 || status === 408 || status === 429;
