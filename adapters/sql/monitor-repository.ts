import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type {
  IncidentListFilter,
  MonitorChanges,
  MonitorListPosition,
  MonitorProgress,
  MonitorRepository,
  MonitorWindowRecord,
} from '../../src/ports/monitors.js';
import type { IncidentRecord, MonitorRecord } from '../../src/domain/monitors/monitor-types.js';
import { isUniqueViolation } from './unique-violation.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

const toMonitor = (row: Row): MonitorRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  kind: row.kind as MonitorRecord['kind'],
  metric: (row.metric as MonitorRecord['metric']) ?? null,
  detectionId: (row.detection_id as string | null) ?? null,
  scoreName: (row.score_name as string | null) ?? null,
  scope: parseJson(row.scope, {}),
  condition: parseJson(row.condition, {}),
  windowSeconds: Number(row.window_seconds),
  recoverAfterWindows: Number(row.recover_after_windows),
  enabled: toBoolean(row.enabled),
  mutedUntil: fromMillisOrNull(row.muted_until as number | null),
  state: row.state as MonitorRecord['state'],
  cleanWindows: Number(row.clean_windows),
  openIncidentId: (row.open_incident_id as string | null) ?? null,
  lastWindowEnd: Number(row.last_window_end),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toIncident = (row: Row): IncidentRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  monitorId: row.monitor_id as string,
  status: row.status as IncidentRecord['status'],
  eventType: row.event_type as IncidentRecord['eventType'],
  metric: (row.metric as IncidentRecord['metric']) ?? null,
  fixId: (row.fix_id as string | null) ?? null,
  detectionId: (row.detection_id as string | null) ?? null,
  startedWindowEnd: Number(row.started_window_end),
  resolvedWindowEnd: numberOrNull(row.resolved_window_end),
  openValue: numberOrNull(row.open_value),
  peakValue: numberOrNull(row.peak_value),
  lastValue: numberOrNull(row.last_value),
  windows: Number(row.windows),
  startNotified: toBoolean(row.start_notified),
  resolveNotified: row.resolve_notified === null || row.resolve_notified === undefined ? null : toBoolean(row.resolve_notified),
  details: parseJson(row.details, {}),
  startedAt: fromMillis(row.started_at as number),
  resolvedAt: fromMillisOrNull(row.resolved_at as number | null),
});

const incidentRow = (incident: IncidentRecord): Row => ({
  id: incident.id,
  project_id: incident.projectId,
  monitor_id: incident.monitorId,
  status: incident.status,
  event_type: incident.eventType,
  metric: incident.metric,
  fix_id: incident.fixId,
  detection_id: incident.detectionId,
  started_window_end: incident.startedWindowEnd,
  resolved_window_end: incident.resolvedWindowEnd,
  open_value: incident.openValue,
  peak_value: incident.peakValue,
  last_value: incident.lastValue,
  windows: incident.windows,
  start_notified: incident.startNotified,
  resolve_notified: incident.resolveNotified,
  details: JSON.stringify(incident.details),
  started_at: toMillis(incident.startedAt),
  resolved_at: incident.resolvedAt ? toMillis(incident.resolvedAt) : null,
});

