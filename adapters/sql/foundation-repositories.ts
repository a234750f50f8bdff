import type { Knex } from 'knex';
import type { OrganizationMember, OrganizationRecord, OrganizationRepository, OrganizationRole } from '../../src/ports/organizations.js';
import { DEFAULT_EXPERIMENT_ALPHA, type ProjectChanges, type ProjectRecord, type ProjectRepository } from '../../src/ports/projects.js';
import type { ProfileChanges, UserRecord, UserRepository } from '../../src/ports/users.js';
import type { ApiKeyRecord, ApiKeyRepository, NewApiKey } from '../../src/ports/api-keys.js';
import type { OAuthAccessTokenRecord, OAuthAccessTokenRepository } from '../../src/ports/oauth-tokens.js';
import { fromMillis, fromMillisOrNull, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toOrganization = (row: Row): OrganizationRecord => ({
  id: row.id as string,
  name: row.name as string,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: Knex) {}

  async create(input: { id: string; name: string; now: Date }): Promise<OrganizationRecord> {
    const row = { id: input.id, name: input.name, created_at: toMillis(input.now), updated_at: toMillis(input.now) };
    await this.db('organizations').insert(row);
    return toOrganization(row);
  }

  async findById(id: string): Promise<OrganizationRecord | null> {
    const row = await this.db('organizations').where({ id }).first();
    return row ? toOrganization(row) : null;
  }

  async count(): Promise<number> {
    const row = await this.db('organizations').count<{ n: number }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async addMember(input: { organizationId: string; userId: string; role: OrganizationRole; now: Date }): Promise<void> {
    await this.db('organization_members').insert({
      organization_id: input.organizationId,
      user_id: input.userId,
      role: input.role,
      created_at: toMillis(input.now),
    });
  }

  async findMemberRole(organizationId: string, userId: string): Promise<OrganizationRole | null> {
    const row = await this.db('organization_members').where({ organization_id: organizationId, user_id: userId }).first('role');
    return row ? (row.role as OrganizationRole) : null;
  }

  async listMembers(organizationId: string): Promise<OrganizationMember[]> {
    const rows = await this.db('organization_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.organization_id', organizationId)
      .orderBy([{ column: 'm.created_at' }, { column: 'm.user_id' }])
      .select('m.user_id', 'm.role', 'm.created_at', 'u.email', 'u.name');
    return rows.map((row: Row) => ({
      userId: row.user_id as string,
      email: row.email as string,
      name: row.name as string,
      role: row.role as OrganizationRole,
      joinedAt: fromMillis(row.created_at as number),
    }));
  }

  async setMemberRole(organizationId: string, userId: string, role: OrganizationRole): Promise<boolean> {
    return (await this.db('organization_members').where({ organization_id: organizationId, user_id: userId }).update({ role })) > 0;
  }

  async removeMember(organizationId: string, userId: string): Promise<boolean> {
    return (await this.db('organization_members').where({ organization_id: organizationId, user_id: userId }).delete()) > 0;
  }

  async membershipsOf(userId: string): Promise<{ organizationId: string; role: OrganizationRole }[]> {
    const rows = await this.db('organization_members').where({ user_id: userId }).orderBy('created_at').select('organization_id', 'role');
    return rows.map((row: Row) => ({ organizationId: row.organization_id as string, role: row.role as OrganizationRole }));
  }

  async firstOwner(): Promise<{ organizationId: string; userId: string } | null> {
    const row = await this.db('organization_members as m')
      .join('organizations as o', 'o.id', 'm.organization_id')
      .where('m.role', 'owner')
      .orderBy([{ column: 'o.created_at' }, { column: 'o.id' }, { column: 'm.created_at' }, { column: 'm.user_id' }])
      .first('m.organization_id', 'm.user_id');
    return row ? { organizationId: row.organization_id as string, userId: row.user_id as string } : null;
  }
}

const toProject = (row: Row): ProjectRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  name: row.name as string,
  retentionDays: row.retention_days === null || row.retention_days === undefined ? null : Number(row.retention_days),
  // SQLite answers 0/1.
  searchInputsOutputs: row.search_inputs_outputs === undefined ? true : Boolean(row.search_inputs_outputs),
  // A row just inserted carries neither column; the migration's defaults apply.
  experimentAlpha: row.experiment_alpha === undefined ? DEFAULT_EXPERIMENT_ALPHA : Number(row.experiment_alpha),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlProjectRepository implements ProjectRepository {
  constructor(private readonly db: Knex) {}

  async create(input: { id: string; organizationId: string; name: string; now: Date }): Promise<ProjectRecord> {
    const row = {
      id: input.id,
      organization_id: input.organizationId,
      name: input.name,
      retention_days: null,
      created_at: toMillis(input.now),
      updated_at: toMillis(input.now),
    };
    await this.db('projects').insert(row);
    return toProject(row);
  }

  async findById(id: string): Promise<ProjectRecord | null> {
    const row = await this.db('projects').where({ id }).whereNull('deleted_at').first();
    return row ? toProject(row) : null;
  }

  async listByOrganization(organizationId: string): Promise<ProjectRecord[]> {
    const rows = await this.db('projects')
      .where({ organization_id: organizationId })
      .whereNull('deleted_at')
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toProject);
  }

  async update(id: string, changes: ProjectChanges, now: Date): Promise<ProjectRecord | null> {
    const update: Row = { updated_at: toMillis(now) };
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.retentionDays !== undefined) update.retention_days = changes.retentionDays;
    if (changes.searchInputsOutputs !== undefined) update.search_inputs_outputs = changes.searchInputsOutputs;
    if (changes.experimentAlpha !== undefined) update.experiment_alpha = changes.experimentAlpha;
    const count = await this.db('projects').where({ id }).whereNull('deleted_at').update(update);
    return count === 0 ? null : this.findById(id);
  }

  async markDeleted(id: string, now: Date): Promise<boolean> {
    return (await this.db('projects').where({ id }).whereNull('deleted_at').update({ deleted_at: toMillis(now), updated_at: toMillis(now) })) > 0;
  }

  async listDeleted(limit: number): Promise<{ id: string; organizationId: string }[]> {
    const rows = await this.db('projects').whereNotNull('deleted_at').orderBy('deleted_at').limit(limit).select('id', 'organization_id');
    return rows.map((row: Row) => ({ id: row.id as string, organizationId: row.organization_id as string }));
  }

  async remove(id: string): Promise<void> {
    await this.db('projects').where({ id }).delete();
  }

  async listWithRetention(): Promise<ProjectRecord[]> {
    const rows = await this.db('projects').whereNotNull('retention_days').whereNull('deleted_at').orderBy('id');
    return rows.map(toProject);
  }
}

