import type { BackgroundPacer } from '../background/background-pacer.js';
import { OwnedWorkLoop } from '../background/owned-work-loop.js';
import type { ServerRunPipeline } from './server-run-pipeline.js';

/** Runs server-side experiment runs in the server process, beside the evaluator worker. */
export class ServerRunWorker extends OwnedWorkLoop {
  constructor(
    private readonly pipeline: ServerRunPipeline,
    pollMs: number,
    log: (message: string) => void,
    pacer?: BackgroundPacer,
  ) {
    super('experiment', 'experiment runs: claiming experiment jobs failed: ', pollMs, log, pacer);
  }

  protected async round(): Promise<boolean> {
    return (await this.pipeline.runOnce(this.owner)).length > 0;
  }
}
