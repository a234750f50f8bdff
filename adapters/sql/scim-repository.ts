import type { Knex } from 'knex';
import type { ScimFilter } from '../../src/domain/scim/scim-filter.js';
import type {
  ScimConnectionRecord,
  ScimGroupMember,
  ScimGroupRecord,
  ScimGroupRole,
  ScimListQuery,
  ScimProjectGrant,
  ScimRepository,
  ScimRole,
  ScimUserRecord,
} from '../../src/ports/scim.js';
import type { Dialect } from '../../src/ports/store.js';
import type { ProjectRole } from '../../src/auth/roles.js';
import { isUniqueViolation } from './unique-violation.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const toConnection = (row: Row): ScimConnectionRecord => ({
  organizationId: row.organization_id as string,
  tokenPrefix: (row.token_hash as string | null) ? (row.token_prefix as string) : null,
  tokenCreatedAt: (row.token_hash as string | null) ? fromMillisOrNull(row.token_created_at as number | null) : null,
  defaultRole: row.default_role as ScimRole,
  groupRoles: parseJson<ScimGroupRole[]>(row.group_roles, []),
  updatedAt: fromMillisOrNull(row.updated_at as number | null),
});

const toUser = (row: Row): ScimUserRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  userId: row.user_id as string,
  userName: row.user_name as string,
  externalId: (row.external_id as string | null) ?? null,
  displayName: (row.display_name as string | null) ?? null,
  givenName: (row.given_name as string | null) ?? null,
  familyName: (row.family_name as string | null) ?? null,
  emails: parseJson(row.emails, []),
  active: toBoolean(row.active),
  version: Number(row.version),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const userRow = (record: ScimUserRecord): Row => ({
  id: record.id,
  organization_id: record.organizationId,
  user_id: record.userId,
  user_name: record.userName,
  user_name_lower: record.userName.toLowerCase(),
  external_id: record.externalId,
  display_name: record.displayName,
  given_name: record.givenName,
  family_name: record.familyName,
  emails: JSON.stringify(record.emails),
  email_lower: primaryEmail(record).toLowerCase(),
  active: record.active,
  version: record.version,
  created_at: toMillis(record.createdAt),
  updated_at: toMillis(record.updatedAt),
});

/** The email filters match: the primary one, else the first, else the userName. */
const primaryEmail = (record: ScimUserRecord): string => (record.emails.find((e) => e.primary) ?? record.emails[0])?.value ?? record.userName;

const toGroup = (row: Row): ScimGroupRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  displayName: row.display_name as string,
  externalId: (row.external_id as string | null) ?? null,
  version: Number(row.version),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/**
 * A filter attribute's column: case-insensitive attributes (userName, emails, displayName; RFC 7643
 * §4.1) compare lower-cased copies with the lower-cased value, the others (id, externalId) exactly.
 */
const COLUMNS: Record<string, Record<string, { column: string; folded: boolean }>> = {
  user: {
    id: { column: 'id', folded: false },
    userName: { column: 'user_name_lower', folded: true },
    externalId: { column: 'external_id', folded: false },
    displayName: { column: 'display_name', folded: false },
    email: { column: 'email_lower', folded: true },
    active: { column: 'active', folded: false },
  },
  group: {
    id: { column: 'id', folded: false },
    displayName: { column: 'display_name_lower', folded: true },
    externalId: { column: 'external_id', folded: false },
  },
};

/**
 * A write's outcome: a unique violation (a name taken, also by a concurrent request) is `conflict`;
 * an update that matched no row is `missing`. On PostgreSQL the violation aborts the transaction,
 * which the caller then rolls back by failing the request.
 */
