import { isScope, type Scope } from '../../auth/scopes.js';
import { OAuthError } from './oauth-error.js';

/** Parses an RFC 6749 §3.3 scope string: space-delimited, every value one the service defines. */
export function parseScopes(raw: string | undefined): Scope[] {
  const values = [...new Set((raw ?? '').split(' ').filter(Boolean))];
  if (values.length === 0) throw new OAuthError('invalid_scope', 'Request at least one scope.');
  const unknown = values.filter((value) => !isScope(value));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  return values as Scope[];
}

export const OFFLINE_ACCESS = 'offline_access';
