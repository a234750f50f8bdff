/**
 * The metrics rollups' maintenance (docs/analytics.md#rollups). The writing transactions only mark
 * the hours they change (triggers on traces, in the same transaction); `settle` recomputes the
 * rollups of marked hours from the stored rows and clears the marks it read, so a rollup is
 * either exact or its hour is still marked and read raw.
 */
export interface SettleOutcome {
  /** Marked (project, hour) pairs recomputed. */
  hours: number;
  /** Whether marks remain (or another process is settling: PostgreSQL runs one settler at a time). */
  more: boolean;
}

export interface MetricsRollupWriter {
  /** Recomputes up to `maxHours` marked hours. Runs in the caller's transaction. */
  settle(maxHours: number): Promise<SettleOutcome>;
}
