import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FormatDefinition } from 'ajv';

const rfc3339 = fullFormats['date-time'] as FormatDefinition<string>;
// ajv-formats' full date-time is a function (it checks the calendar); anything else would be a surprise.
if (typeof rfc3339.validate !== 'function') throw new Error('ajv-formats date-time is not a validating function');
const isRfc3339 = rfc3339.validate;

/** The format name query date-times carry in the contract the request validator reads. */
export const QUERY_DATE_TIME = 'query-date-time';

/**
 * `format: date-time` of a query parameter: RFC 3339 (ajv-formats' rule) *and* an instant
 * JavaScript can read. ajv-formats takes a leap second (`2026-12-31T23:59:60Z`) and an hour-only
 * offset (`+01`), which `Date.parse` reads as NaN, and the handlers turn `from`/`to`/`at` into
 * dates: an empty page on SQLite, a 500 on PostgreSQL. (Body date-times are checked by their
 * domain rules, with their own error paths.)
 */
export const QUERY_DATE_TIME_FORMAT: FormatDefinition<string> = {
  type: 'string',
  validate: (value: string) => isRfc3339(value) === true && Number.isFinite(Date.parse(value)),
  compare: rfc3339.compare,
};
