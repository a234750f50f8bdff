import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { AuditEventRecord } from '../../ports/audit-events.js';
import type { Store } from '../../ports/store.js';
import { keysetPage } from '../keyset-page.js';
import { hasOrganizationReach } from '../identity/organization-authority.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | null;
  /** The organization acted in, when the principal has none selected (e.g. a user creating a project). */
  organizationId?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditListRequest {
  limit: number;
  cursor?: string;
  operationId: string;
  actor?: string;
  action?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/**
 * The audit log: who (credential kind and id, user), did what (action), to what (target), when,
 * in which request. Written with the store of the mutation's transaction, so a change and its
 * record commit or roll back together.
 */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async record(tx: Store, principal: Principal, requestId: string | null, entry: AuditEntry): Promise<void> {
    const organizationId = principal.organizationId ?? entry.organizationId ?? null;
    if (!organizationId) throw new Error(`audit: no organization for ${entry.action}`);
    await tx.auditEvents.insert({
      id: randomUUID(),
      organizationId,
      projectId: principal.project?.id ?? null,
      actorKind: principal.kind,
      actorCredentialId: principal.credentialId,
      actorUserId: principal.userId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      requestId,
      details: entry.details ?? {},
      createdAt: this.clock.now(),
    });
  }

  /** Work done by the service itself (retention, purges): actor kind `system`. */
  async recordSystem(tx: Store, organizationId: string, projectId: string | null, entry: AuditEntry): Promise<void> {
    await tx.auditEvents.insert({
      id: randomUUID(),
      organizationId,
      projectId,
      actorKind: 'system',
      actorCredentialId: 'system',
      actorUserId: null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      requestId: null,
      details: entry.details ?? {},
      createdAt: this.clock.now(),
    });
  }

  /**
   * The organization's events, newest first. A credential without organization reach (a project
   * API key, a project admin) sees the events of its selected project only.
   */
  async list(principal: Principal, request: AuditListRequest): Promise<{ items: AuditEventRecord[]; page: Page }> {
    const project = principal.project!;
    const wholeOrganization = await hasOrganizationReach(this.store, principal, project.organizationId);
    const filters = { actor: request.actor, action: request.action, targetId: request.targetId, from: request.from, to: request.to };
    return keysetPage(
      this.cursors,
      { credentialId: principal.credentialId, projectId: project.id, endpoint: request.operationId, filters, sort: 'createdAt:desc,id:desc' },
      request,
      (after, limit) =>
        this.store.auditEvents.list({
          organizationId: project.organizationId,
          projectId: wholeOrganization ? undefined : project.id,
          actor: request.actor,
          action: request.action,
          targetId: request.targetId,
          fromMs: request.from ? Date.parse(request.from) : undefined,
          toMs: request.to ? Date.parse(request.to) : undefined,
          after,
          limit,
        }),
    );
  }
}
