import type { components } from '../../generated/openapi.js';
import type { SsoConnections, SsoConnectionView } from '../domain/sso/sso-connections.js';
import type { OperationHandlers } from '../http/operation-types.js';

type Schemas = components['schemas'];

const toConnection = (connection: SsoConnectionView): Schemas['SsoConnection'] => ({
  id: connection.id,
  organizationId: connection.organizationId,
  issuer: connection.issuer,
  clientId: connection.clientId,
  allowedDomains: connection.allowedDomains,
  defaultRole: connection.defaultRole,
  groupClaim: connection.groupClaim,
  groupRoles: connection.groupRoles,
  requireSso: connection.requireSso,
  redirectUri: connection.redirectUri,
  createdAt: connection.createdAt.toISOString(),
  updatedAt: connection.updatedAt.toISOString(),
});

type Ops = 'listSsoConnections' | 'createSsoConnection' | 'replaceSsoConnection' | 'deleteSsoConnection';

/** The organization's OpenID Connect single sign-on connection (docs/sso.md). */
export class SsoConnectionHandlers implements Pick<OperationHandlers, Ops> {
  constructor(private readonly connections: SsoConnections) {}

  listSsoConnections: OperationHandlers['listSsoConnections'] = async ({ ctx }) => ({
    status: 200,
    data: { ssoConnections: (await this.connections.list(ctx.principal)).map(toConnection) },
  });

  createSsoConnection: OperationHandlers['createSsoConnection'] = async ({ ctx, body }) => ({
    status: 201,
    data: toConnection(await this.connections.create(ctx.principal, body)),
  });

  replaceSsoConnection: OperationHandlers['replaceSsoConnection'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toConnection(await this.connections.replace(ctx.principal, path.connectionId.toLowerCase(), body)),
  });

  deleteSsoConnection: OperationHandlers['deleteSsoConnection'] = async ({ ctx, path }) => ({
    status: 200,
    data: toConnection(await this.connections.remove(ctx.principal, path.connectionId.toLowerCase())),
  });
}
