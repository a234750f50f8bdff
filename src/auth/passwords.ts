import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { readSetting, type Env } from '../settings/read-setting.js';

type ScryptParams = { N: number; r: number; p: number; maxmem: number };
const scryptOnce = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: ScryptParams) => Promise<Buffer>;

/**
 * scrypt derivations this process has run. A test seam: it lets a test see that a sign-in for an
 * unknown account still pays for one derivation — the behaviour behind equal timing — without
 * timing anything (the timing itself is measured by the bench at the production cost).
 */
let derivations = 0;
export const scryptDerivations = (): number => derivations;

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptParams): Promise<Buffer> => {
  derivations += 1;
  return scryptOnce(password, salt, keylen, options);
};

/** OWASP's scrypt recommendation (Password Storage Cheat Sheet): N=2^17, r=8, p=1 — 128 MiB per hash. */
export const PRODUCTION_COST_LOG2 = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * The cost of new hashes. Only a test run may lower it (NODE_ENV=test and SCRYPT_TEST_COST_LOG2,
 * 10 to 17): a production process ignores the variable, so a stray setting cannot weaken stored
 * passwords. Stored hashes carry their own parameters, so either kind verifies anywhere.
 */
export function costLog2(env: Env = process.env): number {
  const raw = readSetting(env, 'SCRYPT_TEST_COST_LOG2');
  if (readSetting(env, 'NODE_ENV') !== 'test' || raw === undefined || raw === '') return PRODUCTION_COST_LOG2;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 10 || value > PRODUCTION_COST_LOG2) throw new Error(`SCRYPT_TEST_COST_LOG2 must be 10 to ${PRODUCTION_COST_LOG2}; got ${raw}`);
  return value;
}

/** scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is below OWASP's 128 MiB. */
const maxmemFor = (n: number, r: number): number => 128 * n * r + 16 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** costLog2();
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) });
  return ['scrypt', n, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Bounds on stored parameters, so a tampered row cannot make one verification allocate gigabytes. */
const MAX_N = 2 ** 20;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !salt || !hash || !(params.N > 1 && params.N <= MAX_N) || !(params.r >= 1 && params.r <= 32) || !(params.p >= 1 && params.p <= 16)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, { ...params, maxmem: maxmemFor(params.N, params.r) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;

/**
 * Spends the work of one verification at the current cost, for a sign-in whose account is unknown
 * or has no password: the answer then takes as long as a wrong password would, so response time
 * does not tell which emails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await decoy);
  return false;
}
