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
 * One formatter per time zone, kept: making one costs about as much as a hundred uses, and the
 * digest task asks for each project's zone a dozen times a pass (35 ms a pass for 9 projects on
 * the bench machine, blocking the event loop). Zones are IANA names the settings validated; as
 * Intl also takes them in any letter case, the map starts over past MAX_FORMATTERS names.
 */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1000;

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (FORMATTERS.size >= MAX_FORMATTERS) FORMATTERS.clear();
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * UTC, the default zone, read from the Date itself: the first Intl.DateTimeFormat of a process loads
 * ICU's time zone data, about 8 MB of resident memory and 15 ms, which a server whose projects all keep
 * the default never needs otherwise (issue #61 item 1; test/notifications/digest-periods.test.ts
 * checks the two readings agree).
 */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC']);

function localParts(at: Date, timeZone: string): LocalDay & { hour: number; minute: number; second: number } {
  if (UTC_NAMES.has(timeZone)) {
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: at.getUTCHours(), minute: at.getUTCMinutes(), second: at.getUTCSeconds() };
  }
  const parts = formatterOf(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Local time minus UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(new Date(at), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
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
