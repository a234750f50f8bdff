import type { FormatDefinition } from 'ajv';
import { DATE_TIME_FORMAT, RFC3339_DATE_TIME, RFC3339_FORMAT } from '../date-time-format.js';

/**
 * The formats the public API's requests are checked with beyond ajv-formats' own, by name: given to
 * express-openapi-validator (src/http/openapi-validator.ts) and, as the same objects, to the
 * precompiled validators, whose standalone code calls them by name (`npm run generate` checks that
 * every format the code names is one of these, as ajv had it).
 */
export const REQUEST_FORMATS: Readonly<Record<string, FormatDefinition<string>>> = {
  'date-time': DATE_TIME_FORMAT,
  [RFC3339_DATE_TIME]: RFC3339_FORMAT,
};
