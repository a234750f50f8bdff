import { offsetOf, wallClockOf, type WallClock } from '../calendar/wall-clock.js';

export type DigestKind = 'daily' | 'weekly';
export const DIGEST_KINDS: readonly DigestKind[] = ['daily', 'weekly'];

export interface DigestPeriod {
  kind: DigestKind;
  start: Date;
  end: Date;
}

interface LocalDay {
  year: number;
  month: number; // 1–12
  day: number;
}

const DAY_MS = 86_400_000;

/**
 * UTC, the default zone, read from the Date itself: the first Intl.DateTimeFormat of a process loads
 * ICU's time zone data, about 8 MB of resident memory and 15 ms, which a server whose projects all keep
 * the default never needs otherwise (issue #61 item 1; test/notifications/digest-periods.test.ts
 * checks the two readings agree).
 */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC']);

function localParts(at: Date, timeZone: string): WallClock {
  if (UTC_NAMES.has(timeZone)) {
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes(), second: at.getUTCSeconds() };
  }
  return wallClockOf(at.getTime(), timeZone);
}

/** Local time minus UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  return offsetOf(localParts(new Date(at), timeZone), at);
}

/** The instant the wall clock of `timeZone` shows `hour`:00 on `day` (a DST gap moves it by the gap). */
function localHourToInstant(day: LocalDay, hour: number, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

function shiftDay(day: LocalDay, days: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day) + days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const weekdayOf = (day: LocalDay): number => new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();

/**
 * The latest complete digest period at `now`: a daily digest covers the 24 local hours ending at the
 * last `hour`:00 in `timeZone`; a weekly report the 7 local days ending at the last `hour`:00 of
 * `weeklyDay`. Deterministic in `now`, so every process names the same period.
 */
export function latestPeriod(kind: DigestKind, now: Date, settings: { timezone: string; digestHour: number; weeklyDay: number }): DigestPeriod {
  const today = localParts(now, settings.timezone);
  for (let back = 0; back <= 8; back++) {
    const day = shiftDay(today, -back);
    if (kind === 'weekly' && weekdayOf(day) !== settings.weeklyDay) continue;
    const end = localHourToInstant(day, settings.digestHour, settings.timezone);
    if (end.getTime() <= now.getTime()) {
      const start = localHourToInstant(shiftDay(day, kind === 'daily' ? -1 : -7), settings.digestHour, settings.timezone);
      return { kind, start, end };
    }
  }
  throw new Error('unreachable: some local day within 8 days back ends a period');
}
