import { OwnedWorkLoop } from '../background/owned-work-loop.js';
import type { EvaluatorPipeline } from './evaluator-pipeline.js';

/** Runs the evaluator outbox in the server process, like DetectionWorker does for detections. */
export class EvaluatorWorker extends OwnedWorkLoop {
  constructor(
    private readonly pipeline: EvaluatorPipeline,
    pollMs: number,
    log: (message: string) => void,
  ) {
    super('evaluator', 'evaluators: claiming evaluation jobs failed: ', pollMs, log);
  }

  protected async round(): Promise<boolean> {
    return (await this.pipeline.runOnce(this.owner)).length > 0;
  }
}
