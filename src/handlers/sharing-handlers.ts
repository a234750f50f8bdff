import type { components } from '../../generated/openapi.js';
import type { GuestTokenService } from '../domain/identity/guest-token-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { GuestTokenRecord } from '../ports/guest-tokens.js';

type GuestGrant = components['schemas']['GuestGrant'];

const toGrant = (record: GuestTokenRecord): GuestGrant => ({
  resourceType: record.resourceType,
  resourceId: record.resourceId,
  projectId: record.projectId,
  expiresAt: record.expiresAt.toISOString(),
});

export class SharingHandlers implements Pick<OperationHandlers, 'createGuestToken' | 'getGuestReview'> {
  constructor(private readonly guestTokens: GuestTokenService) {}

  createGuestToken: OperationHandlers['createGuestToken'] = async ({ ctx, body }) => {
    const { token, record } = await this.guestTokens.create(selectedProject(ctx), ctx.principal, body);
    return { status: 201, data: { token, grant: toGrant(record) } };
  };

  getGuestReview: OperationHandlers['getGuestReview'] = async ({ ctx }) => ({
    status: 200,
    data: toGrant(await this.guestTokens.grantOf(ctx.principal.credentialId)),
  });
}
