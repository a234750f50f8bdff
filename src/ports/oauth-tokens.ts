/** An issued OAuth 2.0 access token, stored by hash only. */
export interface OAuthAccessTokenRecord {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  /** The host the token was issued on; presenting it to another configured host fails. */
  host: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface OAuthAccessTokenRepository {
  create(input: Omit<OAuthAccessTokenRecord, 'revokedAt'> & { tokenHash: string }): Promise<OAuthAccessTokenRecord>;
  findByHash(tokenHash: string): Promise<OAuthAccessTokenRecord | null>;
  revoke(id: string, now: Date): Promise<boolean>;
}
