import { FRAMEWORKS } from '../domain/detections/detection-types.js';
import type { Services } from '../services.js';
import type { ToolDefinition } from './tool-definition.js';
import { optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

/** `list_detections` and `get_detection_trend`, over the same DetectionService as REST. */
export function detectionTools(services: Services): ToolDefinition[] {
  return [
    {
      name: 'list_detections',
      description: 'List the detections of the project with how often each fired in the last 24 hours and 7 days.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          framework: { type: 'string', enum: [...FRAMEWORKS], description: 'Only detections that evaluate traces of this framework.' },
          limit: { type: 'integer', minimum: 1, default: 50, description: 'At most this many detections (clamped to 100).' },
        },
      },
      async handler(input, { project }) {
        const { detections, total, active } = await services.detections.activity(project.id, {
          framework: optionalString(input, 'framework', 100),
          limit: optionalInteger(input, 'limit', 50, 1, 100),
        });
        return {
          detections: detections.map(({ detection, fireCount24h, fireCount7d, lastFiredAt }) => ({
            name: detection.slug,
            display_name: detection.displayName,
            description: detection.description,
            severity: detection.severity,
            fire_count_24h: fireCount24h,
            fire_count_7d: fireCount7d,
            last_fired: lastFiredAt?.toISOString() ?? null,
            enabled: detection.isActive,
          })),
          total_count: total,
          active_count: active,
        };
      },
    },
    {
      name: 'get_detection_trend',
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
      async handler(input, { project }) {
        const trend = await services.detections.trend(project.id, {
          name: requiredString(input, 'detection_name', 200),
          granularity: optionalString(input, 'granularity', 10) ?? 'day',
          dateRange: optionalString(input, 'date_range', 200) ?? 'last_7d',
        });
        return {
          detection_name: trend.detectionName,
          granularity: trend.granularity,
          date_range: trend.dateRange,
          trend: trend.buckets.map((b) => ({ timestamp: b.start.toISOString(), count: b.count, percentage_of_all_traces: b.percentageOfAllTraces })),
          total_count: trend.totalCount,
          avg_per_day: trend.avgPerDay,
        };
      },
    },
  ];
}
