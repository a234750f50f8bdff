import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { OAuthClientRecord, OAuthClientType } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import { constantTimeEqual, hashToken } from '../../auth/tokens.js';
import { OAuthError } from './oauth-error.js';

export const GRANT_AUTHORIZATION_CODE = 'authorization_code';
export const GRANT_REFRESH_TOKEN = 'refresh_token';
export const GRANT_DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

/** How a client identified itself at the token, revocation or device endpoint. */
export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
  /** True when the credentials came in an HTTP Basic header (invalid_client then answers with a Basic challenge). */
  viaBasic: boolean;
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/.*)?$/;

/** Registers clients and authenticates them (RFC 6749 §2.3): public clients by id, confidential by secret. */
export class OAuthClients {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async register(input: { id: string; name: string; type: OAuthClientType; redirectUris: string[]; grantTypes: string[] }): Promise<{ client: OAuthClientRecord; secret: string | null }> {
    const secret = input.type === 'confidential' ? `tw_cs_${randomBytes(32).toString('base64url')}` : null;
    const client = await this.store.oauthClients.create({ ...input, secretHash: secret ? hashToken(secret) : null, createdAt: this.clock.now() });
    return { client, secret };
  }

  find(clientId: string): Promise<OAuthClientRecord | null> {
    return this.store.oauthClients.findById(clientId);
  }

  async authenticate(credentials: ClientCredentials): Promise<OAuthClientRecord> {
    if (!credentials.clientId) throw new OAuthError('invalid_client', 'Identify the client with client_id or HTTP Basic authentication.');
    const client = await this.store.oauthClients.findById(credentials.clientId);
    if (!client) throw new OAuthError('invalid_client', 'Unknown client.');
    if (client.type === 'confidential') {
      if (!credentials.clientSecret || !client.secretHash || !constantTimeEqual(hashToken(credentials.clientSecret), client.secretHash)) {
        throw new OAuthError('invalid_client', 'Client authentication failed.');
      }
    } else if (credentials.clientSecret) {
      throw new OAuthError('invalid_client', 'Public clients have no secret.');
    }
    return client;
  }

  assertGrantType(client: OAuthClientRecord, grantType: string): void {
    if (!client.grantTypes.includes(grantType)) throw new OAuthError('unauthorized_client', `The client may not use the ${grantType} grant.`);
  }

  /**
   * Exact match against a registered redirect URI; for public clients a loopback URI may differ in
   * port only (RFC 8252 §7.3), since native apps listen on an ephemeral port.
   */
  redirectUriAllowed(client: OAuthClientRecord, redirectUri: string): boolean {
    if (client.redirectUris.includes(redirectUri)) return true;
    if (client.type !== 'public' || !LOOPBACK.test(redirectUri)) return false;
    const withoutPort = redirectUri.replace(/^(http:\/\/[^/:]+|http:\/\/\[::1\]):\d+/, '$1');
    return client.redirectUris.includes(withoutPort);
  }
}
