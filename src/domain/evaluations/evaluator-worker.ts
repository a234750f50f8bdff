import { randomUUID } from 'node:crypto';
import { WorkLoop } from '../background/work-loop.js';
import type { EvaluatorPipeline } from './evaluator-pipeline.js';

/** Runs the evaluator outbox in the server process, like DetectionWorker does for detections. */
export class EvaluatorWorker {
  readonly owner = `evaluator-${randomUUID().slice(0, 8)}`;
  private readonly loop: WorkLoop;

  constructor(
    private readonly pipeline: EvaluatorPipeline,
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

  private async round(): Promise<boolean> {
    try {
      return (await this.pipeline.runOnce(this.owner)).length > 0;
    } catch (error) {
      this.log(`evaluators: claiming evaluation jobs failed: ${(error as Error).message}`);
      return false;
    }
  }
}
