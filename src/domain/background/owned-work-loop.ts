import { randomUUID } from 'node:crypto';
import type { BackgroundPacer } from './background-pacer.js';
import { WorkLoop } from './work-loop.js';

/**
 * A background worker that claims leased work under its own owner id (detection jobs, evaluator
 * jobs, lifecycle batches): a WorkLoop whose round is the subclass's `round`, with failures logged
 * under `failurePrefix` and counted as "no work left", so one bad round never stops the loop.
 */
export abstract class OwnedWorkLoop {
  readonly owner: string;
  private readonly loop: WorkLoop;

  constructor(
    ownerPrefix: string,
    private readonly failurePrefix: string,
    pollMs: number,
    protected readonly log: (message: string) => void,
    /** Paces whole rounds; a worker whose round is many units paces them itself instead (detection jobs). */
    pacer?: BackgroundPacer,
  ) {
    this.owner = `${ownerPrefix}-${randomUUID().slice(0, 8)}`;
    this.loop = new WorkLoop(() => this.guardedRound(), pollMs, pacer);
  }

  start(): void {
    this.loop.start();
  }

  /** Waits for the round in flight, so a draining server commits or abandons (to lease expiry) what it claimed. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round; true when it found work, so the next looks again at once. */
  protected abstract round(): Promise<boolean>;

  private async guardedRound(): Promise<boolean> {
    try {
      return await this.round();
    } catch (error) {
      this.log(`${this.failurePrefix}${(error as Error).message}`);
      return false;
    }
  }
}
