export interface DetectionJobRecord {
  id: string;
  projectId: string;
  traceId: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/** The evaluation outbox: written with the trace, leased by a worker, completed with the findings. */
export interface DetectionJobRepository {
  enqueue(jobs: { id: string; projectId: string; traceId: string }[], now: Date): Promise<void>;
  /**
   * Settled evaluations of growing traces (one project): each trace's pending, unclaimed job is
   * pushed back to `notBefore`; a trace without one gets a job claimable from `notBefore`
   * (lease_expires_at doubles as "not before", as a released job's back-off does).
   */
  schedule(jobs: { id: string; projectId: string; traceId: string }[], now: Date, notBefore: Date): Promise<void>;
  /**
   * Atomically leases up to `limit` pending jobs that are unleased or whose lease expired: on
   * PostgreSQL with FOR UPDATE SKIP LOCKED, on SQLite by its single writer.
   */
  claim(owner: string, now: Date, leaseMs: number, limit: number): Promise<DetectionJobRecord[]>;
  /** Marks the job done if `owner` still holds its lease; false when the lease was lost. */
  complete(id: string, owner: string, now: Date): Promise<boolean>;
  /** Gives a failed job back, claimable again from `retryAt` (or gives up after `maxAttempts`), keeping the error. */
  release(id: string, owner: string, error: string, now: Date, retryAt: Date, maxAttempts: number): Promise<void>;
  findById(id: string): Promise<DetectionJobRecord | null>;
  /**
   * What the trace finalizer sizes its pool by: pending jobs due now (claimable, or being worked on
   * under a live lease — not those waiting for their settle time or back-off), and the owners holding
   * live leases (at most 1,000), which tell how many processes share the work.
   */
  finalizerLoad(now: Date): Promise<FinalizerLoad>;
}

export interface FinalizerLoad {
  due: number;
  leaseOwners: string[];
}
