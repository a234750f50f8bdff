import type { RE2JS } from 're2js';
import { re2 } from './re2-engine.js';

/**
 * User patterns run on RE2JS, a port of RE2: matching time is linear in the input whatever the
 * pattern, so no pattern can make evaluation backtrack for seconds (`^(a+)+$` on 28 characters took
 * 10 s on the JavaScript engine). The price is a smaller language: constructs that need
 * backtracking are refused when the detection is saved, named so the author knows what to change.
 */
export type LinearPattern = RE2JS;

/** Why a pattern was refused: the construct (for people) and RE2's own message. */
export class UnsupportedPatternError extends Error {
  constructor(
    /** What stands in the way, e.g. "lookahead (?=…)" or "unbalanced parentheses". */
    readonly construct: string,
    /** True for backtracking-only constructs, false for plain syntax errors. */
    readonly needsBacktracking: boolean,
    readonly engineMessage: string,
  ) {
    super(needsBacktracking ? `uses ${construct}, which the linear-time pattern engine (RE2 syntax) does not support` : `is not a valid pattern: ${construct}`);
    this.name = 'UnsupportedPatternError';
  }
}

/** The JavaScript flags the contract allows (`^[imsu]{0,4}$`) as RE2JS flags; `u` is RE2's default. */
function flagBits(flags: string): number {
  const engine = re2();
  let bits = 0;
  if (flags.includes('i')) bits |= engine.CASE_INSENSITIVE;
  if (flags.includes('m')) bits |= engine.MULTILINE;
  if (flags.includes('s')) bits |= engine.DOTALL;
  return bits;
}

/**
 * The backtracking-only constructs, looked for in the source so the refusal can name them. Checked
 * in order; the first that occurs (outside a character class, not escaped) is named.
 */
const CONSTRUCTS: readonly [RegExp, string][] = [
  [/^\(\?=/, 'lookahead (?=…)'],
  [/^\(\?!/, 'negative lookahead (?!…)'],
  [/^\(\?<=/, 'lookbehind (?<=…)'],
  [/^\(\?<!/, 'negative lookbehind (?<!…)'],
  [/^\(\?>/, 'atomic group (?>…)'],
  [/^\\[1-9]/, 'backreference \\1…\\9'],
  [/^\\k</, 'named backreference \\k<…>'],
  [/^[*+?}]\+/, 'possessive quantifier (*+, ++, ?+)'],
];

/** Scans the pattern once (linear), skipping escapes and character classes. */
export function findUnsupportedConstruct(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (inClass) {
      if (char === '\\') i++;
      else if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      continue;
    }
    const rest = pattern.slice(i, i + 4);
    for (const [shape, name] of CONSTRUCTS) if (shape.test(rest)) return name;
    if (char === '\\') i++;
  }
  return null;
}

function describeEngineMessage(message: string): [construct: string, needsBacktracking: boolean] {
  if (/invalid repeat count/.test(message)) return ['a repeat count above 1000 ({n,m} with n or m > 1000)', true];
  if (/invalid escape sequence/.test(message)) return ['an escape sequence RE2 does not know', false];
  if (/missing closing \)|unexpected \)/.test(message)) return ['unbalanced parentheses', false];
  if (/missing closing \]|invalid character class/.test(message)) return ['an invalid character class', false];
  if (/missing argument to repetition operator|invalid nested repetition operator/.test(message)) return ['a quantifier with nothing to repeat', false];
  return [message.replace(/^error parsing regexp: /, '').slice(0, 120), false];
}

/**
 * Compiles `pattern` with the contract's JavaScript `flags` on the linear-time engine, or throws
 * UnsupportedPatternError naming the construct that stands in the way.
 */
export function compileLinearPattern(pattern: string, flags = ''): LinearPattern {
  const named = findUnsupportedConstruct(pattern);
  try {
    return re2().compile(pattern, flagBits(flags));
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    const [construct, needsBacktracking] = named ? [named, true] : describeEngineMessage(message);
    throw new UnsupportedPatternError(construct, needsBacktracking, message);
  }
}

/** The first match of `pattern` in `text`, or null. Linear in `text`. */
export function firstMatch(pattern: LinearPattern, text: string): string | null {
  const matcher = pattern.matcher(text);
  return matcher.find() ? matcher.group() : null;
}
