import type { components } from '../../generated/openapi.js';
import type { ScimConnections, ScimConnectionView } from '../domain/scim/scim-connections.js';
import type { OperationHandlers } from '../http/operation-types.js';

type Schemas = components['schemas'];

const toConnection = (connection: ScimConnectionView): Schemas['ScimConnection'] => ({
  organizationId: connection.organizationId,
  enabled: connection.enabled,
  baseUrl: connection.baseUrl,
  tokenPrefix: connection.tokenPrefix,
  tokenCreatedAt: connection.tokenCreatedAt?.toISOString() ?? null,
  defaultRole: connection.defaultRole,
  groupRoles: connection.groupRoles,
  updatedAt: connection.updatedAt?.toISOString() ?? null,
});

type Ops = 'getScimConnection' | 'updateScimConnection' | 'rotateScimToken';

/** The organization's SCIM provisioning connection (docs/sso.md). */
export class ScimConnectionHandlers implements Pick<OperationHandlers, Ops> {
  constructor(private readonly connections: ScimConnections) {}

  getScimConnection: OperationHandlers['getScimConnection'] = async ({ ctx }) => ({
    status: 200,
    data: toConnection(await this.connections.get(ctx.principal)),
  });

  updateScimConnection: OperationHandlers['updateScimConnection'] = async ({ ctx, body }) => ({
    status: 200,
    data: toConnection(await this.connections.update(ctx.principal, body)),
  });

  rotateScimToken: OperationHandlers['rotateScimToken'] = async ({ ctx }) => {
    const { token, connection } = await this.connections.rotateToken(ctx.principal);
    return { status: 201, data: { token, connection: toConnection(connection) } };
  };
}
