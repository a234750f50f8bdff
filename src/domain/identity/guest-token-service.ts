import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { GuestTokenRecord, SharedResourceType } from '../../ports/guest-tokens.js';
import type { Principal } from '../../auth/principal.js';
import { hashToken, issueToken } from '../../auth/tokens.js';
import { problems } from '../../errors.js';

const DEFAULT_GUEST_SECONDS = 7 * 24 * 3600;

/** Says whether a resource of a kind exists in a project; a share is only issued for what exists. */
export type SharedResourceCheck = (projectId: string, resourceId: string) => Promise<boolean>;

/**
 * Guest review tokens: read-only, expiring, limited to one trace or one fix. Each shareable kind
 * registers a check that the resource exists in the project (fixes: in createServices).
 */
export class GuestTokenService {
  private readonly checks = new Map<SharedResourceType, SharedResourceCheck>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.checks.set('trace', (projectId, traceId) => this.store.guestTokens.traceExists(projectId, traceId));
  }

  registerResourceCheck(type: SharedResourceType, check: SharedResourceCheck): void {
    this.checks.set(type, check);
  }

  async create(
    project: ProjectRecord,
    actor: Principal,
    input: { resourceType: SharedResourceType; resourceId: string; expiresInSeconds?: number },
  ): Promise<{ token: string; record: GuestTokenRecord }> {
    const check = this.checks.get(input.resourceType);
    if (!check || !(await check(project.id, input.resourceId))) throw problems.notFound(`The ${input.resourceType}`);
    const token = issueToken('guestReview');
    const now = this.clock.now();
    const record = await this.store.guestTokens.create({
      id: randomUUID(),
      tokenHash: hashToken(token),
      organizationId: project.organizationId,
      projectId: project.id,
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      createdByCredentialId: actor.credentialId,
      expiresAt: new Date(now.getTime() + (input.expiresInSeconds ?? DEFAULT_GUEST_SECONDS) * 1000),
      revokedAt: null,
      createdAt: now,
    });
    return { token, record };
  }

  async grantOf(credentialId: string): Promise<GuestTokenRecord> {
    const record = await this.store.guestTokens.findById(credentialId);
    if (!record) throw problems.notFound('The guest grant');
    return record;
  }
}
