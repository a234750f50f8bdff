const DAY_MS = 86_400_000;

/** The UTC day holding `now`: [start, end). Evaluator budgets are per such day. */
export function utcDay(now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}
