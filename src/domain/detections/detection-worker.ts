import { UNPACED, type BackgroundPacer } from '../background/background-pacer.js';
import { OwnedWorkLoop } from '../background/owned-work-loop.js';
import type { DetectionEvaluation } from './detection-evaluation.js';

/**
 * Runs the evaluation outbox in the server process: claims a batch, evaluates it, and polls again
 * after `pollMs` when the queue was empty (immediately when it was not).
 */
export class DetectionWorker extends OwnedWorkLoop {
  constructor(
    private readonly evaluation: DetectionEvaluation,
    pollMs: number,
    log: (message: string) => void,
    /** Paces job by job: a round claims a batch, and one batch run flat out is what held other tenants' requests. */
    private readonly jobPacer: BackgroundPacer = UNPACED,
    /** Prefix of its lease owner; the trace finalizer puts its process id in it (trace-finalizer.ts). */
    ownerPrefix = 'worker',
  ) {
    super(ownerPrefix, 'detections: claiming evaluation jobs failed: ', pollMs, log);
  }

  protected async round(): Promise<boolean> {
    const outcomes = await this.evaluation.runOnce(this.owner, this.jobPacer);
    const failed = outcomes.filter((o) => o === 'failed').length;
    if (failed) this.log(`detections: ${failed} evaluation job(s) failed and were released for retry`);
    return outcomes.length > 0;
  }
}
