/**
 * At most `limit` ingest writes at once per process; the rest wait in arrival order. A burst of
 * concurrent batches then holds only its parsed request bodies while it waits, instead of each
 * building its rows, search documents and SQL at the same time, and ingestion cannot take every
 * database connection from the reads.
 */
export class WriteGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`WriteGate limit must be a positive integer; got ${limit}`);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never dips below the queue's need.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Writes waiting for a slot (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }
}
