import type { Store } from '../../ports/store.js';
import type { ScheduledTask } from '../scheduling/scheduler.js';

/**
 * Weeks of partitions kept ready ahead of ingest (docs/partitioning.md, "Creating partitions ahead"):
 * a row whose week has no partition cannot be stored, and /readyz fails while next week's is missing,
 * so a stopped scheduler is noticed three weeks before ingest would fail.
 */
export const WEEKS_AHEAD = 4;

/**
 * Creates the missing weekly partitions from the current week to WEEKS_AHEAD weeks ahead, one slot
 * per week (its first ms), so a week is created once across replicas; the creation is idempotent
 * besides. Storage that is not partitioned reports no week missing, and the task has nothing to do.
 */
export class TimePartitionsTask implements ScheduledTask {
  readonly name = 'time-partitions';

  constructor(private readonly store: Store) {}

  async dueSlots(): Promise<string[]> {
    return (await this.store.timePartitions.missingWeeks(WEEKS_AHEAD)).map(String);
  }

  async run(slot: string): Promise<void> {
    await this.store.timePartitions.createWeek(Number(slot));
  }
}
