import type { components } from '../../generated/openapi.js';
import type { MonitorService } from '../domain/monitors/monitor-service.js';
import { eventTypeOf, type IncidentRecord, type MonitorRecord } from '../domain/monitors/monitor-types.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type Monitor = components['schemas']['Monitor'];
type Incident = components['schemas']['Incident'];

const iso = (ms: number): string => new Date(ms).toISOString();

export const toMonitor = (record: MonitorRecord): Monitor => ({
  id: record.id,
  name: record.name,
  kind: record.kind,
  metric: record.metric,
  detectionId: record.detectionId,
  scoreName: record.scoreName,
  scope: record.scope,
  condition: record.condition,
  windowSeconds: record.windowSeconds,
  recoverAfterWindows: record.recoverAfterWindows,
  enabled: record.enabled,
  mutedUntil: record.mutedUntil?.toISOString() ?? null,
  eventType: eventTypeOf(record.kind, record.metric),
  state: record.state,
  openIncidentId: record.openIncidentId,
  lastEvaluatedWindowEnd: iso(record.lastWindowEnd),
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});

export const toIncident = (record: IncidentRecord): Incident => ({
  id: record.id,
  monitorId: record.monitorId,
  status: record.status,
  eventType: record.eventType,
  metric: record.metric,
  fixId: record.fixId,
  detectionId: record.detectionId,
  startedWindowEnd: iso(record.startedWindowEnd),
  resolvedWindowEnd: record.resolvedWindowEnd === null ? null : iso(record.resolvedWindowEnd),
  openValue: record.openValue,
  peakValue: record.peakValue,
  lastValue: record.lastValue,
  windows: record.windows,
  startNotified: record.startNotified,
  resolveNotified: record.resolveNotified,
  details: record.details,
  startedAt: record.startedAt.toISOString(),
  resolvedAt: record.resolvedAt?.toISOString() ?? null,
});

export class MonitorHandlers
  implements Pick<OperationHandlers, 'listMonitors' | 'createMonitor' | 'getMonitor' | 'updateMonitor' | 'deleteMonitor' | 'listIncidents' | 'listFixIncidents' | 'getIncident'>
{
  constructor(private readonly monitors: MonitorService) {}

  listMonitors: OperationHandlers['listMonitors'] = async ({ ctx, query }) => {
    const { items, page } = await this.monitors.list({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { status: 200, data: { monitors: items.map(toMonitor), page } };
  };

  createMonitor: OperationHandlers['createMonitor'] = async ({ ctx, body }) => ({
    status: 201,
    data: toMonitor(await this.monitors.create(selectedProject(ctx).id, body)),
  });

  getMonitor: OperationHandlers['getMonitor'] = async ({ ctx, path }) => ({
    status: 200,
    data: toMonitor(await this.monitors.get(selectedProject(ctx).id, path.id)),
  });

  updateMonitor: OperationHandlers['updateMonitor'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toMonitor(await this.monitors.update(selectedProject(ctx).id, path.id, body)),
  });

  deleteMonitor: OperationHandlers['deleteMonitor'] = async ({ ctx, path, body }) => {
    await this.monitors.delete(selectedProject(ctx).id, path.id, body.confirmation);
    return { status: 200, data: { id: path.id, deleted: true } };
  };

  listIncidents: OperationHandlers['listIncidents'] = async ({ ctx, query }) => {
    const { items, page } = await this.monitors.listIncidents({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
      monitorId: query.monitorId,
      fixId: query.fixId,
      status: query.status,
    });
    return { status: 200, data: { incidents: items.map(toIncident), page } };
  };

  listFixIncidents: OperationHandlers['listFixIncidents'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.monitors.listFixIncidents({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
      fixId: path.id,
      status: query.status,
    });
    return { status: 200, data: { incidents: items.map(toIncident), page } };
  };

  getIncident: OperationHandlers['getIncident'] = async ({ ctx, path }) => ({
    status: 200,
    data: toIncident(await this.monitors.getIncident(selectedProject(ctx).id, path.id)),
  });
}
