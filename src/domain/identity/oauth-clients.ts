import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { OAuthClientRecord, OAuthClientRegistration, OAuthClientType } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import { constantTimeEqual, hashToken } from '../../auth/tokens.js';
import { OAuthError } from './oauth-error.js';
import { isUrlClientId, type ClientMetadataDocuments } from './client-metadata-documents.js';

export { GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN, GRANT_DEVICE_CODE } from './oauth-grants.js';

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
    /** A dynamically registered client unused this long is unknown (and deleted by the next registration's sweep). */
    private readonly dynamicIdleMs: number = 30 * 24 * 3600 * 1000,
    /** Set: https client ids are read from their metadata documents (MCP 2025-11-25). */
    private readonly documents: ClientMetadataDocuments | null = null,
  ) {}

  /** Whether https client ids are accepted (announced as client_id_metadata_document_supported). */
  get metadataDocumentsSupported(): boolean {
    return this.documents !== null;
  }

  /** Whether a self-registered client went unused (no token issued) past the idle limit. */
  expired(client: OAuthClientRecord): boolean {
    if (client.registration !== 'dynamic') return false;
    const lastUse = client.lastUsedAt ?? client.createdAt;
    return this.clock.now().getTime() - lastUse.getTime() >= this.dynamicIdleMs;
  }

  /** The cut-off before which unused dynamic clients are expired. */
  idleCutoff(): Date {
    return new Date(this.clock.now().getTime() - this.dynamicIdleMs);
  }

  /** Deletes up to `limit` expired dynamic clients. */
  deleteUnused(limit: number): Promise<number> {
    return this.store.oauthClients.deleteUnusedDynamic(this.idleCutoff(), limit);
  }

  /** Records a token issued to the client; at most one write per client per hour. */
  async touch(client: OAuthClientRecord): Promise<void> {
    const now = this.clock.now();
    if (client.lastUsedAt && now.getTime() - client.lastUsedAt.getTime() < 3_600_000) return;
    await this.store.oauthClients.touch(client.id, now);
  }

  async register(input: { id: string; name: string; type: OAuthClientType; redirectUris: string[]; grantTypes: string[]; registration?: OAuthClientRegistration }): Promise<{ client: OAuthClientRecord; secret: string | null }> {
    const secret = input.type === 'confidential' ? `tw_cs_${randomBytes(32).toString('base64url')}` : null;
    const client = await this.store.oauthClients.create({ ...input, secretHash: secret ? hashToken(secret) : null, createdAt: this.clock.now() });
    return { client, secret };
  }

  /**
   * The client, or null when unknown or expired. A URL client id is read from its document (cached)
   * and its row refreshed, since codes and tokens reference the client; a bad document throws.
   */
  async find(clientId: string): Promise<OAuthClientRecord | null> {
    if (this.documents && isUrlClientId(clientId)) {
      const document = await this.documents.load(clientId);
      const record: OAuthClientRecord = {
        id: clientId,
        name: document.name,
        type: 'public',
        secretHash: null,
        redirectUris: document.redirectUris,
        grantTypes: document.grantTypes,
        createdAt: this.clock.now(),
        registration: 'metadata_document',
      };
      await this.store.oauthClients.saveDocumentClient(record);
      return (await this.store.oauthClients.findById(clientId)) ?? record;
    }
    const client = await this.store.oauthClients.findById(clientId);
    return client && !this.expired(client) ? client : null;
  }

  async authenticate(credentials: ClientCredentials): Promise<OAuthClientRecord> {
    if (!credentials.clientId) throw new OAuthError('invalid_client', 'Identify the client with client_id or HTTP Basic authentication.');
    let client: OAuthClientRecord | null;
    try {
      client = await this.find(credentials.clientId);
    } catch (error) {
      if (error instanceof OAuthError) throw new OAuthError('invalid_client', error.message);
      throw error;
    }
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
    const withoutPort = (uri: string): string => uri.replace(/^(http:\/\/[^/:]+|http:\/\/\[::1\]):\d+/, '$1');
    // Registered with or without a port, a loopback URI matches on any port.
    return client.redirectUris.some((registered) => LOOPBACK.test(registered) && withoutPort(registered) === withoutPort(redirectUri));
  }
}
