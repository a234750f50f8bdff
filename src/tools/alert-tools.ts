import type { components } from '../../generated/openapi.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalInteger, optionalString } from './tool-input-readers.js';

type Incident = components['schemas']['Incident'];

const incidentView = (i: Incident) => ({
  incident_id: i.id,
  monitor_id: i.monitorId,
  status: i.status,
  event_type: i.eventType,
  metric: i.metric,
  open_value: i.openValue,
  peak_value: i.peakValue,
  last_value: i.lastValue,
  windows: i.windows,
  started_window_end: i.startedWindowEnd,
  resolved_window_end: i.resolvedWindowEnd,
  fix_id: i.fixId,
  details: i.details,
});

/** `list_monitors` (listMonitors) and `list_incidents` (listIncidents): what is alerting, for an agent on call. */
export function alertToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_monitors',
      operationId: 'listMonitors',
      description: 'List the monitors of the project (newest first, at most 100) with their kind, metric, state (ok or alerting) and mute.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { limit: { type: 'integer', minimum: 1, default: 50, description: 'At most this many monitors (clamped to 100).' } },
      },
      toOperation: (input) => ({ path: {}, headers: {}, body: undefined, query: { limit: optionalInteger(input, 'limit', 50, 1, 100) } }),
      toResult: (data) => ({
        monitors: data.monitors.map((m) => ({
          monitor_id: m.id,
          name: m.name,
          kind: m.kind,
          metric: m.metric,
          event_type: m.eventType,
          window_seconds: m.windowSeconds,
          state: m.state,
          open_incident_id: m.openIncidentId,
          enabled: m.enabled,
          muted_until: m.mutedUntil,
        })),
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'list_incidents',
      operationId: 'listIncidents',
      description: 'List monitor incidents of the project, newest first, with their metric values; filter by monitor, linked fix or status.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          monitor_id: { type: 'string', description: 'Only incidents of this monitor.' },
          fix_id: { type: 'string', description: 'Only incidents linked to this fix.' },
          status: { type: 'string', enum: ['alerting', 'resolved'] },
          limit: { type: 'integer', minimum: 1, default: 20, description: 'At most this many incidents (clamped to 100).' },
        },
      },
      // The service checks the ids are uuids (400 naming the field), as the contract does for REST.
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          monitorId: optionalString(input, 'monitor_id', 64),
          fixId: optionalString(input, 'fix_id', 64),
          status: optionalEnum(input, 'status', ['alerting', 'resolved'] as const),
          limit: optionalInteger(input, 'limit', 20, 1, 100),
        },
      }),
      toResult: (data) => ({ incidents: data.incidents.map(incidentView), has_more: data.page.hasMore }),
    }),
  ];
}
