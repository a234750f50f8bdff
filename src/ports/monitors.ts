import type { IncidentRecord, IncidentStatus, MonitorMetric, MonitorRecord, MonitorScope } from '../domain/monitors/monitor-types.js';
import type { FilterNode } from '../domain/filters/filter-types.js';

/** Keyset position of a newest-first list: the last item's time (epoch ms) and id. */
export interface MonitorListPosition {
  at: number;
  id: string;
}

export interface MonitorChanges {
  name?: string;
  metric?: MonitorMetric | null;
  detectionId?: string | null;
  scoreName?: string | null;
  scope?: MonitorScope;
  condition?: MonitorRecord['condition'];
  windowSeconds?: number;
  recoverAfterWindows?: number;
  enabled?: boolean;
  mutedUntil?: Date | null;
  lastWindowEnd?: number;
  updatedAt: Date;
}

/** What one evaluated window leaves on its monitor (hysteresis state and progress). */
export interface MonitorProgress {
  state: MonitorRecord['state'];
  cleanWindows: number;
  openIncidentId: string | null;
  lastWindowEnd: number;
}

export interface MonitorWindowRecord {
  monitorId: string;
  windowEnd: number;
  value: number | null;
  breaching: boolean;
  details: Record<string, unknown>;
  evaluatedAt: Date;
}

export interface IncidentListFilter {
  monitorId?: string;
  fixId?: string;
  status?: IncidentStatus;
}

export interface MonitorRepository {
  /** False when the project has a monitor of that name. */
  insert(record: MonitorRecord): Promise<boolean>;
  find(projectId: string, id: string): Promise<MonitorRecord | null>;
  /** The monitor, locked for update (PostgreSQL) until the transaction ends: one evaluator at a time. */
  lockForEvaluation(id: string): Promise<MonitorRecord | null>;
  listAll(projectId: string): Promise<MonitorRecord[]>;
  list(projectId: string, limit: number, after: MonitorListPosition | null): Promise<MonitorRecord[]>;
  update(projectId: string, id: string, changes: MonitorChanges): Promise<boolean | 'name_taken'>;
  delete(projectId: string, id: string): Promise<boolean>;
  /** Enabled monitors with a window ended by `nowMs` that is not evaluated yet, oldest due first. */
  listDue(nowMs: number, limit: number): Promise<MonitorRecord[]>;
  saveProgress(id: string, progress: MonitorProgress): Promise<void>;

  insertWindow(window: MonitorWindowRecord): Promise<void>;
  /** The newest `limit` non-null values of windows ending before `beforeEnd`, newest first. */
  history(monitorId: string, beforeEnd: number, limit: number): Promise<number[]>;
  /** Forgets windows ending before `beforeEnd` (history beyond what any condition reads). */
  pruneWindows(monitorId: string, beforeEnd: number): Promise<void>;
  deleteWindows(monitorId: string): Promise<void>;

  insertIncident(incident: IncidentRecord): Promise<void>;
  findIncident(projectId: string, id: string): Promise<IncidentRecord | null>;
  updateIncident(incident: IncidentRecord): Promise<void>;
  listIncidents(projectId: string, filter: IncidentListFilter, limit: number, after: MonitorListPosition | null): Promise<IncidentRecord[]>;
}

/** One metric over one window: [fromMs, toMs) of trace creation (or firing) time. */
export interface MetricQuery {
  projectId: string;
  metric: MonitorMetric;
  fromMs: number;
  toMs: number;
  scope: MonitorScope;
  /** The rules of the scope's saved filter, if any; the adapter applies them as the trace list does. */
  filter: readonly FilterNode[] | null;
  /** detection_fire_count only: one detection, or every detection when null. */
  detectionId: string | null;
  /** score_avg only: the name of the scores averaged. */
  scoreName?: string | null;
}

export interface MetricValue {
  /** null when the window holds nothing to measure (e.g. a latency percentile of no traces). */
  value: number | null;
  /** The user or session of a per-user / per-session metric's value. */
  groupKey?: string;
  /** Traces the value was computed over (firings for detection_fire_count, scores for score_avg). */
  sampleSize: number;
}

/** Monitor metrics over a window of traces; every adapter gives the same numbers (docs/alerts.md defines each). */
export interface MonitorMetricReader {
  measure(query: MetricQuery): Promise<MetricValue>;
  /** Traces in [fromMs, toMs) in the scope. */
  countTraces(query: Omit<MetricQuery, 'metric' | 'detectionId' | 'scoreName'>): Promise<number>;
}
