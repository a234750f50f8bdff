import { problems } from '../../errors.js';

export type Granularity = 'hour' | 'day';
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const BUCKET_MS: Record<Granularity, number> = { hour: HOUR_MS, day: DAY_MS };

const RELATIVE: Record<string, number> = { last_24h: DAY_MS, last_7d: 7 * DAY_MS, last_30d: 30 * DAY_MS };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
export const MAX_RANGE_MS = 366 * DAY_MS;

/** A half-open time range [from, to). */
export interface TimeRange {
  from: Date;
  to: Date;
  /** As the caller wrote it. */
  label: string;
}

/**
 * `last_24h`, `last_7d`, `last_30d` (ending now, now included), or an ISO 8601 interval
 * `<start>/<end>` of dates or date-times (end exclusive, at most 366 days).
 */
export function parseDateRange(value: string, now: Date): TimeRange {
  const span = RELATIVE[value];
  if (span !== undefined) return { from: new Date(now.getTime() - span + 1), to: new Date(now.getTime() + 1), label: value };
  const parts = value.split('/');
  const invalid = () => problems.validation(`date_range must be last_24h, last_7d, last_30d or an ISO 8601 interval <start>/<end>; got ${value.slice(0, 80)}.`, [
    { code: 'invalid_date_range', message: 'must be last_24h, last_7d, last_30d or <start>/<end>', path: '/date_range' },
  ]);
  if (parts.length !== 2 || !parts.every((p) => ISO_INSTANT.test(p))) throw invalid();
  const from = Date.parse(parts[0]);
  const to = Date.parse(parts[1]);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > MAX_RANGE_MS) throw invalid();
  return { from: new Date(from), to: new Date(to), label: value };
}

/** Starts of the UTC-aligned buckets that intersect the range. */
export function bucketStarts(range: TimeRange, bucketMs: number): number[] {
  const starts: number[] = [];
  for (let start = range.from.getTime() - (range.from.getTime() % bucketMs); start < range.to.getTime(); start += bucketMs) starts.push(start);
  return starts;
}
