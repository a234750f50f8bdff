import { problems } from '../errors.js';

/** Readers for tool inputs: each returns the typed value or throws 400 naming the field. */
type Input = Record<string, unknown>;

const invalid = (key: string, message: string) => problems.validation(`${key} ${message}.`, [{ code: 'invalid', message: `${key} ${message}`.slice(0, 160), path: `/${key}` }]);

export function requiredString(input: Input, key: string, max = 10_000): string {
  const value = input[key];
  if (value === undefined || value === null || value === '') throw invalid(key, 'is required');
  if (typeof value !== 'string' || value.length > max) throw invalid(key, `must be a string of at most ${max} characters`);
  return value;
}

export function optionalString(input: Input, key: string, max = 10_000, min = 0): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max || value.length < min) throw invalid(key, `must be a string of ${min} to ${max} characters`);
  return value;
}

export function optionalEnum<T extends string>(input: Input, key: string, allowed: readonly T[]): T | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw invalid(key, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** Integers ≥ min; above `clamp` they are clamped (as search results are), not refused. */
export function optionalInteger(input: Input, key: string, fallback: number, min: number, clamp: number): number {
  const value = input[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw invalid(key, `must be an integer ≥ ${min}`);
  return Math.min(value, clamp);
}
