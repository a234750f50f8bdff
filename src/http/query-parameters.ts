type JsonObject = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The contract's query parameters as the request validator reads them, for query strings as
 * clients send them (docs/contract-and-tools.md#query-strings):
 *
 * - every query parameter is `allowReserved`. express-openapi-validator otherwise refuses any raw
 *   `:/?@!$'()*+,;=` in a query value ("must be url encoded", 400), so `q=rate+limit` from an HTML
 *   form or URLSearchParams, `q=time*` from curl and `from=2026-11-01T12:00:00Z` all failed. The
 *   values are decoded by express's query parser (qs: `+` is a space, `%2B` a plus) whatever the
 *   flag says. The served contract keeps the flag off: clients should still encode what they send.
 *   A date-time is then checked by its format alone (src/http/date-time-format.ts): that it is an
 *   instant `Date.parse` reads used to be checked by accident, the raw `:` of every one being refused.
 */
export function queryParametersAsSent<T>(document: T): T {
  const copy = structuredClone(document) as JsonObject;
  const mark = (parameters: unknown) => {
    for (const parameter of Array.isArray(parameters) ? (parameters as JsonObject[]) : []) {
      if (parameter?.in !== 'query') continue;
      parameter.allowReserved = true;
    }
  };
  for (const pathItem of Object.values((copy.paths ?? {}) as Record<string, JsonObject>)) {
    mark(pathItem.parameters);
    for (const method of METHODS) mark((pathItem[method] as JsonObject | undefined)?.parameters);
  }
  // Parameters shared by $ref (cursor) live here; the validator resolves the reference to this object.
  mark(Object.values(((copy.components as JsonObject | undefined)?.parameters ?? {}) as JsonObject));
  return copy as T;
}
