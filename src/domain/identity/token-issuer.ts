import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { GrantSubject } from '../../ports/oauth-server.js';
import type { Store } from '../../ports/store.js';
import { hashToken, issueToken } from '../../auth/tokens.js';
import { OFFLINE_ACCESS } from './oauth-scopes.js';

export interface TokenLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

/** The RFC 6749 §5.1 success body. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/**
 * Mints the tokens of one grant: an access token always, a refresh token only when the grant
 * includes offline_access. Both join the grant's family so reuse detection can revoke them together.
 */
export class TokenIssuer {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly lifetimes: TokenLifetimes,
  ) {}

  async issue(subject: GrantSubject, familyId: string): Promise<TokenResponse> {
    const now = this.clock.now();
    const accessToken = issueToken('oauthAccess');
    await this.store.oauthGrants.createAccessToken({
      ...subject,
      id: randomUUID(),
      tokenHash: hashToken(accessToken),
      familyId,
      expiresAt: new Date(now.getTime() + this.lifetimes.accessTokenSeconds * 1000),
      createdAt: now,
    });
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.lifetimes.accessTokenSeconds,
      scope: subject.scopes.join(' '),
    };
    if (subject.scopes.includes(OFFLINE_ACCESS)) {
      const refreshToken = issueToken('oauthRefresh');
      await this.store.oauthGrants.createRefreshToken({
        ...subject,
        id: randomUUID(),
        tokenHash: hashToken(refreshToken),
        familyId,
        expiresAt: new Date(now.getTime() + this.lifetimes.refreshTokenSeconds * 1000),
        rotatedAt: null,
        revokedAt: null,
        createdAt: now,
      });
      response.refresh_token = refreshToken;
    }
    return response;
  }
}