async function written(write: PromiseLike<unknown>, done: 'created'): Promise<'created' | 'conflict'>;
async function written(write: PromiseLike<unknown>, done: 'updated'): Promise<'updated' | 'missing' | 'conflict'>;
async function written(write: PromiseLike<unknown>, done: 'created' | 'updated'): Promise<'created' | 'updated' | 'missing' | 'conflict'> {
  try {
    const result = await write;
    return done === 'updated' && result === 0 ? 'missing' : done;
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}

export class SqlScimRepository implements ScimRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async findConnection(organizationId: string): Promise<ScimConnectionRecord | null> {
    const row = await this.db('scim_connections').where({ organization_id: organizationId }).first();
    return row ? toConnection(row) : null;
  }

  async lockConnection(organizationId: string): Promise<void> {
    // SQLite runs one write transaction at a time already; PostgreSQL needs the row lock.
    if (this.dialect === 'postgres') await this.db('scim_connections').where({ organization_id: organizationId }).forUpdate().select('organization_id');
  }

  async findConnectionByTokenHash(tokenHash: string): Promise<ScimConnectionRecord | null> {
    const row = await this.db('scim_connections').where({ token_hash: tokenHash }).first();
    return row ? toConnection(row) : null;
  }

  async setToken(organizationId: string, token: { hash: string; prefix: string }, defaults: { defaultRole: ScimRole }, now: Date): Promise<void> {
    const changes = { token_hash: token.hash, token_prefix: token.prefix, token_created_at: toMillis(now) };
    await this.db('scim_connections')
      .insert({ organization_id: organizationId, ...changes, default_role: defaults.defaultRole, group_roles: '[]', updated_at: toMillis(now) })
      .onConflict('organization_id')
      .merge({ ...changes, updated_at: toMillis(now) });
  }

  async saveSettings(organizationId: string, settings: { defaultRole: ScimRole; groupRoles: ScimGroupRole[] }, now: Date): Promise<void> {
    const changes = { default_role: settings.defaultRole, group_roles: JSON.stringify(settings.groupRoles), updated_at: toMillis(now) };
    await this.db('scim_connections')
      .insert({ organization_id: organizationId, token_hash: null, token_prefix: null, token_created_at: null, ...changes })
      .onConflict('organization_id')
      .merge(changes);
  }

  async createUser(record: ScimUserRecord): Promise<'created' | 'conflict'> {
    return written(this.db('scim_users').insert(userRow(record)), 'created');
  }

  async updateUser(record: ScimUserRecord): Promise<'updated' | 'missing' | 'conflict'> {
    const { id, organization_id, created_at: _created, ...changes } = userRow(record);
    return written(this.db('scim_users').where({ id, organization_id }).update(changes), 'updated');
  }

  async deleteUser(organizationId: string, id: string): Promise<boolean> {
    return (await this.db('scim_users').where({ organization_id: organizationId, id }).delete()) > 0;
  }

  async findUser(organizationId: string, id: string): Promise<ScimUserRecord | null> {
    const row = await this.db('scim_users').where({ organization_id: organizationId, id }).first();
    return row ? toUser(row) : null;
  }

  async findUserByUserName(organizationId: string, userName: string): Promise<ScimUserRecord | null> {
    const row = await this.db('scim_users').where({ organization_id: organizationId, user_name_lower: userName.toLowerCase() }).first();
    return row ? toUser(row) : null;
  }

  async findUserByUserId(organizationId: string, userId: string): Promise<ScimUserRecord | null> {
    const row = await this.db('scim_users').where({ organization_id: organizationId, user_id: userId }).first();
    return row ? toUser(row) : null;
  }

  async listUsers(query: ScimListQuery): Promise<{ items: ScimUserRecord[]; total: number }> {
    return this.list('scim_users', COLUMNS.user, query, toUser);
  }

  async allUsers(organizationId: string): Promise<ScimUserRecord[]> {
    return (await this.db('scim_users').where({ organization_id: organizationId }).orderBy([{ column: 'created_at' }, { column: 'id' }])).map(toUser);
  }

  async createGroup(record: ScimGroupRecord): Promise<'created' | 'conflict'> {
    return written(this.db('scim_groups').insert({
      id: record.id,
      organization_id: record.organizationId,
      display_name: record.displayName,
      display_name_lower: record.displayName.toLowerCase(),
      external_id: record.externalId,
      version: record.version,
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    }), 'created');
  }

  async updateGroup(record: ScimGroupRecord): Promise<'updated' | 'missing' | 'conflict'> {
    const changes = {
      display_name: record.displayName,
      display_name_lower: record.displayName.toLowerCase(),
      external_id: record.externalId,
      version: record.version,
      updated_at: toMillis(record.updatedAt),
    };
    return written(this.db('scim_groups').where({ id: record.id, organization_id: record.organizationId }).update(changes), 'updated');
  }

  async deleteGroup(organizationId: string, id: string): Promise<boolean> {
    // Members first: SQLite enforces the foreign key's cascade only with the pragma on.
    await this.db('scim_group_members').whereIn('group_id', this.db('scim_groups').select('id').where({ organization_id: organizationId, id })).delete();
    return (await this.db('scim_groups').where({ organization_id: organizationId, id }).delete()) > 0;
  }

  async findGroup(organizationId: string, id: string): Promise<ScimGroupRecord | null> {
    const row = await this.db('scim_groups').where({ organization_id: organizationId, id }).first();
    return row ? toGroup(row) : null;
  }

  async findGroupByName(organizationId: string, displayName: string): Promise<ScimGroupRecord | null> {
    const row = await this.db('scim_groups').where({ organization_id: organizationId, display_name_lower: displayName.toLowerCase() }).first();
    return row ? toGroup(row) : null;
  }

  async listGroups(query: ScimListQuery): Promise<{ items: ScimGroupRecord[]; total: number }> {
    return this.list('scim_groups', COLUMNS.group, query, toGroup);
  }

  async membersOf(groupId: string): Promise<ScimGroupMember[]> {
    const rows = await this.db('scim_group_members as m')
      .join('scim_users as u', 'u.id', 'm.scim_user_id')
      .where('m.group_id', groupId)
      .orderBy('u.user_name_lower')
      .select('u.id', 'u.user_name');
    return rows.map((row: Row) => ({ value: row.id as string, display: row.user_name as string }));
  }

  async addMembers(groupId: string, scimUserIds: readonly string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await this.db('scim_group_members')
      .insert([...new Set(scimUserIds)].map((id) => ({ group_id: groupId, scim_user_id: id })))
      .onConflict(['group_id', 'scim_user_id'])
      .ignore();
  }

  async removeMembers(groupId: string, scimUserIds: readonly string[]): Promise<void> {
    if (scimUserIds.length === 0) return;
    await this.db('scim_group_members').where({ group_id: groupId }).whereIn('scim_user_id', [...scimUserIds]).delete();
  }

  async groupsOf(scimUserId: string): Promise<ScimGroupMember[]> {
    const rows = await this.db('scim_group_members as m')
      .join('scim_groups as g', 'g.id', 'm.group_id')
      .where('m.scim_user_id', scimUserId)
      .orderBy('g.display_name_lower')
      .select('g.id', 'g.display_name');
    return rows.map((row: Row) => ({ value: row.id as string, display: row.display_name as string }));
  }

  async projectGrantsOf(organizationId: string, userId: string): Promise<ScimProjectGrant[]> {
    const rows = await this.db('scim_project_grants').where({ organization_id: organizationId, user_id: userId }).orderBy('project_id');
    return rows.map((row: Row) => ({ projectId: row.project_id as string, role: row.role as ProjectRole }));
  }

  async setProjectGrant(organizationId: string, userId: string, grant: ScimProjectGrant): Promise<void> {
    await this.db('scim_project_grants')
      .insert({ organization_id: organizationId, user_id: userId, project_id: grant.projectId, role: grant.role })
      .onConflict(['organization_id', 'user_id', 'project_id'])
      .merge({ role: grant.role });
  }

  async deleteProjectGrant(organizationId: string, userId: string, projectId: string): Promise<void> {
    await this.db('scim_project_grants').where({ organization_id: organizationId, user_id: userId, project_id: projectId }).delete();
  }

  async revokeUserSessions(userId: string, now: Date): Promise<number> {
    const at = toMillis(now);
    const access = await this.db('oauth_access_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: at });
    const refresh = await this.db('oauth_refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: at });
    return access + refresh;
  }

  private async list<T>(table: string, columns: Record<string, { column: string; folded: boolean }>, query: ScimListQuery, map: (row: Row) => T): Promise<{ items: T[]; total: number }> {
    const scoped = (): Knex.QueryBuilder => {
      const builder = this.db(table).where({ organization_id: query.organizationId });
      if (query.filter) builder.andWhere((where) => this.applyFilter(where, query.filter!, columns));
      return builder;
    };
    const [{ total }] = await scoped().count({ total: '*' });
    if (query.limit === 0) return { items: [], total: Number(total) };
    const rows = await scoped()
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .offset(query.offset)
      .limit(query.limit);
    return { items: rows.map(map), total: Number(total) };
  }

  /** The filter tree as a WHERE clause whose every value is a bound parameter. */
  private applyFilter(where: Knex.QueryBuilder, filter: ScimFilter, columns: Record<string, { column: string; folded: boolean }>): void {
    switch (filter.kind) {
      case 'and':
        where.where((left) => this.applyFilter(left, filter.left, columns)).andWhere((right) => this.applyFilter(right, filter.right, columns));
        return;
      case 'or':
        where.where((left) => this.applyFilter(left, filter.left, columns)).orWhere((right) => this.applyFilter(right, filter.right, columns));
        return;
      case 'not':
        where.whereNot((inner) => this.applyFilter(inner, filter.filter, columns));
        return;
      case 'compare': {
        const target = columns[filter.attribute];
        const column = target.column;
        if (filter.operator === 'pr') {
          // An empty string is no value (RFC 7644 §3.4.2.2); uuid and boolean columns cannot hold one
          // (and PostgreSQL refuses comparing them with '').
          if (filter.attribute === 'id' || filter.attribute === 'active') where.whereNotNull(column);
          else where.whereNotNull(column).andWhereNot(column, '');
          return;
        }
        if (typeof filter.value === 'boolean') {
          if (filter.operator === 'eq') where.where(column, filter.value);
          else where.whereNot(column, filter.value);
          return;
        }
        const value = target.folded ? String(filter.value).toLowerCase() : String(filter.value);
        // ids are uuid columns on PostgreSQL: a value that is no uuid names no resource (never a cast error).
        if (filter.attribute === 'id' && !UUID.test(value)) {
          if (filter.operator === 'eq') where.whereRaw('1 = 0');
          return;
        }
        // Substring tests by position, not LIKE: SQLite's LIKE folds ASCII case and PostgreSQL's does
        // not, which would answer a caseExact attribute differently on the two adapters.
        const position = this.dialect === 'postgres' ? `strpos(??, ?)` : `instr(??, ?)`;
        switch (filter.operator) {
          case 'eq':
            where.where(column, value);
            return;
          case 'ne':
            where.where((ne) => ne.whereNot(column, value).orWhereNull(column));
            return;
          case 'co':
            where.whereRaw(`${position} > 0`, [column, value]);
            return;
          case 'sw':
            where.whereRaw('substr(??, 1, cast(? as integer)) = ?', [column, value.length, value]);
            return;
          case 'ew':
            where.whereRaw('length(??) >= cast(? as integer) and substr(??, length(??) - cast(? as integer) + 1) = ?', [column, value.length, column, column, value.length, value]);
            return;
        }
      }
    }
  }
}
