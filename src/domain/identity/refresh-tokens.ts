import type { Clock } from '../../clock.js';
import type { OAuthClientRecord } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import { hashToken } from '../../auth/tokens.js';
import { OAuthError } from './oauth-error.js';
import { GRANT_REFRESH_TOKEN, type OAuthClients } from './oauth-clients.js';
import { parseScopes } from './oauth-scopes.js';
import type { ServedResources } from './resource-indicators.js';
import type { TokenIssuer, TokenResponse } from './token-issuer.js';

const sameHost = (a: string, b: string): boolean => a.toLowerCase().replace(/:\d+$/, '') === b.toLowerCase().replace(/:\d+$/, '');

/**
 * The refresh-token grant with rotation: every exchange retires the presented token and issues a
 * new one in the same family. A retired token presented again means two parties hold it, so the
 * whole family (refresh and access tokens) is revoked (OAuth 2.0 Security BCP §4.14.2).
 */
export class RefreshTokens {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly clients: OAuthClients,
    private readonly issuer: TokenIssuer,
    private readonly resources: ServedResources,
  ) {}

  async exchange(client: OAuthClientRecord, params: { refresh_token?: string; scope?: string; resource?: string }, host: string): Promise<TokenResponse> {
    this.clients.assertGrantType(client, GRANT_REFRESH_TOKEN);
    if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
    const record = await this.store.oauthGrants.findRefreshTokenByHash(hashToken(params.refresh_token));
    const now = this.clock.now();
    if (!record || record.clientId !== client.id || record.revokedAt) throw new OAuthError('invalid_grant', 'The refresh token is invalid or revoked.');
    const reused = async (): Promise<never> => {
      await this.store.oauthGrants.revokeFamily(record.familyId, now);
      throw new OAuthError('invalid_grant', 'The refresh token was already used; its whole grant is revoked.');
    };
    if (record.rotatedAt) await reused();
    if (record.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The refresh token expired.');
    if (!sameHost(record.host, host)) throw new OAuthError('invalid_grant', 'The refresh token was issued for another host.');
    let scopes = record.scopes;
    if (params.scope !== undefined) {
      const requested = parseScopes(params.scope);
      const beyond = requested.filter((scope) => !record.scopes.includes(scope));
      if (beyond.length > 0) throw new OAuthError('invalid_scope', `The grant does not include ${beyond.join(' ')}.`);
      scopes = requested;
    }
    const resource = this.resources.resolve(params.resource) ?? record.resource ?? null;
    if ((record.resource ?? null) !== resource) throw new OAuthError('invalid_target', 'A refresh token keeps the resource of its grant.');
    // Two concurrent exchanges of one token: only the first wins, the second is reuse.
    if (!(await this.store.oauthGrants.markRefreshTokenRotated(record.id, now))) await reused();
    await this.clients.touch(client);
    return this.issuer.issue({ clientId: client.id, userId: record.userId, scopes, host, resource, projectId: record.projectId ?? null }, record.familyId);
  }

  /** RFC 7009 for refresh tokens: revoking one ends its whole family. False when not this client's. */
  async revoke(client: OAuthClientRecord, token: string): Promise<boolean> {
    const record = await this.store.oauthGrants.findRefreshTokenByHash(hashToken(token));
    if (!record) return true;
    if (record.clientId !== client.id) return false;
    await this.store.oauthGrants.revokeFamily(record.familyId, this.clock.now());
    return true;
  }
}
