/**
 * What the readiness probe asks of storage, so that /readyz needs no SQL and no adapter: each
 * method resolves when storage can serve, and rejects with the reason when it cannot.
 */
export interface StoreHealth {
  /** The database answers a trivial query. */
  reachable(): Promise<void>;
  /** Names of the migrations the schema still lacks (empty when it is current). */
  pendingMigrations(): Promise<string[]>;
  /**
   * Partitioned storage (PostgreSQL): resolves when next week's partitions exist, so a stopped
   * `time-partitions` task fails readiness weeks before ingest would (docs/partitioning.md). Absent
   * where storage is not partitioned.
   */
  partitionsAhead?(): Promise<void>;
}
