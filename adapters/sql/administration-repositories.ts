import type { Knex } from 'knex';
import type { AccountLinkPurpose, AccountLinkRecord, AccountLinkRepository } from '../../src/ports/account-links.js';
import type { AuditEventQuery, AuditEventRecord, AuditEventRepository } from '../../src/ports/audit-events.js';
import type { InvitationRecord, InvitationRepository } from '../../src/ports/invitations.js';
import type { OrganizationRole } from '../../src/ports/organizations.js';
import type { WorkerLeaseRepository } from '../../src/ports/data-lifecycle.js';
import { fromMillis, fromMillisOrNull, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toAccountLink = (row: Row): AccountLinkRecord => ({
  id: row.id as string,
  userId: row.user_id as string,
  purpose: row.purpose as AccountLinkPurpose,
  expiresAt: fromMillis(row.expires_at as number),
  usedAt: fromMillisOrNull(row.used_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlAccountLinkRepository implements AccountLinkRepository {
  constructor(private readonly db: Knex) {}

  async create(input: AccountLinkRecord & { tokenHash: string }): Promise<void> {
    await this.db('account_links').insert({
      id: input.id,
      token_hash: input.tokenHash,
      user_id: input.userId,
      purpose: input.purpose,
      expires_at: toMillis(input.expiresAt),
      used_at: null,
      created_at: toMillis(input.createdAt),
    });
  }

  async findByHash(tokenHash: string): Promise<AccountLinkRecord | null> {
    const row = await this.db('account_links').where({ token_hash: tokenHash }).first();
    return row ? toAccountLink(row) : null;
  }

  async markUsed(id: string, now: Date): Promise<boolean> {
    return (await this.db('account_links').where({ id }).whereNull('used_at').update({ used_at: toMillis(now) })) > 0;
  }

  async expireAllOf(userId: string, now: Date): Promise<void> {
    await this.db('account_links').where({ user_id: userId }).whereNull('used_at').update({ used_at: toMillis(now) });
  }
}

const toInvitation = (row: Row): InvitationRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  email: row.email as string,
  role: row.role as OrganizationRole,
  invitedByUserId: (row.invited_by_user_id as string | null) ?? null,
  expiresAt: fromMillis(row.expires_at as number),
  acceptedAt: fromMillisOrNull(row.accepted_at as number | null),
  revokedAt: fromMillisOrNull(row.revoked_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlInvitationRepository implements InvitationRepository {
  constructor(private readonly db: Knex) {}

  async create(input: InvitationRecord & { tokenHash: string }): Promise<InvitationRecord> {
    const row = {
      id: input.id,
      organization_id: input.organizationId,
      email: input.email,
      role: input.role,
      token_hash: input.tokenHash,
      invited_by_user_id: input.invitedByUserId,
      expires_at: toMillis(input.expiresAt),
      accepted_at: null,
      revoked_at: null,
      created_at: toMillis(input.createdAt),
    };
    await this.db('invitations').insert(row);
    return toInvitation(row);
  }

  async findByHash(tokenHash: string): Promise<InvitationRecord | null> {
    const row = await this.db('invitations').where({ token_hash: tokenHash }).first();
    return row ? toInvitation(row) : null;
  }

  async findById(organizationId: string, id: string): Promise<InvitationRecord | null> {
    const row = await this.db('invitations').where({ organization_id: organizationId, id }).first();
    return row ? toInvitation(row) : null;
  }

  async listOpen(organizationId: string, now: Date): Promise<InvitationRecord[]> {
    const rows = await this.db('invitations')
      .where({ organization_id: organizationId })
      .whereNull('accepted_at')
      .whereNull('revoked_at')
      .where('expires_at', '>', toMillis(now))
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(1000);
    return rows.map(toInvitation);
  }

  async markAccepted(id: string, now: Date): Promise<boolean> {
    return (await this.db('invitations').where({ id }).whereNull('accepted_at').whereNull('revoked_at').update({ accepted_at: toMillis(now) })) > 0;
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    return (await this.db('invitations').where({ id }).whereNull('accepted_at').whereNull('revoked_at').update({ revoked_at: toMillis(now) })) > 0;
  }
}

const toAuditEvent = (row: Row): AuditEventRecord => ({
  id: row.id as string,
  organizationId: row.organization_id as string,
  projectId: (row.project_id as string | null) ?? null,
  actorKind: row.actor_kind as string,
  actorCredentialId: row.actor_credential_id as string,
  actorUserId: (row.actor_user_id as string | null) ?? null,
  action: row.action as string,
  targetType: row.target_type as string,
  targetId: (row.target_id as string | null) ?? null,
  requestId: (row.request_id as string | null) ?? null,
  details: parseJson<Record<string, unknown>>(row.details, {}),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlAuditEventRepository implements AuditEventRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: AuditEventRecord): Promise<void> {
    await this.db('audit_events').insert({
      id: record.id,
      organization_id: record.organizationId,
      project_id: record.projectId,
      actor_kind: record.actorKind,
      actor_credential_id: record.actorCredentialId,
      actor_user_id: record.actorUserId,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      request_id: record.requestId,
      details: JSON.stringify(record.details),
      created_at: toMillis(record.createdAt),
    });
  }

  async list(query: AuditEventQuery): Promise<AuditEventRecord[]> {
    const qb = this.db('audit_events').where({ organization_id: query.organizationId });
    if (query.projectId !== undefined) qb.where({ project_id: query.projectId });
    if (query.actor !== undefined) {
      // actor_user_id is a uuid column: PostgreSQL rejects comparing it with anything else.
      const actor = query.actor;
      qb.where((q) => (UUID.test(actor) ? q.where({ actor_credential_id: actor }).orWhere({ actor_user_id: actor }) : q.where({ actor_credential_id: actor })));
    }
    if (query.action !== undefined) qb.where({ action: query.action });
    if (query.targetId !== undefined) qb.where({ target_id: query.targetId });
    if (query.fromMs !== undefined) qb.where('created_at', '>=', query.fromMs);
    if (query.toMs !== undefined) qb.where('created_at', '<', query.toMs);
    if (query.after) qb.whereRaw('(created_at, id) < (?, ?)', [query.after.createdAt, query.after.id]);
    const rows = await qb.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(query.limit);
    return rows.map(toAuditEvent);
  }
}

export class SqlWorkerLeaseRepository implements WorkerLeaseRepository {
  constructor(private readonly db: Knex) {}

  async acquire(name: string, owner: string, now: Date, until: Date): Promise<boolean> {
    // Insert the lease, or take it over when it is ours or expired: one statement, so two replicas
    // racing for it cannot both win (the row lock / SQLite's single writer orders them).
    await this.db('worker_leases')
      .insert({ name, owner, lease_until: toMillis(until) })
      .onConflict('name')
      .merge({ owner, lease_until: toMillis(until) })
      .where((q) => q.where('worker_leases.owner', owner).orWhere('worker_leases.lease_until', '<=', toMillis(now)));
    const row = await this.db('worker_leases').where({ name }).first('owner');
    return row?.owner === owner;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.db('worker_leases').where({ name, owner }).delete();
  }
}
