import type { RE2JS } from 're2js';
import { re2 } from '../scanning/re2-engine.js';
import type { PiiKind } from '../detection-config.js';

/** Luhn checksum over a digit string (credit-card numbers). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** ISO 13616 IBAN check: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/*
 * Every recognizer is linear in the text, whatever the text (on the JavaScript engine the former
 * email pattern was quadratic: 40,000 'a' characters held the event loop for 33 s). Two ways:
 * - patterns with an unbounded repetition run on RE2JS (linear time by construction); each of them
 *   needs a literal ('@', 'sk-', 'AKIA', …) that RE2JS looks for first, so they also stay fast;
 * - the others keep the JavaScript engine but have only bounded repetitions and one-character
 *   lookarounds, so each start position costs a bounded amount of backtracking (card, IBAN, phone,
 *   key = value). test/security/detection-budgets.test.ts measures both on hostile inputs.
 */
/**
 * Compiled on first use, not when the module loads: the eight patterns took ~16 ms of every server
 * start (issue #61 item 2), most of whose processes scan for PII only once a detection asks.
 */
const linear = (pattern: string, flags = 0): ((text: string) => boolean) => {
  let compiled: RE2JS | undefined;
  return (text) => (compiled ??= re2().compile(pattern, flags)).matcher(text).find();
};

const EMAIL = linear('[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}');
const CARD_CANDIDATE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const PHONE_CANDIDATE = /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,4}(?!\w)|(?<![\w+])\+\d{8,15}(?!\w)/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// key = value; up to 64 blanks around the sign keeps every repetition bounded.
const KEY_VALUE_SECRET = /(?:api[_-]?key|secret|access[_-]?token|password)["']?\s{0,64}[:=]\s{0,64}["']?[A-Za-z0-9_\-/+=]{16}/i;
const SECRETS: readonly ((text: string) => boolean)[] = [
  ...[
    '\\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}', // OpenAI / Anthropic style
    '\\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}', // Stripe
    '\\bAKIA[0-9A-Z]{16}\\b', // AWS access key id
    '\\bgh[pousr]_[A-Za-z0-9]{36,}\\b', // GitHub
    '\\bxox[abpr]-[A-Za-z0-9-]{10,}', // Slack
    '\\bAIza[0-9A-Za-z_-]{35}\\b', // Google
    '\\beyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}', // JWT
  ].map((pattern) => linear(pattern)),
  (text) => KEY_VALUE_SECRET.test(text),
];

function hasCard(text: string): boolean {
  for (const match of text.matchAll(CARD_CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
}

function hasIban(text: string): boolean {
  for (const match of text.matchAll(IBAN_CANDIDATE)) if (ibanValid(match[0])) return true;
  return false;
}

function hasPhone(text: string): boolean {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const candidate = match[0];
    const digits = candidate.replace(/\D/g, '');
    if (ISO_DATE.test(candidate)) continue;
    // International numbers may be short; national ones need 10 digits to stand apart from ids and dates.
    if (candidate.startsWith('+') ? digits.length >= 8 && digits.length <= 15 : digits.length >= 10 && digits.length <= 12) return true;
  }
  return false;
}

const RECOGNIZERS: Record<PiiKind, (text: string) => boolean> = {
  email: EMAIL,
  phone: hasPhone,
  credit_card: hasCard,
  iban: hasIban,
  secret: (text) => SECRETS.some((matches) => matches(text)),
};

/** The PII kinds present in `text`, among `kinds`. Values are never returned, only their kinds. */
export function findPii(text: string, kinds: readonly PiiKind[]): PiiKind[] {
  return kinds.filter((kind) => RECOGNIZERS[kind](text));
}
