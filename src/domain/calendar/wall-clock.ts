/**
 * The wall clock of an instant in an IANA time zone, as the runtime's ICU time zone database reads it.
 * Digest periods and metrics buckets both walk local calendars with it; each keeps its own UTC
 * shortcut, because each test compares that shortcut against this reading.
 */
export interface WallClock {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number; // 0–23
  minute: number;
  second: number;
}

/**
 * One formatter per zone, kept: making one costs about as much as a hundred uses (the digest task
 * asked for each project's zone a dozen times a pass: 35 ms a pass for 9 projects, blocking the
 * event loop). Zones come from settings and requests, and Intl takes them in any letter case, so
 * the map starts over past MAX_FORMATTERS names.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1000;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The local wall clock of the instant `ms` in `zone`. */
export function wallClockOf(ms: number, zone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** The wall clock as if it were UTC: comparable numbers for local times. */
export const wallClockMs = (w: WallClock): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** Local time minus UTC at the instant `ms` whose wall clock is `w`, in milliseconds (whole seconds). */
export const offsetOf = (w: WallClock, ms: number): number => wallClockMs(w) - Math.floor(ms / 1000) * 1000;
