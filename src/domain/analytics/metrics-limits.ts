/** The measures of a metrics query (docs/analytics.md#units). */
export type MetricsMeasure =
  | 'traceCount'
  | 'spanCount'
  | 'errorRate'
  | 'latencyP50'
  | 'latencyP90'
  | 'latencyP95'
  | 'latencyP99'
  | 'costSum'
  | 'costAvg'
  | 'inputTokens'
  | 'outputTokens'
  | 'totalTokens'
  | 'scoreAvg';

/** The limits of one query (docs/analytics.md#limits); each is a 400 with the field's path beyond it. */
export const METRICS_LIMITS = {
  /** Time buckets in the range. */
  buckets: 1000,
  /** Groups: buckets × the product over dimensions of (top + 2), counting `other` and no value. */
  groups: 10_000,
  dimensions: 2,
  top: 50,
  rangeDays: 400,
  /** A dimension's `top` when the query does not say. */
  defaultTop: 10,
} as const;
