import type { Schemas } from '../api/operation-types';

export type MonitorKind = Schemas['MonitorKind'];
export type MonitorMetric = Schemas['MonitorMetric'];

/** Every kind of the contract (MonitorKind), with what it checks in a person's words. */
export const MONITOR_KINDS: readonly { kind: MonitorKind; label: string }[] = [
  { kind: 'threshold', label: 'Threshold — a metric crosses a fixed level' },
  { kind: 'anomaly', label: 'Anomaly — a metric strays from its recent baseline' },
  { kind: 'ingestion_silence', label: 'Ingestion silence — no traces arrive' },
  { kind: 'sla', label: 'SLA — warns before a metric breaks an agreed level' },
  { kind: 'compound', label: 'Compound — several monitors alert together (and/or)' },
];

export const MONITOR_METRICS: readonly MonitorMetric[] = [
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
];

/** The kinds measured on a metric (the service refuses a metric on the others). */
export const kindHasMetric = (kind: MonitorKind): boolean => kind === 'threshold' || kind === 'anomaly' || kind === 'sla';

export const OPERATORS: readonly { value: 'gt' | 'gte' | 'lt' | 'lte'; label: string }[] = [
  { value: 'gt', label: 'above (>)' },
  { value: 'gte', label: 'at or above (≥)' },
  { value: 'lt', label: 'below (<)' },
  { value: 'lte', label: 'at or below (≤)' },
];

/** The form's fields, as typed (strings), for every kind at once: switching kind keeps what was typed. */
export interface MonitorDraft {
  name: string;
  kind: MonitorKind;
  metric: MonitorMetric;
  detectionId: string;
  scoreName: string;
  windowMinutes: string;
  recoverAfterWindows: string;
  scope: { savedFilterId: string; framework: string; agentName: string; sessionId: string; userId: string };
  operator: 'gt' | 'gte' | 'lt' | 'lte';
  threshold: string;
  recoverThreshold: string;
  zThreshold: string;
  recoverZThreshold: string;
  direction: 'up' | 'down' | 'both';
  baselineWindows: string;
  minBaseline: string;
  expectedWithinWindows: string;
  sla: string;
  marginPercent: string;
  combinator: 'and' | 'or';
  monitorIds: string[];
}

export const emptyDraft = (): MonitorDraft => ({
  name: '',
  kind: 'threshold',
  metric: 'error_rate',
  detectionId: '',
  scoreName: '',
  windowMinutes: '5',
  recoverAfterWindows: '1',
  scope: { savedFilterId: '', framework: '', agentName: '', sessionId: '', userId: '' },
  operator: 'gt',
  threshold: '',
  recoverThreshold: '',
  zThreshold: '',
  recoverZThreshold: '',
  direction: 'up',
  baselineWindows: '',
  minBaseline: '',
  expectedWithinWindows: '',
  sla: '',
  marginPercent: '',
  combinator: 'and',
  monitorIds: [],
});

const str = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

export function draftOf(m: Schemas['Monitor']): MonitorDraft {
  const c = m.condition;
  const base = emptyDraft();
  return {
    ...base,
    name: m.name,
    kind: m.kind,
    metric: m.metric ?? base.metric,
    detectionId: m.detectionId ?? '',
    scoreName: m.scoreName ?? '',
    windowMinutes: String(m.windowSeconds / 60),
    recoverAfterWindows: String(m.recoverAfterWindows),
    scope: {
      savedFilterId: m.scope.savedFilterId ?? '',
      framework: m.scope.framework ?? '',
      agentName: m.scope.agentName ?? '',
      sessionId: m.scope.sessionId ?? '',
      userId: m.scope.userId ?? '',
    },
    operator: c.operator ?? base.operator,
    threshold: str(c.threshold),
    recoverThreshold: str(c.recoverThreshold),
    zThreshold: str(c.zThreshold),
    recoverZThreshold: str(c.recoverZThreshold),
    direction: c.direction ?? base.direction,
    baselineWindows: str(c.baselineWindows),
    minBaseline: str(c.minBaseline),
    expectedWithinWindows: str(c.expectedWithinWindows),
    sla: str(c.sla),
    marginPercent: str(c.marginPercent),
    combinator: c.combinator ?? base.combinator,
    monitorIds: c.monitorIds ?? [],
  };
}

/**
 * A typed number (the inputs are type=number), or undefined when the field is empty: the service
 * then applies its default or answers "required" at the field's path, which the form shows.
 */
const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

function conditionOf(d: MonitorDraft): Schemas['MonitorCondition'] {
  const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Schemas['MonitorCondition'];
  switch (d.kind) {
    case 'threshold':
      return defined({ operator: d.operator, threshold: num(d.threshold), recoverThreshold: num(d.recoverThreshold) });
    case 'anomaly':
      return defined({ zThreshold: num(d.zThreshold), recoverZThreshold: num(d.recoverZThreshold), direction: d.direction, baselineWindows: num(d.baselineWindows), minBaseline: num(d.minBaseline) });
    case 'ingestion_silence':
      return defined({ expectedWithinWindows: num(d.expectedWithinWindows) });
    case 'sla':
      return defined({ operator: d.operator, sla: num(d.sla), marginPercent: num(d.marginPercent) });
    case 'compound':
      return { combinator: d.combinator, monitorIds: d.monitorIds };
  }
}

/** The fields shared by create and update, for the draft's kind only. */
function definitionOf(d: MonitorDraft) {
  const metric = kindHasMetric(d.kind) ? d.metric : null;
  const scope = Object.fromEntries(Object.entries(d.scope).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])) as Schemas['MonitorScope'];
  return {
    name: d.name.trim(),
    metric,
    detectionId: metric === 'detection_fire_count' && d.detectionId ? d.detectionId : null,
    scoreName: metric === 'score_avg' ? d.scoreName.trim() || null : null,
    scope,
    condition: conditionOf(d),
    windowSeconds: Math.round(Number(d.windowMinutes) * 60),
    recoverAfterWindows: Number(d.recoverAfterWindows),
  };
}

export const createBody = (d: MonitorDraft): Schemas['MonitorCreateRequest'] => ({ kind: d.kind, enabled: true, ...definitionOf(d) });
export const updateBody = (d: MonitorDraft): Schemas['MonitorUpdateRequest'] => definitionOf(d);

/** "5 minutes", "1 hour": a window length as people say it. */
export function windowLabel(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}
