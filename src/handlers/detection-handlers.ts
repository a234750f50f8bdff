import type { components } from '../../generated/openapi.js';
import type { DetectionActivity, DetectionService } from '../domain/detections/detection-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { DetectionRecord } from '../ports/detections.js';

type Detection = components['schemas']['Detection'];
/** The fields every view of a detection shares. */
type DetectionSummary = Pick<Detection, 'id' | 'groupId' | 'groupName' | 'slug' | 'displayName' | 'type' | 'threshold' | 'isActive' | 'issueSemantics' | 'createdAt' | 'updatedAt'>;
type DetectionListItem = components['schemas']['DetectionListItem'];

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

const toListItem = ({ detection: d, fireCount24h, fireCount7d, lastFiredAt }: DetectionActivity): DetectionListItem => ({
  ...toSummary(d),
  description: d.description,
  severity: d.severity,
  frameworks: d.frameworks,
  fireCount24h,
  fireCount7d,
  lastFiredAt: lastFiredAt?.toISOString() ?? null,
});

export class DetectionHandlers implements Pick<OperationHandlers, 'listDetections' | 'createDetection' | 'getDetection' | 'updateDetection' | 'getDetectionTrend'> {
  constructor(private readonly detections: DetectionService) {}

  listDetections: OperationHandlers['listDetections'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const filter = { type: query.type, active: query.active, groupId: query.groupId, framework: query.framework };
    const { detections, page, total, active } = await this.detections.listPage(
      project.id,
      filter,
      { limit: query.limit ?? 20, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: filter, sort: 'createdAt:desc,id:desc' },
    );
    return { status: 200, data: { detections: detections.map(toListItem), totalCount: total, activeCount: active, page } };
  };

  getDetectionTrend: OperationHandlers['getDetectionTrend'] = async ({ ctx, query }) => {
    const trend = await this.detections.trend(selectedProject(ctx).id, { name: query.name, granularity: query.granularity ?? 'day', dateRange: query.dateRange ?? 'last_7d' });
    return {
      status: 200,
      data: {
        detectionName: trend.detectionName,
        granularity: trend.granularity,
        dateRange: trend.dateRange,
        trend: trend.buckets.map((b) => ({ timestamp: b.start.toISOString(), count: b.count, percentageOfAllTraces: b.percentageOfAllTraces })),
        totalCount: trend.totalCount,
        avgPerDay: trend.avgPerDay,
      },
    };
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
