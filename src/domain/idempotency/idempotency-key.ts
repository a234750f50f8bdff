import { ProblemError } from '../../errors.js';

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]{22,43}$/;

/** Distinct hex digits a random UUIDv4 almost always exceeds (30 random digits → ~14 distinct). */
const MIN_DISTINCT_UUID_DIGITS = 8;
/** Distinct characters a random 22-character base64url value almost always exceeds (~19). */
const MIN_DISTINCT_BASE64URL_CHARACTERS = 12;

const distinct = (value: string): number => new Set(value).size;

/**
 * The weak-key rule: a key shaped like a UUID must be a UUIDv4 (version and variant bits set) with
 * at least 8 distinct hex digits; any other key must be base64url, 22 to 43 characters, with at
 * least 12 distinct characters drawn from at least two of lower case, upper case and digits. That
 * refuses repeated or sequential keys such as `aaaaaaaaaaaaaaaaaaaaaa` or `abcdefghijklmnopqrstuv`,
 * which collide across clients, while random keys pass with overwhelming probability.
 */
export function isStrongIdempotencyKey(key: string): boolean {
  // Anything shaped like a UUID must be a v4 one: time-based and name-based UUIDs are guessable.
  if (UUID_SHAPE.test(key)) return UUID_V4.test(key) && distinct(key.replace(/-/g, '').toLowerCase()) >= MIN_DISTINCT_UUID_DIGITS;
  if (!BASE64URL.test(key)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(key)).length;
  return distinct(key) >= MIN_DISTINCT_BASE64URL_CHARACTERS && classes >= 2;
}

export function assertStrongIdempotencyKey(key: string): void {
  if (isStrongIdempotencyKey(key)) return;
  throw new ProblemError(
    400,
    'PUBLIC_API_WEAK_IDEMPOTENCY_KEY',
    'idempotency-key must be a canonical UUIDv4 or a random base64url value of 22 to 43 characters.',
    { errors: [{ code: 'weak_key', message: 'use a random UUIDv4 or 16+ random bytes in base64url', path: '/headers/idempotency-key' }] },
  );
}
