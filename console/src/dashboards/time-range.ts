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
