import type { components } from '../../generated/openapi.js';
import { bodyField, field, object, renamedField } from './contract-fields.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { QUERIES } from './tool-annotation-presets.js';

type Request = components['schemas']['MetricsQueryRequest'];
type Result = components['schemas']['MetricsQueryResult'];

/** `time` as the tool spells it (time_zone) back to the contract's (timeZone). */
function timeOf(value: unknown): Request['time'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const time = value as { bucket: NonNullable<Request['time']>['bucket']; time_zone?: string };
  return { bucket: time.bucket, ...(time.time_zone !== undefined ? { timeZone: time.time_zone } : {}) };
}

/**
 * query_metrics (docs/analytics.md): the metrics query as a tool, so an agent reads cost, latency,
 * tokens and error rates by time, model, agent or user with the REST operation's bounds and access.
 */
export function analyticsToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'query_metrics',
      operationId: 'queryMetrics',
      output: object({
        from: field('MetricsQueryResult', 'from'),
        to: field('MetricsQueryResult', 'to'),
        unit: field('MetricsQueryResult', 'unit'),
        time: renamedField('MetricsQueryResult', 'time'),
        measures: field('MetricsQueryResult', 'measures'),
        dimensions: field('MetricsQueryResult', 'dimensions'),
        rows: renamedField('MetricsQueryResult', 'rows'),
      }),
      annotations: QUERIES,
      description:
        'Measures of the project\'s traces in [from, to): counts, error rate, latency p50/p90/p95/p99 (nearest rank), cost, tokens, the mean of a named score; grouped by time bucket (minute/hour/day/week in an IANA time zone) and up to two dimensions (model, provider, agent, user, ...), each keeping its top values and the rest as "other". Filters use the saved-filter rules. Example: daily costSum by model over the last 30 days.',
      input: object({
        measures: bodyField('queryMetrics', 'measures'),
        score_name: bodyField('queryMetrics', 'scoreName'),
        from: bodyField('queryMetrics', 'from'),
        to: bodyField('queryMetrics', 'to'),
        time: renamedField('MetricsQueryRequest', 'time'),
        dimensions: bodyField('queryMetrics', 'dimensions'),
        rank_by: bodyField('queryMetrics', 'rankBy'),
        filters: bodyField('queryMetrics', 'filters'),
      }),
      // The arguments were validated against these same contract schemas before this runs.
      toOperation: (input) => ({
        path: {},
        query: {},
        headers: {},
        body: {
          measures: input.measures as Request['measures'],
          scoreName: input.score_name as string | undefined,
          from: input.from as string,
          to: input.to as string,
          time: timeOf(input.time),
          dimensions: input.dimensions as Request['dimensions'],
          rankBy: input.rank_by as Request['rankBy'],
          filters: input.filters as Request['filters'],
        },
      }),
      toResult: (data: Result) => ({
        from: data.from,
        to: data.to,
        unit: data.unit,
        ...(data.time ? { time: { bucket: data.time.bucket, time_zone: data.time.timeZone } } : {}),
        measures: data.measures,
        dimensions: data.dimensions,
        rows: data.rows.map((row) => ({ ...(row.bucketStart ? { bucket_start: row.bucketStart } : {}), groups: row.groups, values: row.values })),
      }),
    }),
  ];
}
