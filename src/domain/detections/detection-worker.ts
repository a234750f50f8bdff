import { randomUUID } from 'node:crypto';
import type { DetectionEvaluation } from './detection-evaluation.js';

/**
 * Runs the evaluation outbox in the server process: claims a batch, evaluates it, and polls again
 * after `pollMs` when the queue was empty (immediately when it was not). stop() waits for the
 * round in flight, so a draining server commits or abandons (to lease expiry) cleanly.
 */
export class DetectionWorker {
  readonly owner = `worker-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly evaluation: DetectionEvaluation,
    private readonly pollMs: number,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = null;
      });
    }, delay);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    let busy = false;
    try {
      const outcomes = await this.evaluation.runOnce(this.owner);
      busy = outcomes.length > 0;
      const failed = outcomes.filter((o) => o === 'failed').length;
      if (failed) this.log(`detections: ${failed} evaluation job(s) failed and were released for retry`);
    } catch (error) {
      this.log(`detections: claiming evaluation jobs failed: ${(error as Error).message}`);
    }
    this.schedule(busy ? 0 : this.pollMs);
  }
}
