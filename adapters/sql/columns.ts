/** Column conversions shared by the repositories of both dialects. */
export const toMillis = (date: Date): number => date.getTime();
export const fromMillis = (value: number | string): Date => new Date(Number(value));
export const fromMillisOrNull = (value: number | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));
/** SQLite returns 0/1, PostgreSQL true/false. */
export const toBoolean = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const parseJson = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  return JSON.parse(value) as T;
};
