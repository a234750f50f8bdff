import { isScope, type Scope } from '../../auth/scopes.js';
import { OAuthError } from './oauth-error.js';

/**
 * What an authorization request without `scope` is granted (RFC 6749 §3.3 lets the server pick a
 * documented default): the read scopes the tool server's reading tools need. MCP clients often send
 * no scope; writing is a step-up (403 insufficient_scope names observability:write).
 */
export const DEFAULT_SCOPES: readonly Scope[] = ['context:read', 'observability:read'];

/**
 * Parses an RFC 6749 §3.3 scope string: space-delimited, every value one the service defines. An
 * absent or empty string is `fallback` when given (authorization requests), an error otherwise.
 */
export function parseScopes(raw: string | undefined, fallback?: readonly Scope[]): Scope[] {
  const values = [...new Set((raw ?? '').split(' ').filter(Boolean))];
  if (values.length === 0 && fallback) return [...fallback];
  if (values.length === 0) throw new OAuthError('invalid_scope', 'Request at least one scope.');
  const unknown = values.filter((value) => !isScope(value));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  return values as Scope[];
}

export const OFFLINE_ACCESS = 'offline_access';
