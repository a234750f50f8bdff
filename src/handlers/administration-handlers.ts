import type { components } from '../../generated/openapi.js';
import type { AuditLog } from '../domain/audit/audit-log.js';
import type { ApiKeyService } from '../domain/identity/api-key-service.js';
import type { InvitationService } from '../domain/identity/invitation-service.js';
import type { MemberService, MemberView } from '../domain/identity/member-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { ApiKeyRecord } from '../ports/api-keys.js';
import type { AuditEventRecord } from '../ports/audit-events.js';
import type { InvitationRecord } from '../ports/invitations.js';

type Schemas = components['schemas'];
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const toApiKey = (key: ApiKeyRecord): Schemas['ApiKey'] => ({
  id: key.id,
  name: key.name,
  prefix: key.displayPrefix,
  scope: key.projectId === null ? 'organization' : 'project',
  projectId: key.projectId,
  readOnly: key.readOnly,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: iso(key.lastUsedAt),
  expiresAt: iso(key.expiresAt),
  revokedAt: iso(key.revokedAt),
});

const toMember = (member: MemberView): Schemas['Member'] => ({
  userId: member.userId,
  email: member.email,
  name: member.name,
  role: member.role,
  projectRole: member.projectRole,
  effectiveProjectRole: member.effectiveProjectRole,
  joinedAt: member.joinedAt.toISOString(),
});

const toInvitation = (invitation: InvitationRecord): Schemas['Invitation'] => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  expiresAt: invitation.expiresAt.toISOString(),
  acceptedAt: iso(invitation.acceptedAt),
  revokedAt: iso(invitation.revokedAt),
  createdAt: invitation.createdAt.toISOString(),
});

const toAuditEvent = (event: AuditEventRecord): Schemas['AuditEvent'] => ({
  id: event.id,
  action: event.action,
  targetType: event.targetType,
  targetId: event.targetId,
  actor: { kind: event.actorKind as Schemas['AuditEvent']['actor']['kind'], credentialId: event.actorCredentialId, userId: event.actorUserId },
  projectId: event.projectId,
  requestId: event.requestId,
  details: event.details,
  createdAt: event.createdAt.toISOString(),
});

type Ops =
  | 'listApiKeys'
  | 'createApiKey'
  | 'revokeApiKey'
  | 'listMembers'
  | 'updateMember'
  | 'removeMember'
  | 'listInvitations'
  | 'createInvitation'
  | 'revokeInvitation'
  | 'listAuditEvents';

/** API keys, members, invitations and the audit log of the selected project's organization. */
export class AdministrationHandlers implements Pick<OperationHandlers, Ops> {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly members: MemberService,
    private readonly invitations: InvitationService,
    private readonly audit: AuditLog,
  ) {}

  listApiKeys: OperationHandlers['listApiKeys'] = async ({ ctx, query }) => {
    const { items, page } = await this.apiKeys.list(ctx.principal, { limit: query.limit ?? 50, cursor: query.cursor, operationId: ctx.operationId });
    return { status: 200, data: { apiKeys: items.map(toApiKey), page } };
  };

  createApiKey: OperationHandlers['createApiKey'] = async ({ ctx, body }) => {
    const { key, record } = await this.apiKeys.create(ctx.principal, body);
    return { status: 201, data: { key, apiKey: toApiKey(record) } };
  };

  revokeApiKey: OperationHandlers['revokeApiKey'] = async ({ ctx, path }) => ({
    status: 200,
    data: toApiKey(await this.apiKeys.revoke(ctx.principal, path.apiKeyId)),
  });

  listMembers: OperationHandlers['listMembers'] = async ({ ctx }) => ({
    status: 200,
    data: { members: (await this.members.list(ctx.principal)).map(toMember) },
  });

  updateMember: OperationHandlers['updateMember'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toMember(await this.members.update(ctx.principal, path.userId, body)),
  });

  removeMember: OperationHandlers['removeMember'] = async ({ ctx, path }) => {
    await this.members.remove(ctx.principal, path.userId);
    return { status: 200, data: { userId: path.userId, removed: true } };
  };

  listInvitations: OperationHandlers['listInvitations'] = async ({ ctx }) => ({
    status: 200,
    data: { invitations: (await this.invitations.list(selectedProject(ctx).organizationId, ctx.principal)).map(toInvitation) },
  });

  createInvitation: OperationHandlers['createInvitation'] = async ({ ctx, body }) => {
    const { invitation, url, mailed } = await this.invitations.invite(selectedProject(ctx).organizationId, ctx.principal, body);
    return { status: 201, data: { invitation: toInvitation(invitation), url, mailed } };
  };

  revokeInvitation: OperationHandlers['revokeInvitation'] = async ({ ctx, path }) => ({
    status: 200,
    data: toInvitation(await this.invitations.revoke(selectedProject(ctx).organizationId, ctx.principal, path.invitationId)),
  });

  listAuditEvents: OperationHandlers['listAuditEvents'] = async ({ ctx, query }) => {
    const { limit, cursor, ...filters } = query;
    const { items, page } = await this.audit.list(ctx.principal, { limit: limit ?? 50, cursor, operationId: ctx.operationId, ...filters });
    return { status: 200, data: { auditEvents: items.map(toAuditEvent), page } };
  };
}
