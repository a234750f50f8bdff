/**
 * The time partitions trace storage is kept in (docs/partitioning.md): weeks, each named by its first
 * ms (Monday 00:00 UTC). Storage that is not partitioned (SQLite) reports nothing missing.
 */
export interface TimePartitionRepository {
  /**
   * The first ms of each week, from the current one to `weeksAhead` weeks after it, that some
   * partitioned table has no partition for yet. The current week is the database's, as the
   * `stored_at` of rows written now is, never a service clock that tests move.
   */
  missingWeeks(weeksAhead: number): Promise<number[]>;
  /** Creates the week's partition of each partitioned table (one that exists is kept), serialized across replicas. */
  createWeek(weekStartMs: number): Promise<void>;
  /** Rejects, saying which, when a partitioned table has no partition for the week after the current one. */
  nextWeekStored(): Promise<void>;
}
