import type { components } from '../../generated/openapi.js';
import type { MetricsQueryService, MetricsResult } from '../domain/analytics/metrics-query-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type MetricsQueryResult = components['schemas']['MetricsQueryResult'];

const toResult = (result: MetricsResult): MetricsQueryResult => ({
  from: result.from.toISOString(),
  to: result.to.toISOString(),
  unit: result.unit,
  ...(result.time ? { time: result.time } : {}),
  measures: result.measures,
  dimensions: result.dimensions,
  rows: result.rows.map((row) => ({
    ...(row.bucketStart ? { bucketStart: row.bucketStart.toISOString() } : {}),
    groups: row.groups,
    values: row.values,
  })),
});

/** The analytics operations (docs/analytics.md): the request as the contract validated it, handed to the service. */
export class MetricsHandlers implements Pick<OperationHandlers, 'queryMetrics'> {
  constructor(private readonly metrics: MetricsQueryService) {}

  queryMetrics: OperationHandlers['queryMetrics'] = async ({ ctx, body }) => {
    const result = await this.metrics.query({
      projectId: selectedProject(ctx).id,
      measures: body.measures,
      scoreName: body.scoreName,
      from: body.from,
      to: body.to,
      time: body.time,
      dimensions: body.dimensions,
      rankBy: body.rankBy,
      filters: body.filters,
    });
    return { status: 200, data: toResult(result) };
  };
}
