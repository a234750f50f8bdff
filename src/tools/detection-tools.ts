import type { components } from '../../generated/openapi.js';
import { FRAMEWORKS } from '../domain/detections/detection-types.js';
import { READS, OUTPUT_SCHEMAS } from './tool-output-schemas.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalString, requiredString } from './tool-input-readers.js';

type Framework = components['schemas']['Framework'];

/** `list_detections` (listDetections) and `get_detection_trend` (getDetectionTrend). */
export function detectionToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_detections',
    outputSchema: OUTPUT_SCHEMAS.list_detections,
    annotations: READS,
      operationId: 'listDetections',
      description: 'List the detections of the project with how often each fired in the last 24 hours and 7 days.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          framework: { type: 'string', enum: [...FRAMEWORKS], description: 'Only detections that evaluate traces of this framework.' },
          limit: { type: 'integer', minimum: 1, default: 50, description: 'At most this many detections (clamped to 100).' },
        },
      },
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
    outputSchema: OUTPUT_SCHEMAS.get_detection_trend,
    annotations: READS,
      operationId: 'getDetectionTrend',
      description: 'How often a detection fired per hour or day, with the share of the traces ingested in each bucket.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['detection_name'],
        properties: {
          detection_name: { type: 'string', minLength: 1, maxLength: 100, description: 'The detection name (its slug).' },
          granularity: { type: 'string', enum: ['hour', 'day'], default: 'day' },
          date_range: {
            type: 'string',
            default: 'last_7d',
            description: 'last_24h, last_7d, last_30d, or an ISO 8601 interval <start>/<end> (end exclusive, at most 366 days).',
          },
        },
      },
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
