import type { FieldError } from '../../errors.js';
import { checkFilterTree, type FilterNode } from '../filters/index.js';
import type { MetricsDimension, RankMeasure } from '../../ports/metrics.js';
import { canonicalTimeZone, type BucketUnit } from './time-buckets.js';
import { METRICS_LIMITS, type MetricsMeasure } from './metrics-limits.js';

/** A metrics query without its time range: what a dashboard widget keeps, and what a query adds a range to. */
export interface MetricsQueryShape {
  measures: readonly MetricsMeasure[];
  scoreName?: string;
  time?: { bucket: BucketUnit; timeZone?: string };
  dimensions?: readonly { name: MetricsDimension; top?: number }[];
  rankBy?: RankMeasure;
  /** A filter tree in the saved-filter language. */
  filters?: unknown;
}

/**
 * The rules of a metrics query that do not depend on its range, each error's path under `base`
 * (`/body` for queryMetrics, `/body/widgets/3/query` for a dashboard widget), so a widget is refused
 * by exactly the rules its query would be refused by when run.
 */
export function metricsShapeErrors(shape: MetricsQueryShape, base: string): FieldError[] {
  const errors: FieldError[] = [];
  const measures = shape.measures;
  if (measures.includes('scoreAvg') && shape.scoreName === undefined) errors.push({ path: `${base}/scoreName`, code: 'required', message: 'is required with scoreAvg' });
  if (!measures.includes('scoreAvg') && shape.scoreName !== undefined) errors.push({ path: `${base}/scoreName`, code: 'unused', message: 'is only read with scoreAvg' });
  const dimensions = shape.dimensions ?? [];
  if (dimensions.length > METRICS_LIMITS.dimensions) errors.push({ path: `${base}/dimensions`, code: 'too_many', message: `at most ${METRICS_LIMITS.dimensions} dimensions` });
  dimensions.forEach((d, i) => {
    if (dimensions.findIndex((other) => other.name === d.name) !== i) errors.push({ path: `${base}/dimensions/${i}/name`, code: 'duplicate', message: 'is already a dimension' });
    const top = d.top ?? METRICS_LIMITS.defaultTop;
    if (!Number.isInteger(top) || top < 1 || top > METRICS_LIMITS.top) errors.push({ path: `${base}/dimensions/${i}/top`, code: 'out_of_range', message: `must be 1 to ${METRICS_LIMITS.top}` });
  });
  if (shape.time && canonicalTimeZone(shape.time.timeZone ?? 'UTC') === null) {
    errors.push({ path: `${base}/time/timeZone`, code: 'unknown_time_zone', message: 'is not an IANA time zone' });
  }
  return errors;
}

/** The query's filter tree validated and normalized, or its errors with paths under `base`. */
export function metricsFilterRules(shape: MetricsQueryShape, base: string): { rules: FilterNode[]; errors: FieldError[] } {
  if (shape.filters === undefined) return { rules: [], errors: [] };
  const { nodes, errors } = checkFilterTree(shape.filters, { path: `${base}/filters` });
  return { rules: nodes, errors };
}
