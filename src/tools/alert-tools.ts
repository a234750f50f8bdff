import type { components } from '../../generated/openapi.js';
import { READS } from './tool-annotation-presets.js';
import { field, listField, object, queryParameter } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
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
      output: object({
        monitors: listField(
          'MonitorList',
          'monitors',
          object({
            monitor_id: field('Monitor', 'id'),
            name: field('Monitor', 'name'),
            kind: field('Monitor', 'kind'),
            metric: field('Monitor', 'metric'),
            event_type: field('Monitor', 'eventType'),
            window_seconds: field('Monitor', 'windowSeconds'),
            state: field('Monitor', 'state'),
            open_incident_id: field('Monitor', 'openIncidentId'),
            enabled: field('Monitor', 'enabled'),
            muted_until: field('Monitor', 'mutedUntil'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      operationId: 'listMonitors',
      description: 'List the monitors of the project (newest first, at most 100) with their kind, metric, state (ok or alerting) and mute.',
      input: object({ limit: queryParameter('listMonitors', 'limit', clampedLimit(100, 50)) }),
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
      output: object({
        incidents: listField(
          'IncidentList',
          'incidents',
          object({
            incident_id: field('Incident', 'id'),
            monitor_id: field('Incident', 'monitorId'),
            status: field('Incident', 'status'),
            event_type: field('Incident', 'eventType'),
            metric: field('Incident', 'metric'),
            open_value: field('Incident', 'openValue'),
            peak_value: field('Incident', 'peakValue'),
            last_value: field('Incident', 'lastValue'),
            windows: field('Incident', 'windows'),
            started_window_end: field('Incident', 'startedWindowEnd'),
            resolved_window_end: field('Incident', 'resolvedWindowEnd'),
            fix_id: field('Incident', 'fixId'),
            details: field('Incident', 'details'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      operationId: 'listIncidents',
      description: 'List monitor incidents of the project, newest first, with their metric values; filter by monitor, linked fix or status.',
      input: object({
        monitor_id: queryParameter('listIncidents', 'monitorId'),
        fix_id: queryParameter('listIncidents', 'fixId'),
        status: queryParameter('listIncidents', 'status'),
        limit: queryParameter('listIncidents', 'limit', clampedLimit(100, 20)),
      }),
      // The schema checks the ids are uuids (the contract's format); the service checks again for direct callers.
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
