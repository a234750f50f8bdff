import { problems } from '../../errors.js';
import type { AnnotationScoreConfig, ScoreDataType } from '../../ports/evaluations.js';

/**
 * The data type a value says by itself, for a score recorded without one: a number is numeric,
 * true/false boolean, anything else a category (checkScoreValue then holds it to that).
 */
export const impliedScoreType = (value: unknown): ScoreDataType => (typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'numeric' : 'categorical');

/**
 * Checks that `value` is of `dataType` (and, for annotation queues, inside the configured range or
 * categories); the failure names `path`. The contract admits any of the three shapes, so this is the
 * rule that ties the value to its type.
 */
export function checkScoreValue(dataType: ScoreDataType, value: unknown, path: string, config?: AnnotationScoreConfig): number | boolean | string {
  const reject = (message: string, code = 'type'): never => {
    throw problems.validation(`The value is invalid: ${message}.`, [{ code, message, path }]);
  };
  if (dataType === 'numeric') {
    if (typeof value !== 'number' || !Number.isFinite(value)) reject('must be a number for a numeric score');
    const n = value as number;
    if (config?.min !== undefined && n < config.min) reject(`must be at least ${config.min}`, 'minimum');
    if (config?.max !== undefined && n > config.max) reject(`must be at most ${config.max}`, 'maximum');
    return n;
  }
  if (dataType === 'boolean') {
    if (typeof value !== 'boolean') reject('must be true or false for a boolean score');
    return value as boolean;
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) reject('must be a category of 1 to 100 characters');
  if (config?.categories && !config.categories.includes(value as string)) reject(`must be one of ${config.categories.join(', ')}`.slice(0, 160), 'enum');
  return value as string;
}
