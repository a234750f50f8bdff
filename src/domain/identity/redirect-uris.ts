import { OAuthError } from './oauth-error.js';

// The redirect URI rules, in a module of their own: registration and client metadata documents
// both apply them, and the documents are read by the client table registration builds on.

const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Schemes that would run code or read files in the browser, never a redirect target. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);
/** RFC 8252 §7.1 private-use schemes: reverse domain names, e.g. com.example.app or cursor. */
const CUSTOM_SCHEME = /^[a-z][a-z0-9+.-]*:$/;

export const invalidRedirect = (detail: string) => new OAuthError('invalid_redirect_uri', detail);

/**
 * RFC 8252 redirect URIs of native and CLI clients: loopback http (any port, RFC 8252 §7.3), https,
 * or a private-use scheme (§7.1). Plain http to another host would hand codes to the network.
 *
 * Redirect URIs are compared as exact strings (loopback ports aside), so only a URI that means
 * exactly what it says is registered: no wildcard host (`https://*.example/cb` matches nothing
 * exactly and reads as a promise to match many), no userinfo, no fragment, and the form the WHATWG
 * URL parser gives back, so the browser goes where the string says (no `\` read as `/`, no tab or
 * newline silently dropped, no `0x7f.1` read as 127.0.0.1, no upper-case host or default port).
 */
export function checkRedirectUri(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URI_LENGTH) throw invalidRedirect(`Each redirect URI is a string of 1 to ${MAX_URI_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidRedirect(`${raw.slice(0, 100)} is not an absolute URI.`);
  }
  if (url.hash !== '' || raw.includes('#')) throw invalidRedirect('A redirect URI has no fragment (RFC 6749 §3.1.2).');
  if (FORBIDDEN_SCHEMES.has(url.protocol)) throw invalidRedirect(`The scheme ${url.protocol} is not a redirect target.`);
  if (url.host.includes('*') || url.host.toLowerCase().includes('%2a')) throw invalidRedirect(`${raw.slice(0, 100)} has a wildcard host; register each exact redirect URI.`);
  if (url.username !== '' || url.password !== '') throw invalidRedirect('A redirect URI has no user information (user:password@).');
  if (url.href !== raw && url.href !== `${raw}/`) throw invalidRedirect(`${raw.slice(0, 100)} is not in normal form; register it as ${url.href.slice(0, 100)}.`);
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) throw invalidRedirect('http redirect URIs must be loopback (127.0.0.1, [::1] or localhost); use https otherwise.');
    return raw;
  }
  if (url.protocol === 'https:') return raw;
  if (!CUSTOM_SCHEME.test(url.protocol)) throw invalidRedirect(`The scheme ${url.protocol} is not allowed.`);
  return raw;
}
