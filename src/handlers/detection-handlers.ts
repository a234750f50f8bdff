import type { components } from '../../generated/openapi.js';
import type { DetectionService } from '../domain/detections/detection-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { DetectionRecord } from '../ports/detections.js';

type Detection = components['schemas']['Detection'];
type DetectionSummary = components['schemas']['DetectionSummary'];

const toSummary = (d: DetectionRecord): DetectionSummary => ({
  id: d.id,
  groupId: d.groupId,
  groupName: d.groupName,
  slug: d.slug,
  displayName: d.displayName,
  type: d.type,
  threshold: d.threshold,
  isActive: d.isActive,
  issueSemantics: d.issueSemantics,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

export const toDetection = (d: DetectionRecord): Detection => ({
  ...toSummary(d),
  issueSemantics: d.issueSemantics,
  description: d.description,
  severity: d.severity,
  frameworks: d.frameworks,
  config: d.config,
});

export class DetectionHandlers implements Pick<OperationHandlers, 'listDetections' | 'createDetection' | 'getDetection' | 'updateDetection'> {
  constructor(private readonly detections: DetectionService) {}

  listDetections: OperationHandlers['listDetections'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const filter = { type: query.type, active: query.active, groupId: query.groupId };
    const { detections, page } = await this.detections.listPage(
      project.id,
      filter,
      { limit: query.limit ?? 20, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: filter, sort: 'createdAt:desc,id:desc' },
    );
    return { status: 200, data: { detections: detections.map(toSummary), page } };
  };

  createDetection: OperationHandlers['createDetection'] = async ({ ctx, body }) => ({
    status: 201,
    data: toDetection(await this.detections.create(selectedProject(ctx).id, body)),
  });

  getDetection: OperationHandlers['getDetection'] = async ({ ctx, path }) => ({
    status: 200,
    data: toDetection(await this.detections.get(selectedProject(ctx).id, path.id)),
  });

  updateDetection: OperationHandlers['updateDetection'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDetection(await this.detections.update(selectedProject(ctx).id, path.id, body)),
  });
}
