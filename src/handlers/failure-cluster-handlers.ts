import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { ClusterMemberView, ClusterService, ClusterView } from '../domain/clusters/cluster-service.js';
import type { FixService } from '../domain/fixes/fix-service.js';
import { templateText } from '../domain/clusters/failure-signature.js';
import { tracePath } from '../domain/traces/trace-links.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import { toFix } from './fix-handlers.js';

type FailureCluster = components['schemas']['FailureCluster'];
type FailureClusterTrace = components['schemas']['FailureClusterTrace'];

const DEFAULT_TREND_DAYS = 14;

export const toCluster = ({ cluster, templateText: template, exampleTraceIds, trend }: ClusterView): FailureCluster => ({
  id: cluster.id,
  template,
  tokens: cluster.template,
  count: cluster.count,
  firstSeenAt: cluster.firstSeenAt.toISOString(),
  lastSeenAt: cluster.lastSeenAt.toISOString(),
  trend,
  exampleTraceIds,
  detectionIds: cluster.detectionIds,
  mergedInto: cluster.mergedInto,
  fixId: cluster.fixId,
  createdAt: cluster.createdAt.toISOString(),
  updatedAt: cluster.updatedAt.toISOString(),
});

const toClusterTrace = (m: ClusterMemberView): FailureClusterTrace => ({
  traceId: m.traceId,
  name: m.name,
  url: tracePath(m.traceId),
  seenAt: m.seenAt.toISOString(),
  signature: templateText(m.signature),
  detectionIds: m.detectionIds,
});

type ClusterOperations =
  | 'listFailureClusters'
  | 'getFailureCluster'
  | 'listFailureClusterTraces'
  | 'createFailureClusterFix'
  | 'mergeFailureCluster'
  | 'splitFailureCluster';

export class FailureClusterHandlers implements Pick<OperationHandlers, ClusterOperations> {
  constructor(
    private readonly clusters: ClusterService,
    private readonly fixes: FixService,
  ) {}

  listFailureClusters: OperationHandlers['listFailureClusters'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const sort = query.sort ?? 'count';
    const { clusters, totalCount, page } = await this.clusters.list(
      project.id,
      { sort, limit: query.limit ?? 20, cursor: query.cursor, trendDays: query.trendDays ?? DEFAULT_TREND_DAYS },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: {}, sort },
    );
    return { status: 200, data: { clusters: clusters.map(toCluster), totalCount, page } };
  };

  getFailureCluster: OperationHandlers['getFailureCluster'] = async ({ ctx, path, query }) => ({
    status: 200,
    data: toCluster(await this.clusters.get(selectedProject(ctx).id, path.id, query.trendDays ?? DEFAULT_TREND_DAYS)),
  });

  listFailureClusterTraces: OperationHandlers['listFailureClusterTraces'] = async ({ ctx, path, query }) => {
    const project = selectedProject(ctx);
    const { traces, page } = await this.clusters.traces(
      project.id,
      path.id,
      { limit: query.limit ?? 20, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: { clusterId: path.id.toLowerCase() }, sort: 'seenAt:desc' },
    );
    return { status: 200, data: { traces: traces.map(toClusterTrace), page } };
  };

  createFailureClusterFix: OperationHandlers['createFailureClusterFix'] = async ({ ctx, path, body }) => {
    const projectId = selectedProject(ctx).id;
    const fix = await this.clusters.createFix(projectId, path.id, { title: body.title, severity: body.severity }, actorOf(ctx.principal));
    return { status: 201, data: toFix(await this.fixes.get(projectId, fix.id)) };
  };

  mergeFailureCluster: OperationHandlers['mergeFailureCluster'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toCluster(await this.clusters.merge(selectedProject(ctx).id, path.id, body.into, DEFAULT_TREND_DAYS)),
  });

  splitFailureCluster: OperationHandlers['splitFailureCluster'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toCluster(await this.clusters.split(selectedProject(ctx).id, path.id, body.traceIds, DEFAULT_TREND_DAYS)),
  });
}
