import type { Knex } from 'knex';
import type {
  AuthorizationCodeRecord,
  DeviceCodeRecord,
  DeviceCodeStatus,
  IssuedAccessToken,
  OAuthClientRecord,
  OAuthClientRegistration,
  OAuthClientRepository,
  OAuthGrantRepository,
  RefreshTokenRecord,
} from '../../src/ports/oauth-server.js';
import { fromMillis, fromMillisOrNull, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;
const scopesOf = (value: unknown): string[] => String(value).split(' ').filter(Boolean);

const toClient = (row: Row): OAuthClientRecord => ({
  id: row.id as string,
  name: row.name as string,
  type: row.client_type as OAuthClientRecord['type'],
  secretHash: (row.secret_hash as string | null) ?? null,
  redirectUris: parseJson<string[]>(row.redirect_uris, []),
  grantTypes: parseJson<string[]>(row.grant_types, []),
  createdAt: fromMillis(row.created_at as number),
  registration: ((row.registration as string | undefined) ?? 'static') as OAuthClientRegistration,
  lastUsedAt: fromMillisOrNull((row.last_used_at as number | null | undefined) ?? null),
});

export class SqlOAuthClientRepository implements OAuthClientRepository {
  constructor(private readonly db: Knex) {}

  async create(record: OAuthClientRecord): Promise<OAuthClientRecord> {
    await this.db('oauth_clients').insert({
      id: record.id,
      name: record.name,
      client_type: record.type,
      secret_hash: record.secretHash,
      redirect_uris: JSON.stringify(record.redirectUris),
      grant_types: JSON.stringify(record.grantTypes),
      created_at: toMillis(record.createdAt),
      registration: record.registration ?? 'static',
      last_used_at: record.lastUsedAt ? toMillis(record.lastUsedAt) : null,
    });
    return { registration: 'static', lastUsedAt: null, ...record };
  }

  async findById(id: string): Promise<OAuthClientRecord | null> {
    const row = await this.db('oauth_clients').where({ id }).first();
    return row ? toClient(row) : null;
  }

  async saveDocumentClient(record: OAuthClientRecord): Promise<void> {
    const changes = { name: record.name, redirect_uris: JSON.stringify(record.redirectUris), grant_types: JSON.stringify(record.grantTypes) };
    // Insert-or-update in one statement: two first requests of the same client may race.
    await this.db('oauth_clients')
      .insert({ id: record.id, client_type: 'public', secret_hash: null, created_at: toMillis(record.createdAt), registration: 'metadata_document', last_used_at: null, ...changes })
      .onConflict('id')
      .merge(changes);
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.db('oauth_clients').where({ id }).update({ last_used_at: toMillis(now) });
  }

  async deleteUnusedDynamic(before: Date, limit: number): Promise<number> {
    const cutoff = toMillis(before);
    const ids = await this.db('oauth_clients')
      .whereIn('registration', ['dynamic', 'metadata_document'])
      .where((q) => q.where('last_used_at', '<=', cutoff).orWhere((r) => r.whereNull('last_used_at').where('created_at', '<=', cutoff)))
      .limit(limit)
      .pluck('id');
    if (ids.length === 0) return 0;
    // Grants cascade with the client (foreign keys); access tokens carry the id without one.
    await this.db('oauth_access_tokens').whereIn('client_id', ids).delete();
    return this.db('oauth_clients').whereIn('id', ids).delete();
  }
}

const toCode = (row: Row): AuthorizationCodeRecord => ({
  id: row.id as string,
  clientId: row.client_id as string,
  userId: row.user_id as string,
  redirectUri: row.redirect_uri as string,
  scopes: scopesOf(row.scopes),
  codeChallenge: (row.code_challenge as string | null) ?? null,
  host: row.host as string,
  resource: (row.resource as string | null) ?? null,
  projectId: (row.project_id as string | null) ?? null,
  familyId: row.family_id as string,
  expiresAt: fromMillis(row.expires_at as number),
  usedAt: fromMillisOrNull(row.used_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

const toRefresh = (row: Row): RefreshTokenRecord => ({
  id: row.id as string,
  familyId: row.family_id as string,
  clientId: row.client_id as string,
  userId: row.user_id as string,
  scopes: scopesOf(row.scopes),
  host: row.host as string,
  resource: (row.resource as string | null) ?? null,
  projectId: (row.project_id as string | null) ?? null,
  expiresAt: fromMillis(row.expires_at as number),
  rotatedAt: fromMillisOrNull(row.rotated_at as number | null),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

const toDevice = (row: Row): DeviceCodeRecord => ({
  id: row.id as string,
  userCode: row.user_code as string,
  clientId: row.client_id as string,
  scopes: scopesOf(row.scopes),
  status: row.status as DeviceCodeStatus,
  userId: (row.user_id as string | null) ?? null,
  intervalSeconds: Number(row.interval_seconds),
  lastPolledAt: fromMillisOrNull(row.last_polled_at as number | null),
  expiresAt: fromMillis(row.expires_at as number),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlOAuthGrantRepository implements OAuthGrantRepository {
  constructor(private readonly db: Knex) {}

  async createCode(input: AuthorizationCodeRecord & { codeHash: string }): Promise<void> {
    await this.db('oauth_authorization_codes').insert({
      id: input.id,
      code_hash: input.codeHash,
      client_id: input.clientId,
      user_id: input.userId,
      redirect_uri: input.redirectUri,
      scopes: input.scopes.join(' '),
      code_challenge: input.codeChallenge,
      host: input.host,
      resource: input.resource ?? null,
      project_id: input.projectId ?? null,
      family_id: input.familyId,
      expires_at: toMillis(input.expiresAt),
      used_at: null,
      created_at: toMillis(input.createdAt),
    });
  }

  async findCodeByHash(codeHash: string): Promise<AuthorizationCodeRecord | null> {
    const row = await this.db('oauth_authorization_codes').where({ code_hash: codeHash }).first();
    return row ? toCode(row) : null;
  }

  async markCodeUsed(id: string, now: Date): Promise<boolean> {
    return (await this.db('oauth_authorization_codes').where({ id }).whereNull('used_at').update({ used_at: toMillis(now) })) > 0;
  }

  async createAccessToken(input: IssuedAccessToken): Promise<void> {
    await this.db('oauth_access_tokens').insert({
      id: input.id,
      token_hash: input.tokenHash,
      user_id: input.userId,
      client_id: input.clientId,
      scopes: input.scopes.join(' '),
      host: input.host,
      resource: input.resource ?? null,
      project_id: input.projectId ?? null,
      family_id: input.familyId,
      expires_at: toMillis(input.expiresAt),
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    });
  }

  async createRefreshToken(input: RefreshTokenRecord & { tokenHash: string }): Promise<void> {
    await this.db('oauth_refresh_tokens').insert({
      id: input.id,
      token_hash: input.tokenHash,
      family_id: input.familyId,
      client_id: input.clientId,
      user_id: input.userId,
      scopes: input.scopes.join(' '),
      host: input.host,
      resource: input.resource ?? null,
      project_id: input.projectId ?? null,
      expires_at: toMillis(input.expiresAt),
      rotated_at: null,
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    });
  }

  async findRefreshTokenByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const row = await this.db('oauth_refresh_tokens').where({ token_hash: tokenHash }).first();
    return row ? toRefresh(row) : null;
  }

  async markRefreshTokenRotated(id: string, now: Date): Promise<boolean> {
    return (await this.db('oauth_refresh_tokens').where({ id }).whereNull('rotated_at').update({ rotated_at: toMillis(now) })) > 0;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.db('oauth_refresh_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: toMillis(now) });
    await this.db('oauth_access_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: toMillis(now) });
  }

  async findAccessTokenByHash(tokenHash: string): Promise<{ id: string; clientId: string; familyId: string | null } | null> {
    const row = await this.db('oauth_access_tokens').where({ token_hash: tokenHash }).first('id', 'client_id', 'family_id');
    return row ? { id: row.id as string, clientId: row.client_id as string, familyId: (row.family_id as string | null) ?? null } : null;
  }

  async revokeAccessToken(id: string, now: Date): Promise<void> {
    await this.db('oauth_access_tokens').where({ id }).whereNull('revoked_at').update({ revoked_at: toMillis(now) });
  }

  async createDeviceCode(input: DeviceCodeRecord & { deviceCodeHash: string }): Promise<void> {
    await this.db('oauth_device_codes').insert({
      id: input.id,
      device_code_hash: input.deviceCodeHash,
      user_code: input.userCode,
      client_id: input.clientId,
      scopes: input.scopes.join(' '),
      status: input.status,
      user_id: input.userId,
      interval_seconds: input.intervalSeconds,
      last_polled_at: null,
      expires_at: toMillis(input.expiresAt),
      created_at: toMillis(input.createdAt),
    });
  }

  async findDeviceCodeByHash(deviceCodeHash: string): Promise<DeviceCodeRecord | null> {
    const row = await this.db('oauth_device_codes').where({ device_code_hash: deviceCodeHash }).first();
    return row ? toDevice(row) : null;
  }

  async findDeviceCodeByUserCode(userCode: string): Promise<DeviceCodeRecord | null> {
    const row = await this.db('oauth_device_codes').where({ user_code: userCode }).first();
    return row ? toDevice(row) : null;
  }

  async recordDevicePoll(id: string, now: Date, intervalSeconds: number): Promise<void> {
    await this.db('oauth_device_codes').where({ id }).update({ last_polled_at: toMillis(now), interval_seconds: intervalSeconds });
  }

  async transitionDeviceCode(id: string, from: DeviceCodeStatus, to: DeviceCodeStatus, userId: string | null): Promise<boolean> {
    const update: Row = { status: to };
    if (userId) update.user_id = userId;
    return (await this.db('oauth_device_codes').where({ id, status: from }).update(update)) > 0;
  }
}
