import type { ScheduledTask } from '../scheduling/scheduler.js';
import type { MonitorEvaluator } from './monitor-evaluator.js';

/**
 * The scheduler's `monitors` task. A slot is `<monitorId>:<windowEnd>`: the monitor's next window
 * to evaluate, read from the monitor's own progress (`last_window_end`), so every process names the
 * same slot and the scheduler runs it once. A run evaluates that window and every later one already
 * ended (catch-up after downtime), in the scheduler's transaction.
 */
export class MonitorTask implements ScheduledTask {
  readonly name = 'monitors';

  constructor(private readonly evaluator: MonitorEvaluator) {}

  dueSlots(now: Date): Promise<string[]> {
    return this.evaluator.dueSlots(now);
  }

  async run(slot: string, now: Date): Promise<void> {
    await this.evaluator.run(slot, now);
  }

  /** A window that failed every attempt is recorded without a value and skipped, so later windows run. */
  async giveUp(slot: string, error: string): Promise<void> {
    await this.evaluator.skip(slot, error);
  }
}
