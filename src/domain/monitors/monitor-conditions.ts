import { robustZScore } from '../detections/engines/anomaly-detector.js';
import type { MetricValue } from '../../ports/monitors.js';
import type { Combinator, MonitorCondition, Operator } from './monitor-types.js';

/**
 * A window's verdict. `breaching`: the kind's alert condition holds. `clean`: the window counts
 * towards recovery (the recover level is met). A window with no value is neither: it changes nothing.
 */
export interface WindowVerdict {
  value: number | null;
  breaching: boolean;
  clean: boolean;
  details: Record<string, unknown>;
}

const NO_DATA = (details: Record<string, unknown> = {}): WindowVerdict => ({ value: null, breaching: false, clean: false, details });
const round = (value: number, digits = 6): number => Number(value.toFixed(digits));

export function compare(value: number, operator: Operator, level: number): boolean {
  switch (operator) {
    case 'gt':
      return value > level;
    case 'gte':
      return value >= level;
    case 'lt':
      return value < level;
    case 'lte':
      return value <= level;
  }
}

const grouped = (measured: MetricValue): Record<string, unknown> => (measured.groupKey !== undefined ? { groupKey: measured.groupKey } : {});

/** threshold: breaching when `value <operator> threshold`; clean when that fails for recoverThreshold (or threshold). */
export function thresholdVerdict(condition: MonitorCondition, measured: MetricValue): WindowVerdict {
  const { value } = measured;
  if (value === null) return NO_DATA({ sampleSize: measured.sampleSize });
  const operator = condition.operator as Operator;
  const breaching = compare(value, operator, condition.threshold as number);
  const clean = !compare(value, operator, condition.recoverThreshold ?? (condition.threshold as number));
  return { value, breaching, clean, details: { sampleSize: measured.sampleSize, ...grouped(measured) } };
}

/**
 * The level an SLA warning starts at: the SLA moved towards the healthy side by marginPercent of its
 * magnitude (e.g. operator gt, sla 2000 ms, margin 10 → warn from 1800 ms on).
 */
export function warningLevel(condition: MonitorCondition): number {
  const sla = condition.sla as number;
  const margin = (Math.abs(sla) * (condition.marginPercent as number)) / 100;
  return (condition.operator as Operator).startsWith('g') ? sla - margin : sla + margin;
}

/** sla: breaching when the value reaches the warning level (it may already be past the SLA). */
export function slaVerdict(condition: MonitorCondition, measured: MetricValue): WindowVerdict {
  const { value } = measured;
  if (value === null) return NO_DATA({ sampleSize: measured.sampleSize });
  const operator = condition.operator as Operator;
  const level = round(warningLevel(condition), 9);
  const breaching = compare(value, operator, level);
  return {
    value,
    breaching,
    clean: !breaching,
    details: { sampleSize: measured.sampleSize, warningLevel: level, slaBreached: compare(value, operator, condition.sla as number), ...grouped(measured) },
  };
}

/**
 * anomaly: the robust z-score the detections use, of this window's value against the monitor's own
 * previous window values. Fewer than minBaseline of them: no verdict of anomaly (clean).
 */
export function anomalyVerdict(condition: MonitorCondition, measured: MetricValue, history: readonly number[]): WindowVerdict {
  const { value } = measured;
  if (value === null) return NO_DATA({ sampleSize: measured.sampleSize });
  const base = { sampleSize: measured.sampleSize, baselineSize: history.length, ...grouped(measured) };
  if (history.length < (condition.minBaseline as number)) return { value, breaching: false, clean: true, details: { ...base, zScore: null } };
  const up = robustZScore(value, history);
  // Downward deviations: the same score of the mirrored values.
  const down = robustZScore(-value, history.map((v) => -v));
  const direction = condition.direction ?? 'up';
  const z = direction === 'up' ? up.z : direction === 'down' ? down.z : Math.max(up.z, down.z);
  const zThreshold = condition.zThreshold as number;
  const breaching = z >= zThreshold;
  const clean = z < (condition.recoverZThreshold ?? zThreshold);
  return { value, breaching, clean, details: { ...base, zScore: Number.isFinite(z) ? round(z, 3) : null, median: round(up.median), mad: round(up.mad) } };
}

/**
 * ingestion_silence: no trace in the window although the preceding expectedWithinWindows windows had
 * some (traffic was expected). While alerting, any silent window stays breaching; a window with
 * traces is clean.
 */
export function silenceVerdict(count: number, recentCount: number, alerting: boolean): WindowVerdict {
  const breaching = count === 0 && (alerting || recentCount > 0);
  return { value: count, breaching, clean: count > 0, details: { tracesInWindow: count, tracesBefore: recentCount } };
}

/** compound: AND / OR over the members' verdicts in the same window; value = members breaching. */
export function compoundVerdict(combinator: Combinator, members: readonly { monitorId: string; verdict: WindowVerdict }[]): WindowVerdict {
  const breachingCount = members.filter((m) => m.verdict.breaching).length;
  const breaching = combinator === 'and' ? members.length > 0 && breachingCount === members.length : breachingCount > 0;
  return {
    value: breachingCount,
    breaching,
    clean: !breaching,
    details: { members: members.map((m) => ({ monitorId: m.monitorId, value: m.verdict.value, breaching: m.verdict.breaching })) },
  };
}
