import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { RateLimiter, RatePolicy } from '../../ratelimit/rate-limiter.js';
import type { OAuthClients } from './oauth-clients.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN } from './oauth-clients.js';
import { OAuthError } from './oauth-error.js';
import { TooManyAttempts } from './sign-in-throttle.js';

/** The RFC 7591 §3.2.1 answer: what the server registered (it may differ from what was asked). */
export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: ['code'];
  token_endpoint_auth_method: 'none';
}

export interface RegistrationSettings {
  /** Registrations per network address per hour. */
  perAddressPerHour: number;
}

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Schemes that would run code or read files in the browser, never a redirect target. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);
/** RFC 8252 §7.1 private-use schemes: reverse domain names, e.g. com.example.app or cursor. */
const CUSTOM_SCHEME = /^[a-z][a-z0-9+.-]*:$/;
const SWEEP_BATCH = 100;

const invalidRedirect = (detail: string) => new OAuthError('invalid_redirect_uri', detail);

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

/**
 * RFC 7591 dynamic client registration for MCP clients: public clients only (PKCE; no secret to
 * keep), authorization-code and refresh grants, rate-limited per network address. A client that
 * has not been issued a token for the idle period (OAUTH_DYNAMIC_CLIENT_IDLE_DAYS) is unknown from
 * then on and deleted by a later registration's sweep, so abandoned registrations do not pile up.
 */
export class ClientRegistration {
  private readonly policy: RatePolicy;

  constructor(
    private readonly clients: OAuthClients,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    settings: RegistrationSettings,
  ) {
    this.policy = { name: 'oauth-registration-address-hour', limit: settings.perAddressPerHour, windowSeconds: 3600 };
  }

  async register(metadata: unknown, address: string): Promise<RegisteredClient> {
    const decision = await this.limiter.hit(address, this.policy, this.clock.now().getTime());
    if (!decision.allowed) throw new TooManyAttempts(decision.resetAfter);
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) throw new OAuthError('invalid_client_metadata', 'The body is a JSON object of client metadata (RFC 7591 §2).');
    const fields = metadata as Record<string, unknown>;

    const uris = fields.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
      throw invalidRedirect(`redirect_uris is an array of 1 to ${MAX_REDIRECT_URIS} URIs.`);
    }
    const redirectUris = [...new Set(uris.map(checkRedirectUri))];

    const rawName = fields.client_name;
    if (rawName !== undefined && (typeof rawName !== 'string' || rawName.length > 255)) throw new OAuthError('invalid_client_metadata', 'client_name is a string of at most 255 characters.');
    const name = typeof rawName === 'string' && rawName.trim() !== '' ? rawName.trim() : 'Unnamed MCP client';

    const requestedGrants = fields.grant_types === undefined ? [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN] : fields.grant_types;
    if (!Array.isArray(requestedGrants) || requestedGrants.some((grant) => grant !== GRANT_AUTHORIZATION_CODE && grant !== GRANT_REFRESH_TOKEN)) {
      throw new OAuthError('invalid_client_metadata', 'grant_types may hold authorization_code and refresh_token only.');
    }
    const grantTypes = [...new Set([GRANT_AUTHORIZATION_CODE, ...(requestedGrants as string[])])];
    if (fields.response_types !== undefined && (!Array.isArray(fields.response_types) || fields.response_types.some((type) => type !== 'code'))) {
      throw new OAuthError('invalid_client_metadata', 'response_types may hold code only.');
    }

    await this.sweep();
    const client_id = `mcp_${randomBytes(18).toString('base64url')}`;
    // Whatever token_endpoint_auth_method was asked for, the client is public (RFC 7591 §3.2.1 lets the
    // server replace requested values; the answer tells the client): a secret on a laptop protects nothing PKCE does not.
    const { client } = await this.clients.register({ id: client_id, name, type: 'public', redirectUris, grantTypes, registration: 'dynamic' });
    return {
      client_id,
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: name,
      redirect_uris: redirectUris,
      grant_types: grantTypes,
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** Deletes a bounded batch of expired dynamic clients (their grants cascade). */
  async sweep(): Promise<number> {
    return this.clients.deleteUnused(SWEEP_BATCH);
  }
}
