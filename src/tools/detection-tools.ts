import type { components } from '../../generated/openapi.js';
import { READS } from './tool-annotation-presets.js';
import { field, listField, object, queryParameter, renamedField } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalString, requiredString } from './tool-input-readers.js';

type Framework = components['schemas']['Framework'];

/** `list_detections` (listDetections) and `get_detection_trend` (getDetectionTrend). */
export function detectionToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_detections',
      output: object({
        detections: listField(
          'DetectionList',
          'detections',
          object({
            name: field('DetectionListItem', 'slug'),
            display_name: field('DetectionListItem', 'displayName'),
            description: field('DetectionListItem', 'description'),
            severity: field('DetectionListItem', 'severity'),
            fire_count_24h: field('DetectionListItem', 'fireCount24h'),
            fire_count_7d: field('DetectionListItem', 'fireCount7d'),
            last_fired: field('DetectionListItem', 'lastFiredAt'),
            enabled: field('DetectionListItem', 'isActive'),
          }),
        ),
        total_count: field('DetectionList', 'totalCount'),
        active_count: field('DetectionList', 'activeCount'),
      }),
      annotations: READS,
      operationId: 'listDetections',
      description: 'List the detections of the project with how often each fired in the last 24 hours and 7 days.',
      input: object({ framework: queryParameter('listDetections', 'framework'), limit: queryParameter('listDetections', 'limit', clampedLimit(100, 50)) }),
      // The first page of the operation's list is the tool's answer; the limit is clamped as the spec says.
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          framework: input.framework as Framework | undefined,
          limit: input.limit === undefined ? 50 : Math.min(Math.max(1, Math.trunc(Number(input.limit)) || 1), 100),
        },
      }),
      toResult: (data) => ({
        detections: data.detections.map((d) => ({
          name: d.slug,
          display_name: d.displayName,
          description: d.description,
          severity: d.severity,
          fire_count_24h: d.fireCount24h,
          fire_count_7d: d.fireCount7d,
          last_fired: d.lastFiredAt,
          enabled: d.isActive,
        })),
        total_count: data.totalCount,
        active_count: data.activeCount,
      }),
    }),
    mapTool({
      name: 'get_detection_trend',
      output: object({
        detection_name: field('DetectionTrend', 'detectionName'),
        granularity: field('DetectionTrend', 'granularity'),
        date_range: field('DetectionTrend', 'dateRange'),
        trend: renamedField('DetectionTrend', 'trend'),
        total_count: field('DetectionTrend', 'totalCount'),
        avg_per_day: field('DetectionTrend', 'avgPerDay'),
      }),
      annotations: READS,
      operationId: 'getDetectionTrend',
      description: 'How often a detection fired per hour or day, with the share of the traces ingested in each bucket.',
      input: object({
        detection_name: queryParameter('getDetectionTrend', 'name'),
        granularity: queryParameter('getDetectionTrend', 'granularity'),
        date_range: queryParameter('getDetectionTrend', 'dateRange'),
      }),
      // The service checks name, granularity and range (400 naming the tool field), as it did for REST.
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          name: requiredString(input, 'detection_name', 200),
          granularity: optionalString(input, 'granularity', 10) as 'hour' | 'day' | undefined,
          dateRange: optionalString(input, 'date_range', 200),
        },
      }),
      toResult: (trend) => ({
        detection_name: trend.detectionName,
        granularity: trend.granularity,
        date_range: trend.dateRange,
        trend: trend.trend.map((b) => ({ timestamp: b.timestamp, count: b.count, percentage_of_all_traces: b.percentageOfAllTraces })),
        total_count: trend.totalCount,
        avg_per_day: trend.avgPerDay,
      }),
    }),
  ];
}
