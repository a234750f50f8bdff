export type OAuthClientType = 'public' | 'confidential';

export interface OAuthClientRecord {
  id: string;
  name: string;
  type: OAuthClientType;
  /** SHA-256 of the client secret; null for public clients. */
  secretHash: string | null;
  redirectUris: string[];
  grantTypes: string[];
  createdAt: Date;
  /** static: created by an operator; dynamic: registered by the client itself (RFC 7591), forgotten when unused. */
  registration?: OAuthClientRegistration;
  /** When a token was last issued to the client (null: never). */
  lastUsedAt?: Date | null;
}

/** metadata_document: described by the document at its client_id URL (MCP 2025-11-25), refreshed from there. */
export type OAuthClientRegistration = 'static' | 'dynamic' | 'metadata_document';

export interface OAuthClientRepository {
  create(record: OAuthClientRecord): Promise<OAuthClientRecord>;
  findById(id: string): Promise<OAuthClientRecord | null>;
  /** Records that a token was issued to the client (keeps a dynamic registration alive). */
  touch(id: string, now: Date): Promise<void>;
  /** Creates or refreshes the row of a client described by a metadata document (codes and tokens reference it). */
  saveDocumentClient(record: OAuthClientRecord): Promise<void>;
  /** Deletes up to `limit` dynamic (and metadata-document) clients neither used nor registered since `before`; returns how many. */
  deleteUnusedDynamic(before: Date, limit: number): Promise<number>;
}

/** What every grant carries: who authorized which client for what, and on which host. */
export interface GrantSubject {
  clientId: string;
  userId: string;
  scopes: string[];
  host: string;
  /** RFC 8707: the resource (audience) the tokens are valid for; null: the whole service (no resource was named). */
  resource?: string | null;
  /** The project an MCP connection works in, chosen at consent; null: selected per request (x-project-id). */
  projectId?: string | null;
}

export interface AuthorizationCodeRecord extends GrantSubject {
  id: string;
  redirectUri: string;
  /** The S256 PKCE challenge; null only for confidential clients that sent none. */
  codeChallenge: string | null;
  /** The token family the code's tokens will belong to, so a replayed code revokes them. */
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface RefreshTokenRecord extends GrantSubject {
  id: string;
  familyId: string;
  expiresAt: Date;
  /** Set when the token was exchanged; presenting it again is reuse. */
  rotatedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export type DeviceCodeStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export interface DeviceCodeRecord {
  id: string;
  userCode: string;
  clientId: string;
  scopes: string[];
  status: DeviceCodeStatus;
  userId: string | null;
  intervalSeconds: number;
  lastPolledAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
}

export interface IssuedAccessToken extends GrantSubject {
  id: string;
  tokenHash: string;
  familyId: string;
  expiresAt: Date;
  createdAt: Date;
}

/** The authorization server's grants: codes, refresh-token families, device codes and the tokens they mint. */
export interface OAuthGrantRepository {
  createCode(input: AuthorizationCodeRecord & { codeHash: string }): Promise<void>;
  findCodeByHash(codeHash: string): Promise<AuthorizationCodeRecord | null>;
  /** Marks the code used; false when it already was (a replay). */
  markCodeUsed(id: string, now: Date): Promise<boolean>;

  createAccessToken(input: IssuedAccessToken): Promise<void>;
  createRefreshToken(input: RefreshTokenRecord & { tokenHash: string }): Promise<void>;
  findRefreshTokenByHash(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /** Marks the refresh token rotated; false when another request rotated it first. */
  markRefreshTokenRotated(id: string, now: Date): Promise<boolean>;
  /** Revokes every refresh and access token of the family. */
  revokeFamily(familyId: string, now: Date): Promise<void>;
  /** The family of an access token (by hash), for revocation; null when unknown. */
  findAccessTokenByHash(tokenHash: string): Promise<{ id: string; clientId: string; familyId: string | null } | null>;
  revokeAccessToken(id: string, now: Date): Promise<void>;

  createDeviceCode(input: DeviceCodeRecord & { deviceCodeHash: string }): Promise<void>;
  findDeviceCodeByHash(deviceCodeHash: string): Promise<DeviceCodeRecord | null>;
  findDeviceCodeByUserCode(userCode: string): Promise<DeviceCodeRecord | null>;
  /** Records a poll and, when given, a new interval (slow_down). */
  recordDevicePoll(id: string, now: Date, intervalSeconds: number): Promise<void>;
  /** Moves a device code from `from` to `to`; false when it was no longer in `from`. */
  transitionDeviceCode(id: string, from: DeviceCodeStatus, to: DeviceCodeStatus, userId: string | null): Promise<boolean>;
}
