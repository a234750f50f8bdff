/** Deletes stored traces with every row derived from them, and the rest of a deleted project. */
export interface DataLifecycleRepository {
  /** Deletes these traces of the project with their spans, search rows, detection events, jobs and fix links. */
  deleteTraces(projectId: string, traceIds: string[]): Promise<number>;
  /** Up to `limit` trace ids of the project created before `beforeMs` (all when undefined), oldest first. */
  traceIdsBefore(projectId: string, beforeMs: number | undefined, limit: number): Promise<string[]>;
  /**
   * One bounded step of purging a deleted project's rows that do not hang off traces (jobs of
   * vanished traces, deliveries, idempotency records, detection events); the number deleted (0: done).
   */
  purgeProjectRemainder(projectId: string, limit: number): Promise<number>;
}

/** Named leases: one replica at a time runs a sweep; an expired lease is taken over. */
export interface WorkerLeaseRepository {
  /** True when `owner` holds `name` until `until` (acquired, renewed, or taken over after expiry). */
  acquire(name: string, owner: string, now: Date, until: Date): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}
