import type { components } from '../../generated/openapi.js';
import type { TraceFiring, TraceFiringService } from '../domain/detections/trace-firings.js';
import { readGrantOf } from '../auth/principal.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

const toFiring = ({ event, detection }: TraceFiring): components['schemas']['TraceDetectionFiring'] => ({
  detectionId: detection.id,
  slug: detection.slug,
  displayName: detection.displayName,
  type: detection.type,
  severity: detection.severity,
  spanId: event.spanId,
  score: event.score,
  evidence: event.evidence,
  firedAt: event.createdAt.toISOString(),
});

/** GET /traces/{traceId}/detections: what fired on one trace, for the trace page. */
export class TraceDetectionHandlers implements Pick<OperationHandlers, 'listTraceDetections'> {
  constructor(private readonly firings: TraceFiringService) {}

  listTraceDetections: OperationHandlers['listTraceDetections'] = async ({ ctx, path }) => ({
    status: 200,
    data: { firings: (await this.firings.list(selectedProject(ctx).id, path.traceId, readGrantOf(ctx.principal))).map(toFiring) },
  });
}
