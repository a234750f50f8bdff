import type { FieldError } from '../../errors.js';

const RELATIVE: Record<string, number> = {
  last_24h: 24 * 60 * 60 * 1000,
  last_7d: 7 * 24 * 60 * 60 * 1000,
  last_30d: 30 * 24 * 60 * 60 * 1000,
};
/** A date or date-time, each end of an ISO 8601 `start/end` interval. */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i;

export interface TimeRange {
  fromMs: number;
  toMs: number;
}

/**
 * `last_24h`, `last_7d`, `last_30d` (ending now) or an ISO 8601 interval `start/end` of dates or
 * date-times with zones (start inclusive, end exclusive). Returns a field error otherwise.
 */
export function parseDateRange(value: string, nowMs: number, path: string): TimeRange | FieldError {
  const relative = RELATIVE[value];
  if (relative !== undefined) return { fromMs: nowMs - relative, toMs: nowMs + 1 };
  const [start, end, extra] = value.split('/');
  if (extra === undefined && start && end && INSTANT.test(start) && INSTANT.test(end)) {
    const fromMs = Date.parse(start);
    const toMs = Date.parse(end);
    if (!Number.isNaN(fromMs) && !Number.isNaN(toMs) && fromMs < toMs) return { fromMs, toMs };
  }
  return { path, code: 'invalid_date_range', message: 'must be last_24h, last_7d, last_30d or an ISO 8601 interval start/end with start before end' };
}

export const isTimeRange = (value: TimeRange | FieldError): value is TimeRange => 'fromMs' in value;
