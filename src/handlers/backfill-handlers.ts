import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { BackfillService } from '../domain/backfills/backfill-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { DetectionBackfillRecord } from '../ports/detection-backfills.js';

const toBackfill = (b: DetectionBackfillRecord): components['schemas']['DetectionBackfill'] => ({
  id: b.id,
  detectionId: b.detectionId,
  status: b.status,
  from: b.from.toISOString(),
  to: b.to.toISOString(),
  total: b.total,
  processed: b.processed,
  fired: b.fired,
  batches: b.batches,
  requestedBy: b.requestedBy,
  createdAt: b.createdAt.toISOString(),
  completedAt: b.completedAt?.toISOString() ?? null,
});

export class BackfillHandlers implements Pick<OperationHandlers, 'createDetectionBackfill' | 'getDetectionBackfill'> {
  constructor(private readonly backfills: BackfillService) {}

  createDetectionBackfill: OperationHandlers['createDetectionBackfill'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toBackfill(await this.backfills.start(selectedProject(ctx).id, path.id, { from: new Date(body.from), to: new Date(body.to) }, actorOf(ctx.principal))),
  });

  getDetectionBackfill: OperationHandlers['getDetectionBackfill'] = async ({ ctx, path }) => ({
    status: 200,
    data: toBackfill(await this.backfills.get(selectedProject(ctx).id, path.id, path.backfillId)),
  });
}