const toUser = (row: Row): UserRecord => ({
  id: row.id as string,
  email: row.email as string,
  name: row.name as string,
  bio: (row.bio as string | null) ?? null,
  companyName: (row.company_name as string | null) ?? null,
  language: row.language as string,
  timezone: (row.timezone as string | null) ?? null,
  websiteUrl: (row.website_url as string | null) ?? null,
  avatarConfigured: toBoolean(row.avatar_configured),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  name: 'name',
  bio: 'bio',
  companyName: 'company_name',
  language: 'language',
  timezone: 'timezone',
  websiteUrl: 'website_url',
};

export class SqlUserRepository implements UserRepository {
  constructor(private readonly db: Knex) {}

  async create(input: { id: string; email: string; name: string; now: Date }): Promise<UserRecord> {
    await this.db('users').insert({
      id: input.id,
      email: input.email,
      name: input.name,
      language: 'en',
      avatar_configured: false,
      created_at: toMillis(input.now),
      updated_at: toMillis(input.now),
    });
    return (await this.findById(input.id))!;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const row = await this.db('users').where({ id }).first();
    return row ? toUser(row) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const row = await this.db('users').where({ email }).first();
    return row ? toUser(row) : null;
  }

  async updateProfile(id: string, changes: ProfileChanges, now: Date): Promise<UserRecord | null> {
    const update: Row = { updated_at: toMillis(now) };
    for (const [key, column] of Object.entries(PROFILE_COLUMNS) as [keyof ProfileChanges, string][]) {
      if (changes[key] !== undefined) update[column] = changes[key];
    }
    const count = await this.db('users').where({ id }).update(update);
    return count === 0 ? null : this.findById(id);
  }
}

const toApiKey = (row: Row): ApiKeyRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  projectId: (row.project_id as string | null) ?? null,
  name: row.name as string,
  displayPrefix: row.display_prefix as string,
  createdByUserId: (row.created_by_user_id as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  expiresAt: fromMillisOrNull(row.expires_at as number | null),
  readOnly: toBoolean(row.read_only),
  lastUsedAt: fromMillisOrNull(row.last_used_at as number | null),
});

