import type { BackgroundPacer } from '../background/background-pacer.js';
import { OwnedWorkLoop } from '../background/owned-work-loop.js';
import type { EvaluatorPipeline } from './evaluator-pipeline.js';

/** Runs the evaluator outbox in the server process, like DetectionWorker does for detections. */
export class EvaluatorWorker extends OwnedWorkLoop {
  constructor(
    private readonly pipeline: EvaluatorPipeline,
    pollMs: number,
    log: (message: string) => void,
    pacer?: BackgroundPacer,
  ) {
    super('evaluator', 'evaluators: claiming evaluation jobs failed: ', pollMs, log, pacer);
  }

  protected async round(): Promise<boolean> {
    return (await this.pipeline.runOnce(this.owner)).length > 0;
  }
}
