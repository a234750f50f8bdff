import { inAmbientTransaction } from '../../adapters/ambient-transaction.js';
import { MonitorTask } from '../../src/domain/monitors/monitor-task.js';
import type { Runtime } from '../../src/runtime.js';

/** One scheduler tick of `runtime`: its due monitor slots, each run in one ambient transaction. */
export async function runSchedulerTick(runtime: Runtime): Promise<void> {
  const task = new MonitorTask(runtime.services.monitorEvaluator);
  const now = runtime.clock.now();
  for (const slot of await task.dueSlots(now)) await inAmbientTransaction(runtime.store, () => task.run(slot, now));
}
