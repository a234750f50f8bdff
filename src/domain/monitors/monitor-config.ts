import type { FieldError } from '../../errors.js';
import { problems } from '../../errors.js';
import {
  ANOMALY_DIRECTIONS,
  COMBINATORS,
  MONITOR_KINDS,
  MONITOR_METRICS,
  OPERATORS,
  type MonitorCondition,
  type MonitorKind,
  type MonitorMetric,
  type MonitorScope,
} from './monitor-types.js';

const BODY = '/body';

export const WINDOW_SECONDS = { min: 60, max: 86_400 } as const;
export const RECOVER_AFTER_WINDOWS = { min: 1, max: 100, default: 1 } as const;
export const COMPOUND_MEMBERS = { min: 2, max: 10 } as const;
/** The most windows an anomaly baseline reads; windows older than this are pruned. */
export const MAX_BASELINE_WINDOWS = 500;

export const ANOMALY_DEFAULTS = { zThreshold: 3.5, direction: 'up', baselineWindows: 24, minBaseline: 8 } as const;
export const SILENCE_DEFAULTS = { expectedWithinWindows: 6 } as const;
export const SLA_DEFAULTS = { marginPercent: 10 } as const;

/** The condition fields each kind takes; any other is refused, so a typo cannot be silently ignored. */
const CONDITION_FIELDS: Record<MonitorKind, readonly (keyof MonitorCondition)[]> = {
  threshold: ['operator', 'threshold', 'recoverThreshold'],
  anomaly: ['zThreshold', 'recoverZThreshold', 'direction', 'baselineWindows', 'minBaseline'],
  ingestion_silence: ['expectedWithinWindows'],
  sla: ['operator', 'sla', 'marginPercent'],
  compound: ['combinator', 'monitorIds'],
};

const KINDS_WITH_METRIC: ReadonlySet<MonitorKind> = new Set(['threshold', 'anomaly', 'sla']);

/** The definition a monitor is evaluated from, after validation and with defaults filled in. */
export interface MonitorDefinition {
  kind: MonitorKind;
  metric: MonitorMetric | null;
  detectionId: string | null;
  scoreName: string | null;
  scope: MonitorScope;
  condition: MonitorCondition;
  windowSeconds: number;
  recoverAfterWindows: number;
}

/** Collects every field error of one body, so a client sees them all at once. */
class Errors {
  readonly list: FieldError[] = [];
  add(path: string, code: string, message: string): void {
    // The Problem schema caps messages at 160 characters (a long enum list would exceed it).
    this.list.push({ code, message: message.length > 160 ? `${message.slice(0, 157)}...` : message, path });
  }
  throwIfAny(): void {
    if (this.list.length) throw problems.validation('The monitor is invalid; see errors.', this.list.slice(0, 20));
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function finite(errors: Errors, value: unknown, path: string, required: boolean): number | undefined {
  if (value === undefined) {
    if (required) errors.add(path, 'required', 'is required for this kind');
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.add(path, 'type', 'must be a finite number');
    return undefined;
  }
  return value;
}

function integer(errors: Errors, value: unknown, path: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    errors.add(path, 'range', `must be an integer from ${min} to ${max}`);
    return fallback;
  }
  return value;
}

function oneOf<T extends string>(errors: Errors, value: unknown, allowed: readonly T[], path: string, fallback?: T): T | undefined {
  if (value === undefined) {
    if (fallback === undefined) errors.add(path, 'required', 'is required for this kind');
    return fallback;
  }
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    errors.add(path, 'enum', `must be one of ${allowed.join(', ')}`);
    return fallback;
  }
  return value as T;
}

function scopeOf(errors: Errors, raw: unknown): MonitorScope {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) {
    errors.add(`${BODY}/scope`, 'type', 'must be an object');
    return {};
  }
  const scope: MonitorScope = {};
  for (const [key, value] of Object.entries(raw)) {
    const path = `${BODY}/scope/${key}`;
    if (!['savedFilterId', 'framework', 'agentName', 'sessionId', 'userId'].includes(key)) {
      errors.add(path, 'unknown_property', 'is not a scope field');
      continue;
    }
    if (value === null || value === undefined) continue;
    const text = typeof value === 'string' ? value.trim() : '';
    if (text.length < 1 || text.length > 255) {
      errors.add(path, 'min_length', 'must be a string of 1 to 255 characters');
      continue;
    }
    scope[key as keyof MonitorScope] = key === 'savedFilterId' ? text.toLowerCase() : text;
  }
  return scope;
}

