import { problems } from '../../errors.js';
import { grantAllows, type ReadGrant } from '../../auth/principal.js';
import type { Store } from '../../ports/store.js';
import type { DetectionEventRecord } from '../../ports/detection-events.js';
import type { DetectionRecord } from '../../ports/detections.js';
import { TRACE_ID_PATTERN } from '../traces/trace-input.js';

export interface TraceFiring {
  event: DetectionEventRecord;
  detection: DetectionRecord;
}

/** The detections that fired on one trace (a detection fires at most once per trace), oldest first. */
export class TraceFiringService {
  constructor(private readonly store: Store) {}

  async list(projectId: string, traceId: string, grant: ReadGrant | null): Promise<TraceFiring[]> {
    if (!TRACE_ID_PATTERN.test(traceId)) {
      throw problems.validation('The trace id format is invalid.', [
        { path: '/traceId', code: 'invalid_id', message: 'must be 1 to 128 letters, digits or ._:- starting with a letter or digit' },
      ]);
    }
    if (!grantAllows(grant, 'trace', traceId)) throw problems.notFound('The trace');
    if (!(await this.store.traces.findById(projectId, traceId))) throw problems.notFound('The trace');
    const events = await this.store.detectionEvents.listForTrace(projectId, traceId);
    const firings: TraceFiring[] = [];
    for (const event of events) {
      // A deleted detection's firings have nothing left to show.
      const detection = await this.store.detections.findById(projectId, event.detectionId);
      if (detection) firings.push({ event, detection });
    }
    return firings;
  }
}
