import type { Knex } from 'knex';
import type { ProjectRole } from '../../src/auth/roles.js';
import type {
  ServiceAccountBindingRecord,
  ServiceAccountRecord,
  ServiceAccountRepository,
  ServiceAccountTokenRecord,
} from '../../src/ports/service-accounts.js';
import { fromMillis, fromMillisOrNull, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toAccount = (row: Row): ServiceAccountRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  name: row.name as string,
  description: (row.description as string | null) ?? null,
  createdByUserId: (row.created_by_user_id as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toBinding = (row: Row): ServiceAccountBindingRecord => ({
  serviceAccountId: row.service_account_id as string,
  projectId: row.project_id as string,
  role: row.role as ProjectRole,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toToken = (row: Row): ServiceAccountTokenRecord => ({
  id: row.id as string,
  serviceAccountId: row.service_account_id as string,
  displayPrefix: row.display_prefix as string,
  scopes: String(row.scopes).split(' ').filter(Boolean),
  rotatedFromId: (row.rotated_from_id as string | null) ?? null,
  expiresAt: fromMillis(row.expires_at as number),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlServiceAccountRepository implements ServiceAccountRepository {
  constructor(private readonly db: Knex) {}

  async create(record: ServiceAccountRecord): Promise<ServiceAccountRecord> {
    await this.db('service_accounts').insert({
      id: record.id,
      organization_id: record.organizationId,
      name: record.name,
      description: record.description,
      created_by_user_id: record.createdByUserId,
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    });
    return record;
  }

  async findById(id: string): Promise<ServiceAccountRecord | null> {
    const row = await this.db('service_accounts').where({ id }).first();
    return row ? toAccount(row) : null;
  }

  async listByOrganization(
    organizationId: string,
    limit: number,
    after: { createdAt: number; id: string } | null,
    boundToProjectId: string | null = null,
  ): Promise<ServiceAccountRecord[]> {
    const query = this.db('service_accounts').where({ organization_id: organizationId });
    if (boundToProjectId) {
      query.whereExists((q) =>
        q.select(this.db.raw('1')).from('service_account_bindings').whereRaw('service_account_bindings.service_account_id = service_accounts.id').andWhere('service_account_bindings.project_id', boundToProjectId),
      );
    }
    if (after) {
      query.andWhere((q) => q.where('created_at', '<', after.createdAt).orWhere((q2) => q2.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    }
    const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
    return rows.map(toAccount);
  }

  async upsertBinding(input: { serviceAccountId: string; projectId: string; role: ProjectRole; now: Date }): Promise<ServiceAccountBindingRecord> {
    const now = toMillis(input.now);
    await this.db('service_account_bindings')
      .insert({ service_account_id: input.serviceAccountId, project_id: input.projectId, role: input.role, created_at: now, updated_at: now })
      .onConflict(['service_account_id', 'project_id'])
      .merge({ role: input.role, updated_at: now });
    return (await this.findBinding(input.serviceAccountId, input.projectId))!;
  }

  async removeBinding(serviceAccountId: string, projectId: string): Promise<boolean> {
    return (await this.db('service_account_bindings').where({ service_account_id: serviceAccountId, project_id: projectId }).delete()) > 0;
  }

  async findBinding(serviceAccountId: string, projectId: string): Promise<ServiceAccountBindingRecord | null> {
    const row = await this.db('service_account_bindings').where({ service_account_id: serviceAccountId, project_id: projectId }).first();
    return row ? toBinding(row) : null;
  }

  async listBindings(serviceAccountIds: string[]): Promise<ServiceAccountBindingRecord[]> {
    if (serviceAccountIds.length === 0) return [];
    const rows = await this.db('service_account_bindings').whereIn('service_account_id', serviceAccountIds).orderBy(['service_account_id', 'project_id']);
    return rows.map(toBinding);
  }

  async createToken(input: ServiceAccountTokenRecord & { tokenHash: string }): Promise<ServiceAccountTokenRecord> {
    await this.db('service_account_tokens').insert({
      id: input.id,
      service_account_id: input.serviceAccountId,
      token_hash: input.tokenHash,
      display_prefix: input.displayPrefix,
      scopes: input.scopes.join(' '),
      rotated_from_id: input.rotatedFromId,
      expires_at: toMillis(input.expiresAt),
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    });
    const { tokenHash: _hash, ...record } = input;
    return record;
  }

  async findTokenByHash(tokenHash: string): Promise<ServiceAccountTokenRecord | null> {
    const row = await this.db('service_account_tokens').where({ token_hash: tokenHash }).first();
    return row ? toToken(row) : null;
  }

  async findToken(serviceAccountId: string, tokenId: string): Promise<ServiceAccountTokenRecord | null> {
    const row = await this.db('service_account_tokens').where({ service_account_id: serviceAccountId, id: tokenId }).first();
    return row ? toToken(row) : null;
  }

  async listActiveTokens(serviceAccountId: string, now: Date): Promise<ServiceAccountTokenRecord[]> {
    const rows = await this.db('service_account_tokens')
      .where({ service_account_id: serviceAccountId })
      .whereNull('revoked_at')
      .andWhere('expires_at', '>', toMillis(now))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
    return rows.map(toToken);
  }

  async revokeToken(id: string, now: Date): Promise<boolean> {
    return (await this.db('service_account_tokens').where({ id }).whereNull('revoked_at').update({ revoked_at: toMillis(now) })) > 0;
  }
}
