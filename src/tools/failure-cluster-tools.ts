import type { components } from '../../generated/openapi.js';
import { READS, UPDATES } from './tool-annotation-presets.js';
import { bodyField, field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalInteger, requiredString } from './tool-input-readers.js';

type FailureCluster = components['schemas']['FailureCluster'];
type FailureClusterTrace = components['schemas']['FailureClusterTrace'];

const clusterView = (c: FailureCluster) => ({
  cluster_id: c.id,
  template: c.template,
  count: c.count,
  first_seen_at: c.firstSeenAt,
  last_seen_at: c.lastSeenAt,
  trend: c.trend,
  example_trace_ids: c.exampleTraceIds,
  detection_ids: c.detectionIds,
  fix_id: c.fixId,
});

const clusterOutput = object({
  cluster_id: field('FailureCluster', 'id'),
  template: field('FailureCluster', 'template'),
  count: field('FailureCluster', 'count'),
  first_seen_at: field('FailureCluster', 'firstSeenAt'),
  last_seen_at: field('FailureCluster', 'lastSeenAt'),
  trend: listField('FailureCluster', 'trend', object({ date: field('FailureClusterTrendDay', 'date'), count: field('FailureClusterTrendDay', 'count') })),
  example_trace_ids: field('FailureCluster', 'exampleTraceIds'),
  detection_ids: field('FailureCluster', 'detectionIds'),
  fix_id: field('FailureCluster', 'fixId'),
});

const traceView = (t: FailureClusterTrace) => ({ trace_id: t.traceId, name: t.name, seen_at: t.seenAt, signature: t.signature, detection_ids: t.detectionIds });

/**
 * Failure clusters for agents (docs/detections-learning.md#failure-clustering): which failures are
 * the big ones and how they trend, and the traces of one; and the corrections a person makes on the
 * cluster page — merge two clusters, split traces off — each over its contract operation (so the
 * write scope, the audit log and the 400s at `/body/...` are REST's).
 */
export function failureClusterToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_failure_clusters',
      operationId: 'listFailureClusters',
      output: object({
        clusters: listField('FailureClusterList', 'clusters', clusterOutput),
        total_count: field('FailureClusterList', 'totalCount'),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      description:
        "The project's failing traces grouped into clusters by their failure (failing span type and name, masked error message; or the detections that fired): each with its template, trace count, first and last seen, a daily trend, example trace ids and the detections involved. Sorted by count (default) or lastSeen.",
      input: object({
        sort: queryParameter('listFailureClusters', 'sort'),
        trend_days: queryParameter('listFailureClusters', 'trendDays'),
        limit: queryParameter('listFailureClusters', 'limit', clampedLimit(100, 20)),
      }),
      toOperation: (input) => ({
        path: {},
        query: {
          sort: optionalEnum(input, 'sort', ['count', 'lastSeen'] as const),
          trendDays: optionalInteger(input, 'trend_days', 14, 1, 90),
          limit: optionalInteger(input, 'limit', 20, 1, 100),
        },
        headers: {},
        body: undefined,
      }),
      toResult: (data) => ({ clusters: data.clusters.map(clusterView), total_count: data.totalCount, has_more: data.page.hasMore }),
    }),
    mapTool({
      name: 'list_failure_cluster_traces',
      operationId: 'listFailureClusterTraces',
      output: object({
        traces: listField('FailureClusterTraceList', 'traces', object({
          trace_id: field('FailureClusterTrace', 'traceId'),
          name: field('FailureClusterTrace', 'name'),
          seen_at: field('FailureClusterTrace', 'seenAt'),
          signature: field('FailureClusterTrace', 'signature'),
          detection_ids: field('FailureClusterTrace', 'detectionIds'),
        })),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      description: 'The traces of one failure cluster, newest first, each with its own masked failure signature (read one with get_trace_context).',
      input: object({
        cluster_id: pathParameter('listFailureClusterTraces', 'id'),
        limit: queryParameter('listFailureClusterTraces', 'limit', clampedLimit(100, 20)),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'cluster_id', 64) },
        query: { limit: optionalInteger(input, 'limit', 20, 1, 100) },
        headers: {},
        body: undefined,
      }),
      toResult: (data) => ({ traces: data.traces.map(traceView), has_more: data.page.hasMore }),
    }),
    mapTool({
      name: 'merge_failure_clusters',
      operationId: 'mergeFailureCluster',
      output: clusterOutput,
      annotations: UPDATES,
      description:
        'Merge one failure cluster into another that describes the same failure: its traces, counts and detections move to `into_cluster_id`, and new traces matching its template join that one from now on. Answers the cluster merged into.',
      input: object({
        cluster_id: pathParameter('mergeFailureCluster', 'id'),
        into_cluster_id: bodyField('mergeFailureCluster', 'into'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'cluster_id', 64) },
        query: {},
        headers: {},
        body: { into: requiredString(input, 'into_cluster_id', 64) },
      }),
      toResult: clusterView,
    }),
    mapTool({
      name: 'split_failure_cluster',
      operationId: 'splitFailureCluster',
      output: clusterOutput,
      annotations: UPDATES,
      description:
        'Split traces that do not belong (ids from list_failure_cluster_traces; 1–1,000, not all of them) off a failure cluster into a new cluster, whose template is their common one. Answers the new cluster; the source keeps the rest.',
      input: object({
        cluster_id: pathParameter('splitFailureCluster', 'id'),
        trace_ids: bodyField('splitFailureCluster', 'traceIds'),
      }),
      toOperation: (input) => ({
        path: { id: requiredString(input, 'cluster_id', 64) },
        query: {},
        headers: {},
        body: { traceIds: input.trace_ids as string[] },
      }),
      toResult: clusterView,
    }),
  ];
}
