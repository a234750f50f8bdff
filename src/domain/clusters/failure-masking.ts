/**
 * Masking and tokenization of failure text (docs/detections-learning.md#failure-clustering): the parts
 * of an error message that vary between occurrences of the same failure — URLs, quoted values, uuids,
 * hex ids, paths, IP addresses, e-mail addresses and numbers — are replaced by a placeholder before the
 * text is split, so "timeout after 30s on /v1/users/42" and "timeout after 5s on /v1/orders/7" read the
 * same. Order matters: a URL contains a path and numbers, so it is masked first.
 */
const MASKS: readonly (readonly [RegExp, string])[] = [
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi, '<URL>'],
  // Quotes not inside a word, so "can't" keeps its apostrophe.
  [/"(?:[^"\\\n]|\\.){0,2000}"|(?<![\w])'(?:[^'\\\n]|\\.){0,2000}'(?![\w])|`[^`\n]{0,2000}`/g, '<STR>'],
  [/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, '<EMAIL>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<ID>'],
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, '<IP>'],
  // Absolute paths (Unix, home-relative, Windows) and relative ones with two or more separators.
  [/(?:~|[A-Za-z]:)?(?:[\\/][\w.@~+-]+){2,}[\\/]?|(?<![\w/])[\w.-]+(?:\/[\w.@~+-]+){2,}/g, '<PATH>'],
  [/\b0x[0-9a-f]+\b/gi, '<HEX>'],
  // Hex runs of 8+ characters with at least one digit and one letter (commit shas, request ids).
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<HEX>'],
  // Numbers with an optional short unit: 30, -1.5, 1e-9, 500ms, 12%.
  [/(?<![\w<])[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?:[a-z]{1,3}\b|%)?/gi, '<NUM>'],
];

/** Longest token kept: longer ones are cut, so a template and its bucket key stay small. */
export const MAX_TOKEN_CHARS = 64;

/** Text read of one error message, so the masking regexes run in time bounded by the input. */
export const MAX_MESSAGE_CHARS = 2_000;

export function maskFailureText(text: string): string {
  let masked = text.length > MAX_MESSAGE_CHARS ? text.slice(0, MAX_MESSAGE_CHARS) : text;
  for (const [pattern, placeholder] of MASKS) masked = masked.replace(pattern, placeholder);
  return masked;
}

/** Placeholder of a value Drain treats as variable: any token still holding a digit after masking. */
export const WILDCARD = '<*>';

/**
 * Splits masked text on whitespace and on the punctuation that separates fields of a message
 * (`, ; : = ( ) [ ] { } |`); a token that still holds a digit (an id like `req_8f3a`) becomes the
 * wildcard, as in Drain.
 */
export function tokenizeFailureText(masked: string): string[] {
  const tokens: string[] = [];
  for (const raw of masked.split(/[\s,;:=()[\]{}|]+/)) {
    if (raw === '') continue;
    const token = /\d/.test(raw) ? WILDCARD : raw.length > MAX_TOKEN_CHARS ? raw.slice(0, MAX_TOKEN_CHARS) : raw;
    tokens.push(token);
  }
  return tokens;
}

/** A span name as ONE token: its masked text with the spaces closed up (names are short labels). */
export function nameToken(name: string): string {
  const masked = maskFailureText(name).trim().replace(/\s+/g, '_');
  if (masked === '') return '-';
  return masked.length > MAX_TOKEN_CHARS ? masked.slice(0, MAX_TOKEN_CHARS) : masked;
}
