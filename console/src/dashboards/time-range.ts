import type { BodyOf } from '../api/operation-types';

export type RangePreset = '24h' | '7d' | '30d' | 'custom';
type Bucket = NonNullable<BodyOf<'queryMetrics'>['time']>['bucket'];

const HOUR = 3_600_000;
export const PRESET_MS: Record<Exclude<RangePreset, 'custom'>, number> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };
const UNIT_MS: Record<Bucket, number> = { minute: 60_000, hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR };
const COARSER: Record<Bucket, Bucket | null> = { minute: 'hour', hour: 'day', day: 'week', week: null };
/** The metrics query's bound (docs/analytics.md#limits); a widget's bucket is coarsened to stay within it. */
const MAX_BUCKETS = 1000;

/** The widget's bucket, or the next coarser one while the range would hold more than the query allows. */
export function bucketFor(bucket: Bucket, fromMs: number, toMs: number): Bucket {
  let chosen = bucket;
  while ((toMs - fromMs) / UNIT_MS[chosen] > MAX_BUCKETS && COARSER[chosen]) chosen = COARSER[chosen] as Bucket;
  return chosen;
}

/**
 * The end of a row's bucket: the next row's start in the answer when it is the next bucket, else the
 * nominal length (a local day across a DST change is 23 or 25 hours; the next bucket's start is exact).
 */
export function bucketEnd(starts: readonly number[], index: number, bucket: Bucket, toMs: number): number {
  const next = starts[index + 1];
  const nominal = starts[index] + UNIT_MS[bucket];
  return Math.min(toMs, next !== undefined && next <= nominal + HOUR ? next : nominal);
}

/** The zones the picker offers: the browser's own first, then UTC and a few common ones. */
export function zoneChoices(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [...new Set([own, 'UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Asia/Kolkata'])];
}

/** Trace-list address parameters of a dimension value, for the dimensions the trace list filters by. */
const TRACE_LIST_PARAM: Partial<Record<string, string>> = { status: 'status', framework: 'framework', agent: 'agentName', session: 'sessionId', user: 'userId' };

/**
 * The trace list of one point or bar: the traces created in [fromMs, toMs) with the series'
 * dimension values. Span dimensions (model, provider, ...) have no trace-list filter; the list is
 * then the bucket's traces, and `exact` says so.
 */
export function drillDown(fromMs: number, toMs: number, groups: readonly { dimension: string; value: string | null; other: boolean }[]): { href: string; exact: boolean } {
  const params = new URLSearchParams({ from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() });
  let exact = true;
  for (const group of groups) {
    const param = TRACE_LIST_PARAM[group.dimension];
    if (param && group.value !== null && !group.other) params.set(param, group.value);
    else exact = false;
  }
  return { href: `/traces?${params.toString()}`, exact };
}
