import { ProblemError, problems, type FieldError } from '../errors.js';

/**
 * How deep a JSON document may nest (objects and arrays). Deeper documents overflow recursive code
 * further on (validators, SQLite's JSON functions stop at 1,000) and no trace needs them.
 */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Escapes a member name for a JSON-pointer-like path (RFC 6901). */
const pointerToken = (name: string | number): string => String(name).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What a string from outside must not contain: NUL (PostgreSQL text and jsonb refuse it) and
 * unpaired UTF-16 surrogates (not Unicode; PostgreSQL refuses them, SQLite stores garbage).
 */
export function stringViolation(value: string, path: string): FieldError | null {
  if (value.includes('\u0000')) return { code: 'nul_character', message: 'must not contain the NUL character (U+0000)', path };
  if (LONE_SURROGATE.test(value)) return { code: 'lone_surrogate', message: 'must not contain an unpaired UTF-16 surrogate', path };
  return null;
}

/** Numbers must be finite and within ±(2^53 − 1), where every integer is exact on both databases and in JavaScript. */
export function numberViolation(value: number, path: string): FieldError | null {
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
    return { code: 'unsafe_number', message: `must be finite and between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`, path };
  }
  return null;
}

/**
 * The first hygiene violation in a parsed JSON value (keys included), walked without recursion so
 * no input can overflow the stack; null when the value is clean.
 */
export function findJsonViolation(root: unknown, basePath: string): FieldError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: basePath, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const violation = stringViolation(value, path || '/');
      if (violation) return violation;
    } else if (typeof value === 'number') {
      const violation = numberViolation(value, path || '/');
      if (violation) return violation;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return tooDeep(path);
      const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, item] = entries[i];
        const itemPath = `${path}/${pointerToken(name)}`;
        if (typeof name === 'string') {
          const violation = stringViolation(name, itemPath);
          if (violation) return { ...violation, message: `member name ${violation.message}` };
        }
        stack.push({ value: item, path: itemPath, depth: depth + 1 });
      }
    }
  }
  return null;
}

const tooDeep = (path: string): FieldError => ({ code: 'too_deep', message: `nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`, path: path || '/' });

/**
 * Scans raw JSON text for nesting beyond the limit before it is parsed, so a megabyte of `[` costs
 * one linear pass rather than a parse; returns the path where the limit is crossed.
 */
export function findExcessiveNesting(text: string, basePath: string): FieldError | null {
  const frames: { array: boolean; key: string; index: number }[] = [];
  let inString = false;
  let stringStart = 0;
  let lastString = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) {
        inString = false;
        lastString = text.slice(stringStart, i);
      }
      continue;
    }
    switch (c) {
      case 0x22: // "
        inString = true;
        stringStart = i + 1;
        break;
      case 0x3a: // :
        if (frames.length) frames[frames.length - 1].key = lastString;
        break;
      case 0x2c: // ,
        if (frames.length && frames[frames.length - 1].array) frames[frames.length - 1].index++;
        break;
      case 0x5b: // [
      case 0x7b: // {
        if (frames.length >= MAX_JSON_DEPTH) {
          const path = frames.map((frame) => `/${frame.array ? frame.index : pointerToken(frame.key)}`).join('');
          return tooDeep(`${basePath}${path}`);
        }
        frames.push({ array: c === 0x5b, key: '', index: 0 });
        break;
      case 0x5d: // ]
      case 0x7d: // }
        frames.pop();
        break;
    }
  }
  return null;
}

export const malformedJson = (): ProblemError => new ProblemError(400, 'PUBLIC_API_MALFORMED_JSON', 'The request body is not valid JSON.');

const hygieneFailure = (violation: FieldError): ProblemError =>
  problems.validation(`The request ${violation.path.split('/')[1] ?? 'body'} is not acceptable: ${violation.path} ${violation.message}.`.slice(0, 512), [violation]);

/**
 * Parses JSON text from outside: at most MAX_JSON_DEPTH levels, no NUL or lone surrogate in any
 * string or member name, numbers finite and safe. Malformed text → 400 PUBLIC_API_MALFORMED_JSON;
 * a violation → 400 PUBLIC_API_VALIDATION_FAILED naming its path under `basePath`.
 */
export function parseCheckedJson(text: string, basePath: string): unknown {
  // Most bodies are proven clean in one pass; only the others get the exact checks, which name the path.
  if (isPlainlyClean(text)) return parseJsonText(text);
  const nesting = findExcessiveNesting(text, basePath);
  if (nesting) throw hygieneFailure(nesting);
  const value = parseJsonText(text);
  const violation = findJsonViolation(value, basePath);
  if (violation) throw hygieneFailure(violation);
  return value;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformedJson();
  }
}

const hexValue = (c: number): number => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1);
const isDigitCode = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** Integer digits a number may have without possibly passing 2^53 − 1 (which has 16). */
const SAFE_INTEGER_DIGITS = 15;

/**
 * True when JSON text cannot break a hygiene rule, by one pass over its characters that allocates
 * nothing: nesting stays within MAX_JSON_DEPTH; no string holds a `\u0000` escape, a surrogate
 * escape or an unpaired surrogate; no number has more than 15 integer digits or a positive
 * exponent (fractions and negative exponents, as in costs like 1.2e-7, only shrink it). Parsed
 * values of such text need no walk: a large batch body costs a fraction of the walk. False means
 * only "look closer": the exact checks then run and name the path.
 */
function isPlainlyClean(text: string): boolean {
  let depth = 0;
  let inString = false;
  /** Integer digits of the number being read; -1 once in its fraction or negative exponent. */
  let digits = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      // A pair (high then low) is a character like any other; anything else is not.
      if (c <= 0xdbff && i + 1 < n) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          i++;
          continue;
        }
      }
      return false;
    }
    if (c === 0) return false;
    if (inString) {
      if (c === 0x22) inString = false;
      else if (c === 0x5c) {
        if (text.charCodeAt(i + 1) === 0x75) {
          // \uXXXX: NUL and every surrogate escape go to the exact check (escaped pairs are rare).
          const first = hexValue(text.charCodeAt(i + 2));
          const second = hexValue(text.charCodeAt(i + 3));
          if (first === 0xd && second >= 8) return false;
          if (first === 0 && second === 0 && hexValue(text.charCodeAt(i + 4)) === 0 && hexValue(text.charCodeAt(i + 5)) === 0) return false;
          i += 5;
        } else {
          i++;
        }
      }
      continue;
    }
    if (isDigitCode(c)) {
      if (digits >= 0 && ++digits > SAFE_INTEGER_DIGITS) return false;
      continue;
    }
    if (c === 0x2e) {
      digits = -1; // a fraction
      continue;
    }
    if ((c === 0x65 || c === 0x45) && digits !== 0) {
      // An exponent: only a negative one is known to keep the number safe.
      if (text.charCodeAt(i + 1) !== 0x2d) return false;
      digits = -1;
      i++;
      continue;
    }
    digits = 0;
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return false;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return true;
}

/** The same rules for values that did not arrive as JSON text (query strings, path segments, form fields). */
export function assertCleanValue(value: unknown, path: string): void {
  const violation = findJsonViolation(value, path);
  if (violation) throw hygieneFailure(violation);
}
