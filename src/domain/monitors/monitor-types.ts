import type { EventType } from '../events/event-publisher.js';

export const MONITOR_KINDS = ['threshold', 'anomaly', 'ingestion_silence', 'sla', 'compound'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

/**
 * What a monitor measures over one window of the project's traces (docs/alerts.md defines each).
 * `score_avg` averages the numeric and boolean scores of the monitor's `scoreName` on those traces.
 */
export const MONITOR_METRICS = [
  'trace_count',
  'error_rate',
  'latency_p50',
  'latency_p95',
  'latency_p99',
  'cost_sum',
  'cost_per_user',
  'cost_per_session',
  'tokens_sum',
  'tokens_per_user',
  'tokens_per_session',
  'detection_fire_count',
  'score_avg',
] as const;
export type MonitorMetric = (typeof MONITOR_METRICS)[number];

export const OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;
export type Operator = (typeof OPERATORS)[number];

export const ANOMALY_DIRECTIONS = ['up', 'down', 'both'] as const;
export type AnomalyDirection = (typeof ANOMALY_DIRECTIONS)[number];

export const COMBINATORS = ['and', 'or'] as const;
export type Combinator = (typeof COMBINATORS)[number];

/** Narrows the traces a metric is computed over; every given part must match. */
export interface MonitorScope {
  savedFilterId?: string;
  framework?: string;
  agentName?: string;
  sessionId?: string;
  userId?: string;
}

/** The kind-specific settings; only the fields of the monitor's kind are set (see monitor-config). */
export interface MonitorCondition {
  operator?: Operator;
  threshold?: number;
  recoverThreshold?: number;
  zThreshold?: number;
  recoverZThreshold?: number;
  direction?: AnomalyDirection;
  baselineWindows?: number;
  minBaseline?: number;
  expectedWithinWindows?: number;
  sla?: number;
  marginPercent?: number;
  combinator?: Combinator;
  monitorIds?: string[];
}

export type MonitorState = 'ok' | 'alerting';

export interface MonitorRecord {
  id: string;
  projectId: string;
  name: string;
  kind: MonitorKind;
  metric: MonitorMetric | null;
  detectionId: string | null;
  /** score_avg only: the name of the scores averaged. */
  scoreName: string | null;
  scope: MonitorScope;
  condition: MonitorCondition;
  windowSeconds: number;
  recoverAfterWindows: number;
  enabled: boolean;
  mutedUntil: Date | null;
  state: MonitorState;
  /** Consecutive clean windows while alerting (hysteresis counter). */
  cleanWindows: number;
  openIncidentId: string | null;
  /** End of the newest evaluated window (epoch ms). */
  lastWindowEnd: number;
  createdAt: Date;
  updatedAt: Date;
}

export type IncidentStatus = 'alerting' | 'resolved';

export interface IncidentRecord {
  id: string;
  projectId: string;
  monitorId: string;
  status: IncidentStatus;
  eventType: EventType;
  metric: MonitorMetric | null;
  fixId: string | null;
  detectionId: string | null;
  startedWindowEnd: number;
  resolvedWindowEnd: number | null;
  openValue: number | null;
  peakValue: number | null;
  lastValue: number | null;
  windows: number;
  startNotified: boolean;
  resolveNotified: boolean | null;
  details: Record<string, unknown>;
  startedAt: Date;
  resolvedAt: Date | null;
}

/** The event type a monitor announces its incidents with (docs/alerts.md, "Which condition emits which type"). */
export function eventTypeOf(kind: MonitorKind, metric: MonitorMetric | null): EventType {
  switch (kind) {
    case 'threshold':
      return metric === 'detection_fire_count' ? 'alert.threshold_breach' : 'alert.metric_threshold_breach';
    case 'anomaly':
      return 'alert.anomaly_detected';
    case 'ingestion_silence':
      return 'alert.ingestion_silent';
    case 'sla':
      return 'alert.sla_breach_warning';
    case 'compound':
      return 'alert.compound_breach';
  }
}
