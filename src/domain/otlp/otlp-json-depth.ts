import { MAX_VALUE_DEPTH } from './otlp-decode-error.js';

/**
 * How deep OTLP JSON may nest (objects and arrays, the body itself level 1). The deepest place an
 * attribute value starts is an event's or link's attribute: request { resourceSpans [ { scopeSpans
 * [ { spans [ { events [ { attributes [ { value { — level 12; each further AnyValue level adds at
 * most four (value { kvlistValue { values [ { ). So every request whose values stay within
 * MAX_VALUE_DEPTH fits, and one level more still reaches the value-depth check with its own message.
 */
export const MAX_OTLP_JSON_DEPTH = 12 + 4 * MAX_VALUE_DEPTH;

/**
 * Whether JSON text nests deeper than `limit`, in one linear pass over the text before it is
 * parsed: the generated `fromObject` recurses once per level, so a 10,000-level body ran out of
 * stack inside it ("Maximum call stack size exceeded") instead of being refused by a rule.
 * Brackets inside strings do not count; malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
