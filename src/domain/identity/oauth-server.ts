import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import { SCOPES } from '../../auth/scopes.js';
import { hashToken, tokenKindOf } from '../../auth/tokens.js';
import { AuthorizationCodes } from './authorization-codes.js';
import { DeviceAuthorization } from './device-authorization.js';
import { OAuthError } from './oauth-error.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_DEVICE_CODE, GRANT_REFRESH_TOKEN, OAuthClients, type ClientCredentials } from './oauth-clients.js';
import { RefreshTokens } from './refresh-tokens.js';
import { TokenIssuer, type TokenLifetimes, type TokenResponse } from './token-issuer.js';
import { DEFAULT_SCOPES } from './oauth-scopes.js';
import { ServedResources } from './resource-indicators.js';
import type { ClientMetadataDocuments } from './client-metadata-documents.js';

/** The form fields of POST /oauth/token. */
export interface TokenRequest {
  grant_type?: string;
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  refresh_token?: string;
  scope?: string;
  device_code?: string;
  resource?: string;
}

/** Scopes the tool server's tools need; its protected resource metadata names them. */
export const MCP_SCOPES = ['context:read', 'observability:read', 'observability:write', 'offline_access'] as const;

/**
 * The authorization server: RFC 6749 (code and refresh grants), RFC 7636 (PKCE), RFC 8628 (device
 * grant), RFC 7009 (revocation), RFC 8414 (metadata), RFC 7591 (dynamic registration, see
 * client-registration.ts), RFC 8707 (resource indicators) and RFC 9728 (protected resource
 * metadata). Hand-written; docs/mcp.md "Why the hand-written authorization server" gives the reasons against
 * oidc-provider. The RFCs' rules are few and each one has a test.
 */
export class OAuthServer {
  readonly clients: OAuthClients;
  readonly authorizationCodes: AuthorizationCodes;
  readonly refreshTokens: RefreshTokens;
  readonly devices: DeviceAuthorization;
  readonly resources: ServedResources;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly baseUrl: string,
    lifetimes: TokenLifetimes,
    dynamicClientIdleSeconds = 30 * 24 * 3600,
    documents: ClientMetadataDocuments | null = null,
  ) {
    this.resources = new ServedResources(baseUrl);
    this.clients = new OAuthClients(store, clock, dynamicClientIdleSeconds * 1000, documents);
    const issuer = new TokenIssuer(store, clock, lifetimes);
    this.authorizationCodes = new AuthorizationCodes(store, clock, this.clients, issuer, this.resources);
    this.refreshTokens = new RefreshTokens(store, clock, this.clients, issuer, this.resources);
    this.devices = new DeviceAuthorization(store, clock, this.clients, issuer, `${baseUrl}/oauth/device`);
  }

  get issuer(): string {
    return this.baseUrl;
  }

  async token(request: TokenRequest, credentials: ClientCredentials, host: string): Promise<TokenResponse> {
    if (!request.grant_type) throw new OAuthError('invalid_request', 'grant_type is required.');
    const client = await this.clients.authenticate(credentials);
    switch (request.grant_type) {
      case GRANT_AUTHORIZATION_CODE:
        return this.authorizationCodes.exchange(client, request, host);
      case GRANT_REFRESH_TOKEN:
        return this.refreshTokens.exchange(client, request, host);
      case GRANT_DEVICE_CODE:
        return this.devices.poll(client, request.device_code, host);
      default:
        throw new OAuthError('unsupported_grant_type', `Unsupported grant_type ${request.grant_type}.`);
    }
  }

  /**
   * RFC 7009: unknown and already-revoked tokens answer 200 alike, so the endpoint reveals nothing.
   * A token of another client is refused (§2.1) rather than revoked.
   */
  async revoke(token: string | undefined, credentials: ClientCredentials): Promise<void> {
    const client = await this.clients.authenticate(credentials);
    if (!token) throw new OAuthError('invalid_request', 'token is required.');
    let ownToken = true;
    switch (tokenKindOf(token)) {
      case 'oauthRefresh':
        ownToken = await this.refreshTokens.revoke(client, token);
        break;
      case 'oauthAccess': {
        const record = await this.store.oauthGrants.findAccessTokenByHash(hashToken(token));
        if (record && record.clientId !== client.id) ownToken = false;
        else if (record) await this.store.oauthGrants.revokeAccessToken(record.id, this.clock.now());
        break;
      }
      default:
        break;
    }
    if (!ownToken) throw new OAuthError('unauthorized_client', 'The token was not issued to this client.');
  }

  /** RFC 8414 authorization server metadata. */
  metadata(): Record<string, unknown> {
    return {
      issuer: this.baseUrl,
      authorization_endpoint: `${this.baseUrl}/oauth/authorize`,
      token_endpoint: `${this.baseUrl}/oauth/token`,
      revocation_endpoint: `${this.baseUrl}/oauth/revoke`,
      registration_endpoint: `${this.baseUrl}/oauth/register`,
      device_authorization_endpoint: `${this.baseUrl}/oauth/device/code`,
      scopes_supported: [...SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN, GRANT_DEVICE_CODE],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: this.clients.metadataDocumentsSupported,
      // Not RFC 8414 fields: where the default scope and resource indicators are documented.
      service_documentation: `${this.baseUrl}/docs`,
    };
  }

  /**
   * RFC 9728 protected resource metadata: at the root for the whole service, and in the path form
   * (/.well-known/oauth-protected-resource/mcp) for the tool server, which is what MCP clients ask.
   */
  protectedResourceMetadata(resource: 'service' | 'mcp'): Record<string, unknown> {
    return {
      resource: resource === 'mcp' ? this.resources.mcp : this.resources.service,
      authorization_servers: [this.baseUrl],
      scopes_supported: resource === 'mcp' ? [...MCP_SCOPES] : [...SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: resource === 'mcp' ? 'Tracewell MCP tool server' : 'Tracewell',
      resource_documentation: `${this.baseUrl}/docs`,
    };
  }

  /** The scopes an authorization request without `scope` gets. */
  get defaultScopes(): readonly string[] {
    return DEFAULT_SCOPES;
  }
}
