/**
 * A week of partitioned trace storage (docs/partitioning.md) by the `stored_at` it holds,
 * `[fromMs, toMs)`; `fromMs` null: everything before `toMs` (the legacy partition).
 */
export interface StoredWeek {
  fromMs: number | null;
  toMs: number;
}

/** Where a week's walk stopped (WeekRelease.next). */
export interface WeekCursor {
  storedAt: number;
  projectId: string;
  id: string;
}

export interface WeekRelease {
  /** Traces released in this step. */
  released: number;
  /** Where the next step goes on; null when the week is walked. */
  next: WeekCursor | null;
}

/**
 * The projects whose traces may go, each with its floor (traces created before it go), or null for a
 * deleted project (all of them go). A project not named keeps its traces.
 */
export type TraceFloors = ReadonlyMap<string, number | null>;

/** Deletes stored traces with every row derived from them, and the rest of a deleted project. */
export interface DataLifecycleRepository {
  /**
   * Deletes these traces of the project with their spans, search rows, detection events, jobs and fix
   * links; with `beforeMs`, only those created before it — on partitioned storage an id released by a
   * week's drop (releaseWeek) may also name a newer trace, which must stay.
   */
  deleteTraces(projectId: string, traceIds: string[], beforeMs?: number, week?: StoredWeek): Promise<number>;
  /**
   * Up to `limit` trace ids of the project created before `beforeMs` (all when undefined), oldest first;
   * with `week` (partitioned storage), only the traces stored in it.
   */
  traceIdsBefore(projectId: string, beforeMs: number | undefined, limit: number, week?: StoredWeek): Promise<string[]>;
  /**
   * One bounded step of purging a deleted project's rows that do not hang off traces (jobs of
   * vanished traces, deliveries, idempotency records, detection events); the number deleted (0: done).
   */
  purgeProjectRemainder(projectId: string, limit: number): Promise<number>;
  /** The weeks of partitioned storage that ended before now, oldest first; none where storage is not partitioned. */
  pastWeeks(): Promise<StoredWeek[]>;
  /** Every week of partitioned storage, past, current and ahead, oldest first; none where storage is not partitioned. */
  storedWeeks(): Promise<StoredWeek[]>;
  /** Each project with traces stored in the week, with the earliest and the latest `created_at` among them. */
  weekProjects(week: StoredWeek): Promise<{ projectId: string; oldestMs: number; newestMs: number }[]>;
  /**
   * One bounded step of releasing the week's traces that are past their floor: the rows of each that
   * are not partitioned (its registry row, taken under its lock, a trace being appended to skipped;
   * detection events and jobs; cluster memberships; fix links; scores and annotation items by cascade)
   * are deleted, its partitioned rows left for the week's drop. From `after`, walking the week.
   */
  releaseWeek(week: StoredWeek, floors: TraceFloors, after: WeekCursor | null, limit: number): Promise<WeekRelease>;
  /**
   * One bounded step (at most `limit` rows) of removing the project's metrics rollups — hour rows, day
   * rows and marks — of the hours and days wholly below `floorMs` from the hour of `oldestMs` to that of
   * `newestMs` (the created_at range of its traces in the week about to be dropped), except those holding
   * a trace of the project stored in another week: a dropped partition fires no delete trigger, so no
   * hour is marked and the settler never removes them. The number removed (0: done).
   */
  removeDroppedRollups(week: StoredWeek, projectId: string, range: { oldestMs: number; newestMs: number; floorMs: number }, limit: number): Promise<number>;
  /** Whether a trace stored in the week is still registered (then its partitions must stay). */
  weekRegistered(week: StoredWeek): Promise<boolean>;
  /** Detaches the week's partitions without blocking writers, and drops them; never inside a transaction. */
  dropWeek(week: StoredWeek): Promise<void>;
  /**
   * The weeks of partitioned metrics rollups (docs/partitioning.md, "The metrics rollups") that ended
   * by `endingBy` and before now, oldest first, each with the projects that have rollup rows in it; the
   * weeks are of the traces' `created_at` (the hours the rows add up), as retention's floors are. None
   * where the rollups are not partitioned.
   */
  pastRollupWeeks(endingBy: number): Promise<{ week: RollupWeek; projectIds: string[] }[]>;
  /**
   * Drops the week's rollup partitions (hours and days) if no project but these has rows in them,
   * checked again where no settle can write meanwhile; false when it kept them (another project's rows,
   * or a lock not granted in time: the next run tries again). Never inside a transaction.
   */
  dropRollupWeek(week: RollupWeek, projectIds: readonly string[]): Promise<boolean>;
}

/** A week of the partitioned metrics rollups, `[fromMs, toMs)` of the hours and days they add up. */
export interface RollupWeek {
  fromMs: number;
  toMs: number;
}

/** Named leases: one replica at a time runs a sweep; an expired lease is taken over. */
export interface WorkerLeaseRepository {
  /** True when `owner` holds `name` until `until` (acquired, renewed, or taken over after expiry). */
  acquire(name: string, owner: string, now: Date, until: Date): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}