function conditionOf(errors: Errors, kind: MonitorKind, raw: unknown): MonitorCondition {
  const path = `${BODY}/condition`;
  const input = raw === undefined || raw === null ? {} : raw;
  if (!isObject(input)) {
    errors.add(path, 'type', 'must be an object');
    return {};
  }
  for (const key of Object.keys(input)) {
    if (!(CONDITION_FIELDS[kind] as readonly string[]).includes(key)) errors.add(`${path}/${key}`, 'unknown_property', `is not a condition field of kind ${kind}`);
  }
  switch (kind) {
    case 'threshold': {
      const operator = oneOf(errors, input.operator, OPERATORS, `${path}/operator`);
      const threshold = finite(errors, input.threshold, `${path}/threshold`, true);
      const recoverThreshold = finite(errors, input.recoverThreshold, `${path}/recoverThreshold`, false);
      // Hysteresis: the recover level must lie on the healthy side of the alert level.
      if (operator && threshold !== undefined && recoverThreshold !== undefined) {
        const healthy = operator.startsWith('g') ? recoverThreshold <= threshold : recoverThreshold >= threshold;
        if (!healthy) errors.add(`${path}/recoverThreshold`, 'range', `must be ${operator.startsWith('g') ? 'at most' : 'at least'} threshold`);
      }
      return { operator, threshold, ...(recoverThreshold !== undefined ? { recoverThreshold } : {}) };
    }
    case 'anomaly': {
      const zThreshold = finite(errors, input.zThreshold, `${path}/zThreshold`, false) ?? ANOMALY_DEFAULTS.zThreshold;
      if (zThreshold <= 0 || zThreshold > 100) errors.add(`${path}/zThreshold`, 'range', 'must be above 0 and at most 100');
      const recoverZThreshold = finite(errors, input.recoverZThreshold, `${path}/recoverZThreshold`, false) ?? zThreshold;
      if (recoverZThreshold < 0 || recoverZThreshold > zThreshold) errors.add(`${path}/recoverZThreshold`, 'range', 'must be from 0 to zThreshold');
      const direction = oneOf(errors, input.direction, ANOMALY_DIRECTIONS, `${path}/direction`, ANOMALY_DEFAULTS.direction);
      const baselineWindows = integer(errors, input.baselineWindows, `${path}/baselineWindows`, 2, MAX_BASELINE_WINDOWS, ANOMALY_DEFAULTS.baselineWindows);
      const minBaseline = integer(errors, input.minBaseline, `${path}/minBaseline`, 2, MAX_BASELINE_WINDOWS, Math.min(ANOMALY_DEFAULTS.minBaseline, baselineWindows));
      if (minBaseline > baselineWindows) errors.add(`${path}/minBaseline`, 'range', 'must be at most baselineWindows');
      return { zThreshold, recoverZThreshold, direction, baselineWindows, minBaseline };
    }
    case 'ingestion_silence':
      return { expectedWithinWindows: integer(errors, input.expectedWithinWindows, `${path}/expectedWithinWindows`, 1, MAX_BASELINE_WINDOWS, SILENCE_DEFAULTS.expectedWithinWindows) };
    case 'sla': {
      const operator = oneOf(errors, input.operator, OPERATORS, `${path}/operator`);
      const sla = finite(errors, input.sla, `${path}/sla`, true);
      const marginPercent = finite(errors, input.marginPercent, `${path}/marginPercent`, false) ?? SLA_DEFAULTS.marginPercent;
      if (marginPercent <= 0 || marginPercent >= 100) errors.add(`${path}/marginPercent`, 'range', 'must be above 0 and below 100');
      return { operator, sla, marginPercent };
    }
    case 'compound': {
      const combinator = oneOf(errors, input.combinator, COMBINATORS, `${path}/combinator`);
      const ids = input.monitorIds;
      const valid =
        Array.isArray(ids) &&
        ids.length >= COMPOUND_MEMBERS.min &&
        ids.length <= COMPOUND_MEMBERS.max &&
        ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) &&
        new Set(ids.map((id: string) => id.toLowerCase())).size === ids.length;
      if (!valid) errors.add(`${path}/monitorIds`, 'items', `must be ${COMPOUND_MEMBERS.min} to ${COMPOUND_MEMBERS.max} distinct monitor ids`);
      return { combinator, monitorIds: valid ? (ids as string[]).map((id) => id.toLowerCase()) : [] };
    }
  }
}

