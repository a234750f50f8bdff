import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FormatDefinition } from 'ajv';

const rfc3339 = fullFormats['date-time'] as FormatDefinition<string>;
// ajv-formats' full date-time is a function (it checks the calendar); anything else would be a surprise.
if (typeof rfc3339.validate !== 'function') throw new Error('ajv-formats date-time is not a validating function');
const isRfc3339 = rfc3339.validate;

/**
 * `format: date-time` as the request validator checks it, in query strings and bodies alike: RFC 3339
 * (ajv-formats' rule) *and* an instant JavaScript can read. ajv-formats takes a leap second
 * (`2026-12-31T23:59:60Z`) and an hour-only offset (`+01`), which `Date.parse` reads as NaN, and the
 * handlers turn `from`/`to`/`at`, a backfill's range, an expiry or a deadline into dates: an empty
 * page or a row with an invalid date on SQLite, a 500 on PostgreSQL. Registered under the name
 * `date-time`, so a date-time added to the contract is covered without edits.
 */
export const DATE_TIME_FORMAT: FormatDefinition<string> = {
  type: 'string',
  validate: (value: string) => isRfc3339(value) === true && Number.isFinite(Date.parse(value)),
  compare: rfc3339.compare,
};

/** The format name of the one date-time checked for its RFC 3339 syntax alone (RFC3339_FORMAT). */
export const RFC3339_DATE_TIME = 'rfc3339-date-time';
/** ajv-formats' date-time: RFC 3339 syntax and calendar, a leap second included. */
export const RFC3339_FORMAT: FormatDefinition<string> = rfc3339;

type JsonObject = Record<string, unknown>;

/**
 * The contract with a span's `start_time` (SpanInput) checked for its syntax alone, for the request
 * validator. Ingestion reads the instant itself (src/domain/traces/trace-input.ts), one rule for
 * REST, batches, OTLP and the ingest tool: a start time it cannot read, or too far ahead, is
 * `invalid_time` at `/spans/<i>/start_time` there, and stays so here rather than becoming `format`
 * at `/body/spans/<i>/start_time` on REST alone.
 */
export function spanStartTimesReadByIngestion<T>(document: T): T {
  const copy = structuredClone(document) as JsonObject;
  const schemas = (copy.components as JsonObject | undefined)?.schemas as Record<string, JsonObject> | undefined;
  const startTime = (schemas?.SpanInput?.properties as Record<string, JsonObject> | undefined)?.start_time;
  // A renamed schema or field would silently give span start times the stricter rule: fail the start.
  if (startTime?.format !== 'date-time') throw new Error('contract: SpanInput.start_time is no longer a date-time; update spanStartTimesReadByIngestion');
  startTime.format = RFC3339_DATE_TIME;
  return copy as T;
}
