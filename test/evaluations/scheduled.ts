import { inAmbientTransaction } from '../../adapters/ambient-transaction.js';
import type { TestServer } from '../support/harness.js';

interface Task {
  dueSlots(now: Date): Promise<string[]>;
  run(slot: string, now: Date): Promise<void>;
}

/** One scheduler tick for `task`: each due slot runs in its own transaction on the ambient store. */
export async function runScheduledTask(server: TestServer, task: Task): Promise<void> {
  const now = server.clock.now();
  for (const slot of await task.dueSlots(now)) await inAmbientTransaction(server.runtime.store, () => task.run(slot, now));
}