/** Score names are 1 to 100 characters (the scores table's limit); given exactly when the metric is score_avg. */
function scoreNameOf(errors: Errors, metric: MonitorMetric | null, raw: unknown): string | null {
  const path = `${BODY}/scoreName`;
  const given = raw !== undefined && raw !== null;
  if (metric !== 'score_avg') {
    if (given) errors.add(path, 'not_allowed', 'only with metric score_avg');
    return null;
  }
  if (!given) {
    errors.add(path, 'required', 'is required with metric score_avg');
    return null;
  }
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name.length < 1 || name.length > 100) {
    errors.add(path, 'min_length', 'must be a string of 1 to 100 characters');
    return null;
  }
  return name;
}

export interface DefinitionInput {
  kind: unknown;
  metric?: unknown;
  detectionId?: unknown;
  scoreName?: unknown;
  scope?: unknown;
  condition?: unknown;
  windowSeconds?: unknown;
  recoverAfterWindows?: unknown;
}

/**
 * Checks a monitor definition and fills in defaults; every problem is a 400 naming its field. What
 * needs the database (saved filter, detection and member monitors exist) is checked by the service.
 */
export function checkDefinition(input: DefinitionInput): MonitorDefinition {
  const errors = new Errors();
  const kind = oneOf(errors, input.kind, MONITOR_KINDS, `${BODY}/kind`);
  errors.throwIfAny();
  const k = kind as MonitorKind;
  let metric: MonitorMetric | null = null;
  if (KINDS_WITH_METRIC.has(k)) metric = oneOf(errors, input.metric, MONITOR_METRICS, `${BODY}/metric`) ?? null;
  else if (input.metric !== undefined && input.metric !== null) errors.add(`${BODY}/metric`, 'not_allowed', `kind ${k} takes no metric`);
  let detectionId: string | null = null;
  if (input.detectionId !== undefined && input.detectionId !== null) {
    if (metric !== 'detection_fire_count') errors.add(`${BODY}/detectionId`, 'not_allowed', 'only with metric detection_fire_count');
    else if (typeof input.detectionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(input.detectionId)) errors.add(`${BODY}/detectionId`, 'format', 'must be a uuid');
    else detectionId = input.detectionId.toLowerCase();
  }
  const scoreName = scoreNameOf(errors, metric, input.scoreName);
  const scope = scopeOf(errors, input.scope);
  if (k === 'compound' && Object.keys(scope).length) errors.add(`${BODY}/scope`, 'not_allowed', 'a compound monitor uses its members’ scopes');
  const condition = conditionOf(errors, k, input.condition);
  const windowSeconds = integer(errors, input.windowSeconds, `${BODY}/windowSeconds`, WINDOW_SECONDS.min, WINDOW_SECONDS.max, 0);
  if (input.windowSeconds === undefined) errors.add(`${BODY}/windowSeconds`, 'required', 'is required');
  else if (windowSeconds % 60 !== 0) errors.add(`${BODY}/windowSeconds`, 'multiple_of', 'must be a whole number of minutes');
  const recoverAfterWindows = integer(errors, input.recoverAfterWindows, `${BODY}/recoverAfterWindows`, RECOVER_AFTER_WINDOWS.min, RECOVER_AFTER_WINDOWS.max, RECOVER_AFTER_WINDOWS.default);
  errors.throwIfAny();
  return { kind: k, metric, detectionId, scoreName, scope, condition, windowSeconds, recoverAfterWindows };
}
