import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import { metricsOf, type TrainingService } from '../domain/detections/learning/training-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { DetectionModelRecord } from '../ports/detection-models.js';

const toModel = (m: DetectionModelRecord): components['schemas']['DetectionModel'] => ({
  id: m.id,
  detectionId: m.detectionId,
  version: m.version,
  status: m.status,
  trigger: m.trigger,
  active: m.active,
  reason: m.reason,
  examples: m.examples,
  evaluation: m.evaluation ? metricsOf(m.evaluation) : null,
  seed: m.seed,
  durationMs: m.durationMs,
  requestedBy: m.requestedBy,
  createdAt: m.createdAt.toISOString(),
  completedAt: m.completedAt?.toISOString() ?? null,
  activatedAt: m.activatedAt?.toISOString() ?? null,
});

export class DetectionModelHandlers implements Pick<OperationHandlers, 'trainDetection' | 'listDetectionModels' | 'activateDetectionModel'> {
  constructor(private readonly trainings: TrainingService) {}

  trainDetection: OperationHandlers['trainDetection'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toModel(await this.trainings.request(selectedProject(ctx).id, path.id, body, actorOf(ctx.principal))),
  });

  listDetectionModels: OperationHandlers['listDetectionModels'] = async ({ ctx, path, query }) => {
    const project = selectedProject(ctx);
    const { models, page } = await this.trainings.list(
      project.id,
      path.id,
      { limit: query.limit ?? 20, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: { detectionId: path.id.toLowerCase() }, sort: 'version:desc' },
    );
    return { status: 200, data: { models: models.map(toModel), page } };
  };

  activateDetectionModel: OperationHandlers['activateDetectionModel'] = async ({ ctx, path }) => ({
    status: 200,
    data: toModel(await this.trainings.activate(selectedProject(ctx).id, path.id, path.version)),
  });
}
