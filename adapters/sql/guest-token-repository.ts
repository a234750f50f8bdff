import type { Knex } from 'knex';
import type { GuestTokenRecord, GuestTokenRepository, SharedResourceType } from '../../src/ports/guest-tokens.js';
import { fromMillis, fromMillisOrNull, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toGuestToken = (row: Row): GuestTokenRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  projectId: row.project_id as string,
  resourceType: row.resource_type as SharedResourceType,
  resourceId: row.resource_id as string,
  createdByCredentialId: row.created_by_credential_id as string,
  expiresAt: fromMillis(row.expires_at as number),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlGuestTokenRepository implements GuestTokenRepository {
  constructor(private readonly db: Knex) {}

  async create(input: GuestTokenRecord & { tokenHash: string }): Promise<GuestTokenRecord> {
    await this.db('guest_tokens').insert({
      id: input.id,
      token_hash: input.tokenHash,
      organization_id: input.organizationId,
      project_id: input.projectId,
      resource_type: input.resourceType,
      resource_id: input.resourceId,
      created_by_credential_id: input.createdByCredentialId,
      expires_at: toMillis(input.expiresAt),
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    });
    const { tokenHash: _hash, ...record } = input;
    return record;
  }

  async findByHash(tokenHash: string): Promise<GuestTokenRecord | null> {
    const row = await this.db('guest_tokens').where({ token_hash: tokenHash }).first();
    return row ? toGuestToken(row) : null;
  }

  async findById(id: string): Promise<GuestTokenRecord | null> {
    const row = await this.db('guest_tokens').where({ id }).first();
    return row ? toGuestToken(row) : null;
  }

  async traceExists(projectId: string, traceId: string): Promise<boolean> {
    return (await this.db('traces').where({ project_id: projectId, id: traceId }).first('id')) !== undefined;
  }
}
