import { randomUUID } from 'node:crypto';
import { WorkLoop } from '../background/work-loop.js';
import type { DataLifecycle } from './data-lifecycle.js';

/**
 * Runs the data lifecycle in the server process: again at once while a run left work, else after
 * `pollMs`. stop() waits for the batch in flight.
 */
export class LifecycleWorker {
  readonly owner = `lifecycle-${randomUUID().slice(0, 8)}`;
  private readonly loop: WorkLoop;

  constructor(
    private readonly lifecycle: DataLifecycle,
    pollMs: number,
    private readonly log: (message: string) => void,
  ) {
    this.loop = new WorkLoop(() => this.round(), pollMs);
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One run; true when it left work for another at once. */
  private async round(): Promise<boolean> {
    try {
      return (await this.lifecycle.runOnce(this.owner)).more;
    } catch (error) {
      this.log(`data lifecycle: ${(error as Error).message}`);
      return false;
    }
  }
}