export class SqlApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: Knex) {}

  async create(input: NewApiKey): Promise<ApiKeyRecord> {
    const row = {
      id: input.id,
      organization_id: input.organizationId,
      project_id: input.projectId,
      name: input.name,
      display_prefix: input.displayPrefix,
      key_hash: input.keyHash,
      created_by_user_id: input.createdByUserId,
      created_at: toMillis(input.createdAt),
      revoked_at: null,
      expires_at: input.expiresAt ? toMillis(input.expiresAt) : null,
      read_only: input.readOnly ?? false,
      last_used_at: null,
    };
    await this.db('api_keys').insert(row);
    return toApiKey(row);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = await this.db('api_keys').where({ key_hash: keyHash }).first();
    return row ? toApiKey(row) : null;
  }

  async findById(organizationId: string, id: string): Promise<ApiKeyRecord | null> {
    const row = await this.db('api_keys').where({ organization_id: organizationId, id }).first();
    return row ? toApiKey(row) : null;
  }

  async list(organizationId: string, projectIds: (string | null)[], limit: number, after: { createdAt: number; id: string } | null): Promise<ApiKeyRecord[]> {
    const ids = projectIds.filter((id): id is string => id !== null);
    const orgWide = projectIds.includes(null);
    const qb = this.db('api_keys')
      .where({ organization_id: organizationId })
      .where((scope) => {
        if (ids.length) scope.whereIn('project_id', ids);
        if (orgWide) scope.orWhereNull('project_id');
        if (!ids.length && !orgWide) scope.whereRaw('1 = 0');
      });
    if (after) qb.whereRaw('(created_at, id) < (?, ?)', [after.createdAt, after.id]);
    const rows = await qb.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
    return rows.map(toApiKey);
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const count = await this.db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: toMillis(now) });
    return count > 0;
  }

  async touch(id: string, now: Date, unlessAfter: Date): Promise<void> {
    await this.db('api_keys')
      .where({ id })
      .where((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', toMillis(unlessAfter)))
      .update({ last_used_at: toMillis(now) });
  }
}

const toAccessToken = (row: Row): OAuthAccessTokenRecord => ({
  id: row.id as string,
  userId: row.user_id as string,
  clientId: row.client_id as string,
  scopes: String(row.scopes).split(' ').filter(Boolean),
  host: row.host as string,
  resource: (row.resource as string | null) ?? null,
  projectId: (row.project_id as string | null) ?? null,
  familyId: (row.family_id as string | null | undefined) ?? null,
  expiresAt: fromMillis(row.expires_at as number),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlOAuthAccessTokenRepository implements OAuthAccessTokenRepository {
  constructor(private readonly db: Knex) {}

  async create(input: Omit<OAuthAccessTokenRecord, 'revokedAt'> & { tokenHash: string }): Promise<OAuthAccessTokenRecord> {
    const row = {
      id: input.id,
      token_hash: input.tokenHash,
      user_id: input.userId,
      client_id: input.clientId,
      scopes: input.scopes.join(' '),
      host: input.host,
      resource: input.resource ?? null,
      project_id: input.projectId ?? null,
      expires_at: toMillis(input.expiresAt),
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    };
    await this.db('oauth_access_tokens').insert(row);
    return toAccessToken(row);
  }

  async findByHash(tokenHash: string): Promise<OAuthAccessTokenRecord | null> {
    const row = await this.db('oauth_access_tokens').where({ token_hash: tokenHash }).first();
    return row ? toAccessToken(row) : null;
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const count = await this.db('oauth_access_tokens').where({ id }).whereNull('revoked_at').update({ revoked_at: toMillis(now) });
    return count > 0;
  }
}
