import { invalidValue } from './scim-error.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A string attribute from the identity provider, checked before it reaches a query: PostgreSQL
 * refuses NUL and lone surrogates (a 500 on one adapter, a stored value on the other), so both
 * are a 400 `invalidValue` on both.
 */
export function checkedText(value: unknown, attribute: string, maxLength: number): string {
  if (typeof value !== 'string') throw invalidValue(`${attribute} must be a string.`);
  if (value.length > maxLength) throw invalidValue(`${attribute} is longer than ${maxLength} characters.`);
  if (CONTROL.test(value) || LONE_SURROGATE.test(value)) throw invalidValue(`${attribute} contains a control character or an unpaired surrogate.`);
  return value;
}

/** As `checkedText`, but null and absent stay null. */
export const optionalText = (value: unknown, attribute: string, maxLength: number): string | null =>
  value === undefined || value === null ? null : checkedText(value, attribute, maxLength);
