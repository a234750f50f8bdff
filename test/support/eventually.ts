import { setTimeout as pause } from 'node:timers/promises';

export interface EventuallyOptions {
  /** Give up after this long; the last failure (or a timeout message) becomes the test's error. */
  timeoutMs?: number;
  /** Pause between checks. A pause between polls is not a synchronising sleep: the condition decides. */
  intervalMs?: number;
  /** Names the condition in the timeout message. */
  what?: string;
}

/**
 * Waits for a condition instead of a fixed sleep: runs `check` until it returns a value other than
 * `false`, `null` or `undefined` without throwing, and returns that value. A check may throw an assertion; the
 * last one is rethrown at the deadline so the failure says what was still wrong.
 */
export async function eventually<T>(check: () => T | Promise<T>, { timeoutMs = 10_000, intervalMs = 20, what = 'the condition' }: EventuallyOptions = {}): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined) return value as Exclude<T, false | null | undefined>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      if (lastError !== undefined) throw lastError;
      throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    }
    await pause(intervalMs);
  }
}
