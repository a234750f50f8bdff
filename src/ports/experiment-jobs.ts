/**
 * The outbox of a server-side run's model calls: one `task` job per item, one `judge` job per
 * (result, evaluator). Same lease protocol as the evaluation outbox, plus a per-run bound on the
 * calls in flight.
 */
export type ExperimentJobKind = 'task' | 'judge';

export interface ExperimentJobRecord {
  id: string;
  projectId: string;
  runId: string;
  kind: ExperimentJobKind;
  itemId: string;
  /** The judging evaluator (judge jobs). */
  evaluatorId: string | null;
  /** Counted when claimed: the first claim has 1. */
  attempts: number;
}

export interface ExperimentJobRepository {
  /** Queues jobs; one whose (run, kind, item, evaluator) is queued already is left as it is. */
  enqueue(jobs: readonly Omit<ExperimentJobRecord, 'attempts'>[], now: Date): Promise<void>;
  /** Queues jobs again from scratch (a judgement asked for again), pending and unleased. */
  requeue(jobs: readonly Omit<ExperimentJobRecord, 'attempts'>[], now: Date): Promise<void>;
  /**
   * Leases up to `limit` due jobs for `owner`, oldest first, never leaving more than a run's
   * `concurrency` (default `defaultConcurrency`) of its jobs leased at once.
   */
  claim(owner: string, now: Date, leaseMs: number, limit: number, defaultConcurrency: number): Promise<ExperimentJobRecord[]>;
  /** Marks the job done while `owner` holds it; false when the lease was lost. */
  complete(id: string, owner: string, now: Date): Promise<boolean>;
  /** Gives the job back, claimable again at `retryAt`. */
  release(id: string, owner: string, error: string, now: Date, retryAt: Date): Promise<void>;
  /** Ends every pending job of the run (cancelled or stopped); returns how many. */
  dropPending(runId: string, now: Date): Promise<number>;
  pendingCount(runId: string): Promise<number>;
}

/** What one model call of a run spent: summed into the daily evaluation budgets. */
export interface ExperimentCallRecord {
  id: string;
  projectId: string;
  runId: string;
  itemId: string;
  evaluatorId: string | null;
  kind: ExperimentJobKind;
  outcome: 'completed' | 'scored' | 'error' | 'skipped';
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  error: string | null;
  createdAt: Date;
}

export interface ExperimentCallRepository {
  insert(record: ExperimentCallRecord): Promise<void>;
  /** The run's calls, oldest first (at most `limit`). */
  listByRun(runId: string, limit: number): Promise<ExperimentCallRecord[]>;
}
