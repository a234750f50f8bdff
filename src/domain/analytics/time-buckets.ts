import type { MetricsBucket } from '../../ports/metrics.js';
import { offsetOf, wallClockMs as wallMs, wallClockOf as wallClock } from '../calendar/wall-clock.js';

export type BucketUnit = 'minute' | 'hour' | 'day' | 'week';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The nominal length of each unit, to bound a range's bucket count before walking it. */
export const UNIT_MS: Readonly<Record<BucketUnit, number>> = { minute: MINUTE_MS, hour: HOUR_MS, day: DAY_MS, week: 7 * DAY_MS };

/** Names already resolved: a formatter's construction is most of a small metrics query's own time. Bounded, as names come from requests. */
const canonicalNames = new Map<string, string | null>();
const CANONICAL_NAMES_KEPT = 1000;
/** The canonical name of every UTC alias (Etc/UTC, GMT, Zulu, …): its buckets are plain arithmetic. */
const UTC = 'UTC';

/** The zone's canonical name, or null when the runtime's time zone database does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  const known = canonicalNames.get(zone);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalNames.size < CANONICAL_NAMES_KEPT) canonicalNames.set(zone, canonical);
  return canonical;
}

/**
 * UTC's buckets by arithmetic: the Intl walk below asks for about five wall clocks per bucket
 * (2–3 ms for a 30-day daily series, the larger part of a small query from rollups). The answers
 * are the walk's; `test/analytics/time-buckets.test.ts` compares the two over random ranges.
 */
function utcBucketStart(ms: number, unit: BucketUnit): number {
  const floor = (size: number) => ms - (((ms % size) + size) % size);
  if (unit !== 'week') return floor(UNIT_MS[unit]);
  const day = floor(DAY_MS);
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS; // back to Monday
}

/**
 * The first instant whose local wall clock reads `target` (a wall time as UTC ms) or later. Two
 * offset corrections find it when that wall time exists; in a DST gap (the clock jumps past it) a
 * binary search over minutes finds the instant the clock jumps to.
 */
function firstInstantAt(target: number, zone: string): number {
  const offsetAt = (ms: number): number => offsetOf(wallClock(ms, zone), ms);
  let guess = target - offsetAt(target);
  guess = target - offsetAt(guess);
  // Of two instants with this wall time (the hour repeated at a fall-back), the earlier one.
  const earlier = guess - HOUR_MS;
  if (wallMs(wallClock(earlier, zone)) === target) return earlier;
  if (wallMs(wallClock(guess, zone)) === target) return guess;
  let low = Math.floor((target - 26 * HOUR_MS) / MINUTE_MS);
  let high = Math.ceil((target + 26 * HOUR_MS) / MINUTE_MS);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (wallMs(wallClock(mid * MINUTE_MS, zone)) >= target) high = mid;
    else low = mid + 1;
  }
  return low * MINUTE_MS;
}

/** The start of the local calendar bucket holding `ms`: local minute, hour, midnight, or Monday midnight. */
export function bucketStart(ms: number, unit: BucketUnit, zone: string): number {
  if (zone === UTC) return utcBucketStart(ms, unit);
  const w = wallClock(ms, zone);
  const subSecond = ((ms % 1000) + 1000) % 1000;
  if (unit === 'minute') return ms - w.second * 1000 - subSecond;
  if (unit === 'hour') {
    const start = ms - (w.minute * 60 + w.second) * 1000 - subSecond;
    // A zone whose offset changes by a part of an hour has hours not starting at :00 of the same offset.
    return wallClock(start, zone).minute === 0 ? start : firstInstantAt(Date.UTC(w.year, w.month - 1, w.day, w.hour), zone);
  }
  let day = Date.UTC(w.year, w.month - 1, w.day);
  if (unit === 'week') day -= ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS; // back to Monday
  return firstInstantAt(day, zone);
}

/** The start of the bucket after the one starting at `start`. */
function nextStart(start: number, unit: BucketUnit, zone: string): number {
  if (zone === UTC) return start + UNIT_MS[unit];
  if (unit === 'minute' || unit === 'hour') {
    const next = bucketStart(start + UNIT_MS[unit], unit, zone);
    return next > start ? next : start + UNIT_MS[unit];
  }
  const w = wallClock(start, zone);
  return firstInstantAt(Date.UTC(w.year, w.month - 1, w.day) + (unit === 'week' ? 7 : 1) * DAY_MS, zone);
}

/**
 * The local calendar buckets covering [fromMs, toMs): the first starts at or before fromMs, each
 * ends where the next starts, so a day across a DST change is 23 or 25 hours long. At most
 * `maxBuckets` + 1 are walked: null means the range holds more than `maxBuckets`.
 */
export function timeBuckets(fromMs: number, toMs: number, unit: BucketUnit, zone: string, maxBuckets: number): MetricsBucket[] | null {
  const buckets: MetricsBucket[] = [];
  let start = bucketStart(fromMs, unit, zone);
  while (start < toMs) {
    if (buckets.length === maxBuckets) return null;
    const end = nextStart(start, unit, zone);
    buckets.push({ index: buckets.length, startMs: start, endMs: end });
    start = end;
  }
  return buckets;
}
