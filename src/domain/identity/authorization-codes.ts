import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { OAuthClientRecord } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import { constantTimeEqual, hashToken } from '../../auth/tokens.js';
import { randomBytes } from 'node:crypto';
import { OAuthError } from './oauth-error.js';
import { GRANT_AUTHORIZATION_CODE, type OAuthClients } from './oauth-clients.js';
import { DEFAULT_SCOPES, parseScopes } from './oauth-scopes.js';
import type { ServedResources } from './resource-indicators.js';
import type { TokenIssuer, TokenResponse } from './token-issuer.js';

const CODE_LIFETIME_MS = 60_000;
const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The query of GET /oauth/authorize (and the hidden fields the consent form posts back). */
export interface AuthorizationParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  /** RFC 8707: the resource the tokens are for (the MCP server sends its own URL). */
  resource?: string;
}

export interface ValidAuthorization {
  client: OAuthClientRecord;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | null;
  /** Canonical RFC 8707 resource; null when the request named none (tokens for the whole service). */
  resource: string | null;
}

/**
 * Where an authorization request fails. Without a trustworthy client and redirect URI the user
 * sees the error (RFC 6749 §4.1.2.1: never redirect to an unverified URI); otherwise it goes back
 * to the client as a redirect.
 */
export class AuthorizationRequestError extends Error {
  constructor(
    readonly oauthError: OAuthError,
    readonly redirectTo: { redirectUri: string; state: string | undefined } | null,
  ) {
    super(oauthError.message);
  }
}

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** The authorization-code grant with PKCE (RFC 6749 §4.1, RFC 7636). */
export class AuthorizationCodes {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly clients: OAuthClients,
    private readonly issuer: TokenIssuer,
    private readonly resources: ServedResources,
  ) {}

  async validate(params: AuthorizationParams): Promise<ValidAuthorization> {
    let client: OAuthClientRecord | null;
    try {
      client = params.client_id ? await this.clients.find(params.client_id) : null;
    } catch (error) {
      // A client metadata document that cannot be used: shown to the user, never a redirect.
      if (error instanceof OAuthError) throw new AuthorizationRequestError(error, null);
      throw error;
    }
    if (!client) throw new AuthorizationRequestError(new OAuthError('invalid_request', 'Unknown or missing client_id.'), null);
    if (!params.redirect_uri || !this.clients.redirectUriAllowed(client, params.redirect_uri)) {
      throw new AuthorizationRequestError(new OAuthError('invalid_request', 'redirect_uri is missing or not registered for this client.'), null);
    }
    const back = { redirectUri: params.redirect_uri, state: params.state };
    const fail = (error: OAuthError) => new AuthorizationRequestError(error, back);
    if (params.response_type !== 'code') throw fail(new OAuthError('unsupported_response_type', 'Only response_type=code is supported.'));
    if (!client.grantTypes.includes(GRANT_AUTHORIZATION_CODE)) throw fail(new OAuthError('unauthorized_client', 'The client may not use the authorization code grant.'));
    let scopes: string[];
    try {
      scopes = parseScopes(params.scope, DEFAULT_SCOPES);
    } catch (error) {
      throw fail(error as OAuthError);
    }
    let resource: string | null;
    try {
      resource = this.resources.resolve(params.resource);
    } catch (error) {
      throw fail(error as OAuthError);
    }
    // PKCE with S256 is required of public clients; a confidential client may use it too.
    if (params.code_challenge !== undefined || client.type === 'public') {
      if (params.code_challenge_method !== 'S256') throw fail(new OAuthError('invalid_request', 'PKCE with code_challenge_method=S256 is required.'));
      if (!params.code_challenge || !PKCE_CHALLENGE.test(params.code_challenge)) {
        throw fail(new OAuthError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).'));
      }
    }
    return { client, redirectUri: params.redirect_uri, scopes, state: params.state, codeChallenge: params.code_challenge ?? null, resource };
  }

  /**
   * Issues a single-use code for the approved request; only its hash is stored. `projectId` binds
   * the grant's tokens to one project (MCP connections choose it on the consent page).
   */
  async approve(request: ValidAuthorization, user: UserRecord, host: string, projectId: string | null = null): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.store.oauthGrants.createCode({
      id: randomUUID(),
      codeHash: hashToken(code),
      clientId: request.client.id,
      userId: user.id,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      codeChallenge: request.codeChallenge,
      host,
      resource: request.resource,
      projectId,
      familyId: randomUUID(),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      usedAt: null,
      createdAt: now,
    });
    return code;
  }

  async exchange(client: OAuthClientRecord, params: { code?: string; redirect_uri?: string; code_verifier?: string; resource?: string }, host: string): Promise<TokenResponse> {
    this.clients.assertGrantType(client, GRANT_AUTHORIZATION_CODE);
    if (!params.code) throw new OAuthError('invalid_request', 'code is required.');
    const record = await this.store.oauthGrants.findCodeByHash(hashToken(params.code));
    if (!record || record.clientId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code is invalid.');
    const now = this.clock.now();
    if (record.usedAt) {
      // A replayed code may be stolen: revoke what the first exchange issued (RFC 6749 §4.1.2).
      await this.store.oauthGrants.revokeFamily(record.familyId, now);
      throw new OAuthError('invalid_grant', 'The authorization code was already used.');
    }
    if (record.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The authorization code expired.');
    if (params.redirect_uri !== record.redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    if (record.codeChallenge !== null) {
      if (!params.code_verifier || !PKCE_VERIFIER.test(params.code_verifier)) throw new OAuthError('invalid_grant', 'A valid code_verifier is required.');
      if (!constantTimeEqual(s256(params.code_verifier), record.codeChallenge)) throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    } else if (params.code_verifier) {
      throw new OAuthError('invalid_grant', 'No code_challenge was sent with the authorization request.');
    }
    // RFC 8707 §2.2: a resource named here must be the one the code was issued for.
    const resource = this.resources.resolve(params.resource) ?? record.resource ?? null;
    if (record.resource && resource !== record.resource) throw new OAuthError('invalid_target', `The authorization code was issued for ${record.resource}.`);
    if (!(await this.store.oauthGrants.markCodeUsed(record.id, now))) {
      await this.store.oauthGrants.revokeFamily(record.familyId, now);
      throw new OAuthError('invalid_grant', 'The authorization code was already used.');
    }
    await this.clients.touch(client);
    return this.issuer.issue({ clientId: client.id, userId: record.userId, scopes: record.scopes, host, resource, projectId: record.projectId ?? null }, record.familyId);
  }
}