/** Newest first by (`column`, id), strictly after `after`. */
function keyset(query: Knex.QueryBuilder, column: string, after: MonitorListPosition | null): Knex.QueryBuilder {
  if (after) query.andWhere((q) => q.where(column, '<', after.at).orWhere((same) => same.where(column, after.at).andWhere('id', '<', after.id)));
  return query.orderBy([
    { column, order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export class SqlMonitorRepository implements MonitorRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async insert(record: MonitorRecord): Promise<boolean> {
    try {
      await this.insertRow(record);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  private async insertRow(record: MonitorRecord): Promise<void> {
    await this.db('monitors').insert({
      id: record.id,
      project_id: record.projectId,
      name: record.name,
      kind: record.kind,
      metric: record.metric,
      detection_id: record.detectionId,
      score_name: record.scoreName,
      scope: JSON.stringify(record.scope),
      condition: JSON.stringify(record.condition),
      window_seconds: record.windowSeconds,
      recover_after_windows: record.recoverAfterWindows,
      enabled: record.enabled,
      muted_until: record.mutedUntil ? toMillis(record.mutedUntil) : null,
      state: record.state,
      clean_windows: record.cleanWindows,
      open_incident_id: record.openIncidentId,
      last_window_end: record.lastWindowEnd,
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    });
  }

  async find(projectId: string, id: string): Promise<MonitorRecord | null> {
    const row = await this.db('monitors').where({ project_id: projectId, id }).first();
    return row ? toMonitor(row) : null;
  }

  async lockForEvaluation(id: string): Promise<MonitorRecord | null> {
    const query = this.db('monitors').where({ id }).first();
    // SQLite has one writer at a time already; PostgreSQL needs the row lock.
    if (this.dialect === 'postgres') query.forUpdate();
    const row = await query;
    return row ? toMonitor(row) : null;
  }

  async listAll(projectId: string): Promise<MonitorRecord[]> {
    return (await this.db('monitors').where({ project_id: projectId }).orderBy('created_at').orderBy('id')).map(toMonitor);
  }

  async list(projectId: string, limit: number, after: MonitorListPosition | null): Promise<MonitorRecord[]> {
    return (await keyset(this.db('monitors').where({ project_id: projectId }), 'created_at', after).limit(limit)).map(toMonitor);
  }

  async update(projectId: string, id: string, changes: MonitorChanges): Promise<boolean | 'name_taken'> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.metric !== undefined) row.metric = changes.metric;
    if (changes.detectionId !== undefined) row.detection_id = changes.detectionId;
    if (changes.scoreName !== undefined) row.score_name = changes.scoreName;
    if (changes.scope !== undefined) row.scope = JSON.stringify(changes.scope);
    if (changes.condition !== undefined) row.condition = JSON.stringify(changes.condition);
    if (changes.windowSeconds !== undefined) row.window_seconds = changes.windowSeconds;
    if (changes.recoverAfterWindows !== undefined) row.recover_after_windows = changes.recoverAfterWindows;
    if (changes.enabled !== undefined) row.enabled = changes.enabled;
    if (changes.mutedUntil !== undefined) row.muted_until = changes.mutedUntil ? toMillis(changes.mutedUntil) : null;
    if (changes.lastWindowEnd !== undefined) row.last_window_end = changes.lastWindowEnd;
    try {
      return (await this.db('monitors').where({ project_id: projectId, id }).update(row)) > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return 'name_taken';
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('monitors').where({ project_id: projectId, id }).delete()) > 0;
  }

  async listDue(nowMs: number, limit: number): Promise<MonitorRecord[]> {
    const rows = await this.db('monitors')
      .where('enabled', true)
      // Sargable bound first (windows are at least a minute), then the exact due test.
      .andWhere('last_window_end', '<=', nowMs - 60_000)
      .whereRaw('last_window_end + window_seconds * 1000 <= ?', [nowMs])
      // A deleted project's monitors stop at once; its rows go with the project's purge.
      .whereNotExists((q) => q.select(this.db.raw('1')).from('projects').whereRaw('projects.id = monitors.project_id').whereNotNull('projects.deleted_at'))
      .orderByRaw('last_window_end + window_seconds * 1000')
      .orderBy('id')
      .limit(limit);
    return rows.map(toMonitor);
  }

  async saveProgress(id: string, progress: MonitorProgress): Promise<void> {
    await this.db('monitors').where({ id }).update({
      state: progress.state,
      clean_windows: progress.cleanWindows,
      open_incident_id: progress.openIncidentId,
      last_window_end: progress.lastWindowEnd,
    });
  }

  async insertWindow(window: MonitorWindowRecord): Promise<void> {
    await this.db('monitor_windows').insert({
      monitor_id: window.monitorId,
      window_end: window.windowEnd,
      value: window.value,
      breaching: window.breaching,
      details: JSON.stringify(window.details),
      evaluated_at: toMillis(window.evaluatedAt),
    });
  }

  async history(monitorId: string, beforeEnd: number, limit: number): Promise<number[]> {
    const rows = await this.db('monitor_windows')
      .select('value')
      .where({ monitor_id: monitorId })
      .andWhere('window_end', '<', beforeEnd)
      .whereNotNull('value')
      .orderBy('window_end', 'desc')
      .limit(limit);
    return rows.map((row) => Number(row.value));
  }

  async pruneWindows(monitorId: string, beforeEnd: number): Promise<void> {
    await this.db('monitor_windows').where({ monitor_id: monitorId }).andWhere('window_end', '<', beforeEnd).delete();
  }

  async deleteWindows(monitorId: string): Promise<void> {
    await this.db('monitor_windows').where({ monitor_id: monitorId }).delete();
  }

  async insertIncident(incident: IncidentRecord): Promise<void> {
    await this.db('monitor_incidents').insert(incidentRow(incident));
  }

  async findIncident(projectId: string, id: string): Promise<IncidentRecord | null> {
    const row = await this.db('monitor_incidents').where({ project_id: projectId, id }).first();
    return row ? toIncident(row) : null;
  }

  async updateIncident(incident: IncidentRecord): Promise<void> {
    await this.db('monitor_incidents').where({ id: incident.id }).update(incidentRow(incident));
  }

  async listIncidents(projectId: string, filter: IncidentListFilter, limit: number, after: MonitorListPosition | null): Promise<IncidentRecord[]> {
    const query = this.db('monitor_incidents').where({ project_id: projectId });
    if (filter.monitorId) query.andWhere('monitor_id', filter.monitorId);
    if (filter.fixId) query.andWhere('fix_id', filter.fixId);
    if (filter.status) query.andWhere('status', filter.status);
    return (await keyset(query, 'started_window_end', after).limit(limit)).map(toIncident);
  }
}
