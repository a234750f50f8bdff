import type { FieldError } from '../../errors.js';
import { FILTER_LIMITS } from './filter-types.js';

/** JSON-pointer escaping of one reference token (RFC 6901). */
export const pointerToken = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Length in Unicode code points, as JSON Schema's maxLength counts. */
export const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec's value shape, independent of the operator: a scalar (string ≤ 4096 code points, number,
 * boolean, null), an array (≤ 100 items) or an object (≤ 50 properties, keys 1–255), nesting at most
 * two further levels of arrays/objects below the value itself, so the innermost containers hold
 * scalars only. `level` counts the containers above `value`.
 */
export function valueShapeErrors(value: unknown, path: string, level = 0): FieldError[] {
  if (value === null || typeof value === 'boolean') return [];
  if (typeof value === 'number') {
    return Number.isFinite(value) ? [] : [{ code: 'type', message: 'must be a finite number', path }];
  }
  if (typeof value === 'string') {
    return codePoints(value) > FILTER_LIMITS.stringLength
      ? [{ code: 'max_length', message: `must be at most ${FILTER_LIMITS.stringLength} characters`, path }]
      : [];
  }
  const isArray = Array.isArray(value);
  if (!isArray && !isPlainObject(value)) return [{ code: 'type', message: 'must be a string, number, boolean, null, array or object', path }];
  if (level + 1 > FILTER_LIMITS.valueContainerDepth) {
    return [{ code: 'max_nesting', message: 'values nest at most two levels of arrays or objects below the value', path }];
  }
  const errors: FieldError[] = [];
  if (isArray) {
    if (value.length > FILTER_LIMITS.arrayItems) errors.push({ code: 'max_items', message: `must have at most ${FILTER_LIMITS.arrayItems} items`, path });
    value.forEach((item, index) => errors.push(...valueShapeErrors(item, `${path}/${index}`, level + 1)));
    return errors;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > FILTER_LIMITS.objectProperties) {
    errors.push({ code: 'max_properties', message: `must have at most ${FILTER_LIMITS.objectProperties} properties`, path });
  }
  for (const [key, item] of entries) {
    const itemPath = `${path}/${pointerToken(key)}`;
    const keyLength = codePoints(key);
    if (keyLength < 1 || keyLength > FILTER_LIMITS.keyLength) {
      errors.push({ code: 'property_name', message: `keys must be 1 to ${FILTER_LIMITS.keyLength} characters`, path: itemPath });
    }
    errors.push(...valueShapeErrors(item, itemPath, level + 1));
  }
  return errors;
}

export { isPlainObject };
