/** What the scheduler remembers of one slot of one task. */
export interface ScheduledRunRecord {
  task: string;
  slot: string;
  status: 'done' | 'failed';
  attempts: number;
  lastError: string | null;
  retryAt: Date | null;
  finishedAt: Date;
}

export interface ScheduledRunRepository {
  /**
   * Claims (task, slot) for the caller's open transaction: true when this transaction now owns the
   * slot — it had no row, or its row failed fewer than `maxAttempts` times and may be retried at
   * `now`. The claim records the slot as done; it becomes visible (and final) when the transaction
   * commits. A concurrent claim of the same slot waits for that transaction and then sees the row.
   */
  claim(task: string, slot: string, owner: string, now: Date, maxAttempts: number): Promise<boolean>;
  /**
   * Records a failed attempt (outside the rolled-back transaction), not to be retried before
   * `now + retryDelayMs(attempts)`; returns the attempts so far.
   */
  recordFailure(task: string, slot: string, owner: string, error: string, now: Date, retryDelayMs: (attempts: number) => number): Promise<number>;
  find(task: string, slot: string): Promise<ScheduledRunRecord | null>;
  /** Forgets finished slots older than `before`; returns how many. */
  prune(before: Date, limit: number): Promise<number>;
}
