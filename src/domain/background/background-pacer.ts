import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How busy the request side of the process is: the HTTP lifecycle counts requests in flight. */
export interface ForegroundLoad {
  readonly requestsInFlight: number;
}

export interface PacerSettings {
  /**
   * While requests are in flight, the fraction of wall-clock time background units may take
   * (BACKGROUND_SHARE_UNDER_LOAD; 1 turns pacing off).
   */
  shareUnderLoad: number;
  /** The longest pause after one unit, so a slow unit never parks its loop for long. */
  maxPauseMs: number;
}

/**
 * Background work that yields the event loop to requests. Detection evaluation, evaluators,
 * webhook deliveries and retention run on the same event loop as the API; a flood of ingested
 * traces makes one project's evaluation backlog run flat out, and every other tenant's request
 * then waits behind it (measured: 280 evaluations a second took half the loop and put another
 * organization's list at 30× its idle p99). With requests in flight, each unit of background work
 * is followed by a pause long enough that background units take at most `shareUnderLoad` of the
 * time; with none in flight, units run back to back. The backlog still drains — at the share
 * while the API is busy, at full speed once it is quiet — and nothing claimed is given up (pauses
 * are far below any lease). Between units the loop always gets a turn, so a request that arrived
 * during a unit is read (and counted) before the next one starts.
 */
export class BackgroundPacer {
  constructor(
    private readonly foreground: ForegroundLoad,
    private readonly settings: PacerSettings,
    private readonly pause: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /** Runs one unit of background work, then pauses if requests are waiting for the loop. */
  async step<T>(unit: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await unit();
    } finally {
      // Always give the event loop a turn: a unit whose work completes without one (SQLite's queries
      // did, when they ran on the request thread) would make a batch of units one task, and a
      // request arriving meanwhile would not even be read — nor counted as in flight — until the
      // whole batch was done.
      await nextTurn();
      const delay = this.pauseAfter(performance.now() - started);
      if (delay > 0) await this.pause(delay);
    }
  }

  /** The pause owed after a unit that took `spentMs`: spent × (1 − share) / share, capped; 0 when no request waits. */
  pauseAfter(spentMs: number): number {
    const { shareUnderLoad, maxPauseMs } = this.settings;
    if (shareUnderLoad >= 1 || this.foreground.requestsInFlight === 0) return 0;
    return Math.min(maxPauseMs, (spentMs * (1 - shareUnderLoad)) / Math.max(shareUnderLoad, 0.01));
  }
}

/** For work run outside a server (tests, scripts): never pauses. */
export const UNPACED = new BackgroundPacer({ requestsInFlight: 0 }, { shareUnderLoad: 1, maxPauseMs: 0 });
