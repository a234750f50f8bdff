import type { SettleOutcome } from '../../ports/metrics-rollups.js';
import type { Store } from '../../ports/store.js';

/**
 * Brings the metrics rollups up to date (docs/analytics.md#rollups): each round recomputes a few
 * marked hours from the stored rows in one transaction, kept short because on SQLite it holds the
 * writer that ingest needs. Until an hour is settled the metrics query reads it raw, so a slow
 * settler makes queries slower, never wrong.
 */
export class MetricsRollupSettler {
  constructor(
    private readonly store: Store,
    private readonly hoursPerRound: number,
  ) {}

  async runOnce(): Promise<SettleOutcome> {
    return this.store.transaction((tx) => tx.metricsRollups.settle(this.hoursPerRound));
  }

  /** Every mark settled (tests, the benchmark): rounds until none remains. */
  async settleAll(): Promise<number> {
    let hours = 0;
    for (;;) {
      const outcome = await this.runOnce();
      hours += outcome.hours;
      if (!outcome.more) return hours;
    }
  }
}
