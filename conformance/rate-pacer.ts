import type { Exchange } from './exchange.js';

/** How the kit lets time pass on the deployment: real sleep, or its test clock where one is exposed. */
export type Waiter = (ms: number) => Promise<void>;

export const sleep: Waiter = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest single wait the kit accepts from Retry-After: the spec's windows are a minute. */
const MAX_SINGLE_WAIT_MS = 120_000;

interface Budget {
  remaining: number;
  /** When the window resets, on the deployment's time line (see `now`). */
  resetAtMs: number;
}

const integerHeader = (exchange: Exchange, name: string): number | undefined => {
  const value = exchange.headers[name];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
};

/**
 * Keeps the kit within the deployment's rate limits, as the spec asks of every client: it reads
 * RateLimit-Remaining and X-Service-RateLimit-Reset-After of each answer, holds back the next request
 * of a budget that is spent until its window resets, and answers an unexpected 429 by waiting its
 * Retry-After before sending again. A budget is a credential and a rate class (the contract's
 * x-rate-class), which is how the spec counts requests. Every wait comes out of one bounded total,
 * so a deployment that keeps refusing ends the waiting instead of the run hanging.
 */
export class RatePacer {
  private readonly budgets = new Map<string, Budget>();
  /** How far the waiter moved the deployment's test clock, when it moves one. */
  private offsetMs = 0;
  private waitedMs = 0;
  private exhausted = false;

  constructor(
    private readonly wait: Waiter,
    private readonly maxTotalWaitMs: number,
    /** Whether a wait moves a test clock (so the deployment's time runs ahead of the kit's). */
    private readonly movesClock: boolean,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Total time spent waiting for rate-limit windows, in ms. */
  get waited(): number {
    return this.waitedMs;
  }

  /** Whether the wait budget ran out (a 429 was then handed back instead of waited out). */
  get budgetExhausted(): boolean {
    return this.exhausted;
  }

  /** The deployment's time as far as the kit can tell: a test clock moves only when the kit advances it. */
  private now(): number {
    return this.movesClock ? this.offsetMs : Date.now();
  }

  /** The kit moved the deployment's test clock itself (cursor expiry): windows passed meanwhile. */
  clockAdvanced(ms: number): void {
    if (this.movesClock) this.offsetMs += ms;
  }

  /** Before a request of `budget`: waits for the window to reset when the last answer said it is spent. */
  async before(budget: string): Promise<void> {
    const state = this.budgets.get(budget);
    if (!state || state.remaining > 0) return;
    const ms = state.resetAtMs - this.now();
    this.budgets.delete(budget);
    if (ms > 0) await this.spend(ms, `${budget} spent`);
  }

  /**
   * Before a series of `count` requests of `budget` that must not stop to wait (a fuzzed operation
   * under its time limit): waits for the window to reset now when the last answer left fewer than
   * `count` requests in it, so the wait is not counted against the series.
   */
  async reserve(budget: string, count: number): Promise<void> {
    const state = this.budgets.get(budget);
    if (!state || state.remaining >= count) return;
    const ms = state.resetAtMs - this.now();
    this.budgets.delete(budget);
    if (ms > 0) await this.spend(ms, `${budget} has ${state.remaining} left of the ${count} about to be sent`);
  }

  /** After an answer: remembers what its rate-limit headers say of `budget`. */
  after(budget: string, exchange: Exchange): void {
    const remaining = integerHeader(exchange, 'ratelimit-remaining');
    const resetAfter = integerHeader(exchange, 'x-service-ratelimit-reset-after') ?? integerHeader(exchange, 'retry-after');
    if (remaining === undefined || resetAfter === undefined) return;
    this.budgets.set(budget, { remaining, resetAtMs: this.now() + resetAfter * 1000 });
  }

  /**
   * A 429 the kit did not provoke on purpose: waits its Retry-After (at most 2 minutes) and says
   * whether to send again; false when Retry-After is missing or malformed (the checker reports that)
   * or the wait budget is spent.
   */
  async retryAfter(budget: string, exchange: Exchange): Promise<boolean> {
    const seconds = integerHeader(exchange, 'retry-after');
    if (seconds === undefined || seconds < 1) return false;
    this.budgets.delete(budget);
    return this.spend(Math.min(seconds * 1000, MAX_SINGLE_WAIT_MS), `429 on ${budget}, Retry-After ${seconds}`);
  }

  private async spend(ms: number, reason: string): Promise<boolean> {
    if (this.waitedMs + ms > this.maxTotalWaitMs) {
      if (!this.exhausted) this.log(`rate limits: ${reason}, but the wait budget of ${Math.round(this.maxTotalWaitMs / 1000)} s is spent; not waiting any more`);
      this.exhausted = true;
      return false;
    }
    this.log(`rate limits: ${reason}; waiting ${(ms / 1000).toFixed(1)} s`);
    this.waitedMs += ms;
    await this.wait(ms);
    if (this.movesClock) this.offsetMs += ms;
    return true;
  }
}
