import type { Knex } from 'knex';
import type { ScimProjectGrant } from '../../src/ports/scim.js';
import type { SsoConnectionRecord, SsoGroupRole, SsoLoginState, SsoRepository, SsoResume, SsoRole } from '../../src/ports/sso.js';
import type { ProjectRole } from '../../src/auth/roles.js';
import { isUniqueViolation } from './unique-violation.js';
import { fromMillis, parseJson, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toConnection = (row: Row, domains: string[]): SsoConnectionRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  issuer: row.issuer as string,
  clientId: row.client_id as string,
  clientSecretSealed: row.client_secret_sealed as string,
  allowedDomains: domains,
  defaultRole: row.default_role as SsoRole,
  groupClaim: row.group_claim as string,
  groupRoles: parseJson<SsoGroupRole[]>(row.group_roles, []),
  requireSso: toBoolean(row.require_sso),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlSsoRepository implements SsoRepository {
  constructor(private readonly db: Knex) {}

  private async withDomains(row: Row | undefined): Promise<SsoConnectionRecord | null> {
    if (!row) return null;
    const domains = await this.db('sso_domains').where({ connection_id: row.id }).orderBy('domain').pluck('domain');
    return toConnection(row, domains as string[]);
  }

  async findById(id: string): Promise<SsoConnectionRecord | null> {
    return this.withDomains(await this.db('sso_connections').where({ id }).first());
  }

  async findByOrganization(organizationId: string): Promise<SsoConnectionRecord | null> {
    return this.withDomains(await this.db('sso_connections').where({ organization_id: organizationId }).first());
  }

  async findByDomain(domain: string): Promise<SsoConnectionRecord | null> {
    const row = await this.db('sso_domains').where({ domain }).first('connection_id');
    return row ? this.findById(row.connection_id as string) : null;
  }

  async requiringSso(organizationIds: readonly string[]): Promise<SsoConnectionRecord[]> {
    if (organizationIds.length === 0) return [];
    const rows: Row[] = await this.db('sso_connections').whereIn('organization_id', [...organizationIds]).andWhere({ require_sso: true }).orderBy('organization_id');
    const found: SsoConnectionRecord[] = [];
    for (const row of rows) found.push((await this.withDomains(row))!);
    return found;
  }

  async save(record: SsoConnectionRecord): Promise<'saved' | 'conflict'> {
    try {
      // A savepoint inside a caller's transaction: a taken domain rolls back this save alone.
      await this.db.transaction(async (trx) => {
        const row = {
          id: record.id,
          organization_id: record.organizationId,
          issuer: record.issuer,
          client_id: record.clientId,
          client_secret_sealed: record.clientSecretSealed,
          default_role: record.defaultRole,
          group_claim: record.groupClaim,
          group_roles: JSON.stringify(record.groupRoles),
          require_sso: record.requireSso,
          created_at: toMillis(record.createdAt),
          updated_at: toMillis(record.updatedAt),
        };
        const { id: _id, organization_id: _organization, created_at: _created, ...changes } = row;
        await trx('sso_connections').insert(row).onConflict('id').merge(changes);
        await trx('sso_domains').where({ connection_id: record.id }).delete();
        if (record.allowedDomains.length > 0) await trx('sso_domains').insert(record.allowedDomains.map((domain) => ({ domain, connection_id: record.id })));
      });
      return 'saved';
    } catch (error) {
      if (isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async remove(id: string): Promise<boolean> {
    return (await this.db('sso_connections').where({ id }).delete()) > 0;
  }

  async createLoginState(state: SsoLoginState): Promise<void> {
    await this.db('sso_login_states').insert({
      state_hash: state.stateHash,
      connection_id: state.connectionId,
      nonce: state.nonce,
      code_verifier: state.codeVerifier,
      resume: JSON.stringify(state.resume),
      expires_at: toMillis(state.expiresAt),
      created_at: toMillis(state.createdAt),
    });
  }

  async takeLoginState(stateHash: string, now: Date): Promise<SsoLoginState | null> {
    // Expired states of every sign-in go with the first callback after them (no sweeper needed).
    await this.db('sso_login_states').where('expires_at', '<=', toMillis(now)).delete();
    const row: Row | undefined = await this.db('sso_login_states').where({ state_hash: stateHash }).first();
    if (!row) return null;
    // Whoever deletes the row owns it: of two concurrent callbacks with one state, one finds 0 rows.
    if ((await this.db('sso_login_states').where({ state_hash: stateHash }).delete()) !== 1) return null;
    return {
      stateHash,
      connectionId: row.connection_id as string,
      nonce: row.nonce as string,
      codeVerifier: row.code_verifier as string,
      resume: parseJson<SsoResume>(row.resume, { kind: 'device', userCode: '' }),
      expiresAt: fromMillis(row.expires_at as number),
      createdAt: fromMillis(row.created_at as number),
    };
  }

  async projectGrantsOf(organizationId: string, userId: string): Promise<ScimProjectGrant[]> {
    const rows = await this.db('sso_project_grants').where({ organization_id: organizationId, user_id: userId }).orderBy('project_id');
    return rows.map((row: Row) => ({ projectId: row.project_id as string, role: row.role as ProjectRole }));
  }

  async setProjectGrant(organizationId: string, userId: string, grant: ScimProjectGrant): Promise<void> {
    await this.db('sso_project_grants')
      .insert({ organization_id: organizationId, user_id: userId, project_id: grant.projectId, role: grant.role })
      .onConflict(['organization_id', 'user_id', 'project_id'])
      .merge({ role: grant.role });
  }

  async deleteProjectGrant(organizationId: string, userId: string, projectId: string): Promise<void> {
    await this.db('sso_project_grants').where({ organization_id: organizationId, user_id: userId, project_id: projectId }).delete();
  }
}
