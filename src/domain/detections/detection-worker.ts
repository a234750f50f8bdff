import { randomUUID } from 'node:crypto';
import { WorkLoop } from '../background/work-loop.js';
import type { DetectionEvaluation } from './detection-evaluation.js';

/**
 * Runs the evaluation outbox in the server process: claims a batch, evaluates it, and polls again
 * after `pollMs` when the queue was empty (immediately when it was not). stop() waits for the
 * round in flight, so a draining server commits or abandons (to lease expiry) cleanly.
 */
export class DetectionWorker {
  readonly owner = `worker-${randomUUID().slice(0, 8)}`;
  private readonly loop: WorkLoop;

  constructor(
    private readonly evaluation: DetectionEvaluation,
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

  /** One round; true when it found jobs, so the next looks again at once. */
  private async round(): Promise<boolean> {
    try {
      const outcomes = await this.evaluation.runOnce(this.owner);
      const failed = outcomes.filter((o) => o === 'failed').length;
      if (failed) this.log(`detections: ${failed} evaluation job(s) failed and were released for retry`);
      return outcomes.length > 0;
    } catch (error) {
      this.log(`detections: claiming evaluation jobs failed: ${(error as Error).message}`);
      return false;
    }
  }
}
