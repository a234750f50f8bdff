import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { RateLimiter, RatePolicy } from '../../ratelimit/rate-limiter.js';
import type { OAuthClients } from './oauth-clients.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN } from './oauth-grants.js';
import { OAuthError } from './oauth-error.js';
import { checkRedirectUri, invalidRedirect } from './redirect-uris.js';
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
const SWEEP_BATCH = 100;

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
