import { OwnedWorkLoop } from '../../background/owned-work-loop.js';
import type { TrainingService } from './training-service.js';

/** Runs queued trainings in the server process, one at a time; polls again at once after one ran. */
export class TrainingWorkerLoop extends OwnedWorkLoop {
  constructor(
    private readonly trainings: TrainingService,
    pollMs: number,
    log: (message: string) => void,
  ) {
    super('trainer', 'detections: claiming a training failed: ', pollMs, log);
  }

  protected round(): Promise<boolean> {
    return this.trainings.runOnce(this.owner);
  }
}
