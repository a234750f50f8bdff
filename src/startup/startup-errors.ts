import { ConfigError } from '../settings/config-error.js';
import { readSetting, type Env } from '../settings/read-setting.js';

interface SystemError {
  code?: string;
  syscall?: string;
  path?: string;
  errors?: unknown[];
}

/** The error's code, or that of the first of several (a refused dual-stack connect is an AggregateError). */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const system = error as SystemError;
  if (system.code) return system.code;
  return system.errors?.map(codeOf).find((code) => code !== undefined);
}

/** The database's address without its password: what a sentence may print. */
export function describeDatabase(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'the SQLite database';
  try {
    const url = new URL(databaseUrl);
    return `${url.protocol}//${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the database';
  }
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ENOTFOUND: 'has a host name that does not resolve',
  EAI_AGAIN: 'has a host name that does not resolve',
  ETIMEDOUT: 'did not answer in time',
  EHOSTUNREACH: 'is unreachable',
  ECONNRESET: 'closed the connection',
  '28P01': 'rejected the user name or password',
  '28000': 'rejected the user',
  '3D000': 'has no such database',
  '42501': 'denied the user the needed privilege',
};

/**
 * One sentence, naming the setting to fix, for the errors a deployment makes before the server
 * serves anything: a bad setting, an unreachable database, a busy port. Anything else is a defect
 * and returns undefined, so its stack is printed.
 */
export function describeStartupError(error: unknown, env: Env = process.env): string | undefined {
  if (error instanceof ConfigError) return error.message;
  const code = codeOf(error);
  const system = (typeof error === 'object' && error !== null ? error : {}) as SystemError;
  const host = readSetting(env, 'HOST') || '127.0.0.1';
  const port = readSetting(env, 'PORT') || '8080';

  if (system.syscall === 'listen') {
    if (code === 'EADDRINUSE') return `PORT ${port} on HOST ${host} is already in use; stop the other process or set PORT to a free port.`;
    if (code === 'EACCES') return `PORT ${port} on HOST ${host} needs privileges this process lacks; set PORT to 1024 or above.`;
    if (code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine; set HOST to one of its addresses (0.0.0.0 for all).`;
  }
  if (code === 'ERR_SOCKET_BAD_PORT') return `PORT must be between 0 and 65535; got ${port}.`;
  if (code && code in UNREACHABLE && !system.syscall?.startsWith('listen')) {
    // PostgreSQL's own words (SQLSTATE errors) name the role or database; they hold no secret.
    const said = /^[0-9A-Z]{5}$/.test(code) && error instanceof Error ? `: ${error.message}` : '';
    return `The database at DATABASE_URL (${describeDatabase(readSetting(env, 'DATABASE_URL'))}) ${UNREACHABLE[code]} (${code}${said}); check DATABASE_URL and that the server is running.`;
  }
  if (error instanceof Error && error.name === 'KnexTimeoutError') {
    return `The database at DATABASE_URL (${describeDatabase(readSetting(env, 'DATABASE_URL'))}) did not accept a connection in time; check DATABASE_URL and that the server is running.`;
  }
  if (code === 'SQLITE_CANTOPEN' || ((code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR') && system.path)) {
    return `DATA_DIR (${readSetting(env, 'DATA_DIR') || './data'}) cannot be written (${code}); set DATA_DIR to a writable directory.`;
  }
  return undefined;
}
