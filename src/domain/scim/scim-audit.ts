import { randomUUID } from 'node:crypto';
import type { ScimConnectionRecord } from '../../ports/scim.js';
import type { Store } from '../../ports/store.js';

/**
 * An audit record of a change the identity provider made over SCIM: actor kind `scim`, the
 * token's prefix as the credential (so a leaked, since rotated token's changes stand out), written
 * in the change's transaction like every audited operation's.
 */
export async function recordScimChange(
  tx: Store,
  connection: ScimConnectionRecord,
  now: Date,
  entry: { action: string; targetType: 'user' | 'scim_group'; targetId: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.auditEvents.insert({
    id: randomUUID(),
    organizationId: connection.organizationId,
    projectId: null,
    actorKind: 'scim',
    actorCredentialId: connection.tokenPrefix ?? 'scim',
    actorUserId: null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    requestId: null,
    details: entry.details,
    createdAt: now,
  });
}
