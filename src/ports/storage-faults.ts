import { ProblemError } from '../errors.js';

/**
 * The storage ports' failure vocabulary. Adapters let the drivers' errors through unchanged; this
 * module (beside the ports, so REST and MCP need not import adapters) says which of them mean
 * "storage unavailable" so that every face answers them alike.
 *
 * Failures that mean "the database is not reachable or not usable right now" rather than "this
 * request is wrong" or "the code is wrong": the client should retry, and the service recovers by
 * itself once the database is back (pg's pool drops broken connections and opens new ones; the
 * SQLite lock is released by its holder). They are answered 503 with Retry-After, never 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** PostgreSQL SQLSTATEs: class 08 (connection exception), shutdowns, start-up, too many connections. */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);

/** SQLite result codes (better-sqlite3 names them SQLITE_<NAME>[_<EXTENDED>]). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)(_|$)/;

/** Failures that mean this connection's session is gone (its backend ended, its socket closed), as opposed to the database refusing or being busy. */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE', '57P01', '57P02']);
/** pg and knex say a lost connection in words only (knex puts the failed statement's SQL and " - " before pg's words). */
const LOST_MESSAGES = [
  /(^| - )Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  // A pooled client pg has begun closing after its backend was terminated, handed out before the pool dropped it.
  /Client was closed and is not queryable/,
  /Connection ended unexpectedly/,
];

/** Every storage fault said in words only: a lost connection, or no connection to be had. */
const MESSAGES = [...LOST_MESSAGES, /^Knex: Timeout acquiring a connection/, /^Unable to acquire a connection/];

function unavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith('08') || SQLITE_UNAVAILABLE.test(code)) return true;
  }
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** True when `error` (or an error it wraps) is a storage fault rather than a bug. */
export function isStorageUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (unavailable(current)) return true;
    // AggregateError (pg tries every address of a host) and wrapped causes.
    const { errors, cause } = current as { errors?: unknown; cause?: unknown };
    if (Array.isArray(errors) && errors.some(unavailable)) return true;
    current = cause;
  }
  return false;
}

/**
 * True when a statement failed because its pooled connection was lost. The PostgreSQL adapter
 * retires the connections pooled beside it then: they were opened to the same server and, after a
 * restart or failover, are as dead as this one but look alive until each is used.
 */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && LOST_MESSAGES.some((pattern) => pattern.test(message));
}

/** Seconds a client is asked to wait before retrying after a storage fault. */
export const STORAGE_RETRY_AFTER_SECONDS = 2;

/** The 503 a storage fault is answered with, or null when `error` is not one. */
export function storageUnavailableProblem(error: unknown): ProblemError | null {
  if (!isStorageUnavailable(error)) return null;
  return new ProblemError(503, 'PUBLIC_API_STORAGE_UNAVAILABLE', 'The database is unavailable or busy; nothing was changed by this request unless it says otherwise. Retry after the delay given.', {
    retryable: true,
    headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) },
  });
}
