import { ProblemError } from '../../errors.js';

/** The operations expensive enough to be capped per credential. */
export type CostClass = 'search' | 'batch_ingest' | 'trend';

export type ConcurrencyLimits = Record<CostClass, number>;

const LABELS: Record<CostClass, string> = { search: 'searches', batch_ingest: 'batch ingests', trend: 'detection trends' };

/** Seconds a refused caller is asked to wait: expensive operations take on the order of a second. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

/**
 * Fair share: how many expensive operations of each class one credential may have in flight on
 * this process. One over the cap is refused at once with 429 and Retry-After rather than queued:
 * a queue would hold the caller's socket and the server's memory while hiding the back-pressure,
 * and a flooding client would simply fill it. Other credentials (other tenants) are unaffected,
 * so a project hammering search cannot take every database connection or CPU slot.
 */
export class ConcurrencyCaps {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly limits: ConcurrencyLimits) {}

  /** Takes a slot or throws the 429; the returned function gives it back (idempotent). */
  acquire(credentialId: string, costClass: CostClass): () => void {
    const key = `${costClass}\u0000${credentialId}`;
    const running = this.inFlight.get(key) ?? 0;
    const limit = this.limits[costClass];
    if (running >= limit) {
      throw new ProblemError(
        429,
        'PUBLIC_API_CONCURRENCY_LIMITED',
        `At most ${limit} ${LABELS[costClass]} may run at once per credential; retry when one in flight has finished.`,
        { headers: { 'Retry-After': String(CONCURRENCY_RETRY_AFTER_SECONDS) } },
      );
    }
    this.inFlight.set(key, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }

  /** Runs `work` in a slot of `costClass` for `credentialId`, or throws the 429 without running it. */
  async run<T>(credentialId: string, costClass: CostClass, work: () => Promise<T>): Promise<T> {
    const release = this.acquire(credentialId, costClass);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** In flight now, for tests and diagnostics. */
  running(credentialId: string, costClass: CostClass): number {
    return this.inFlight.get(`${costClass}\u0000${credentialId}`) ?? 0;
  }
}
