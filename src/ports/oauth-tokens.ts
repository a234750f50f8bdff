/** An issued OAuth 2.0 access token, stored by hash only. */
export interface OAuthAccessTokenRecord {
  id: string;
  userId: string;
  clientId: string;
  scopes: string[];
  /** The host the token was issued on; presenting it to another configured host fails. */
  host: string;
  /** RFC 8707 audience (see GrantSubject.resource); null: the whole service. */
  resource?: string | null;
  /** The project the token is bound to; null: selected per request. */
  projectId?: string | null;
  /** The grant's token family (refresh rotation), when the token came from a grant. */
  familyId?: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface OAuthAccessTokenRepository {
  create(input: Omit<OAuthAccessTokenRecord, 'revokedAt'> & { tokenHash: string }): Promise<OAuthAccessTokenRecord>;
  findByHash(tokenHash: string): Promise<OAuthAccessTokenRecord | null>;
  revoke(id: string, now: Date): Promise<boolean>;
}
