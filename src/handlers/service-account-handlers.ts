import type { components } from '../../generated/openapi.js';
import type { ServiceAccountService, ServiceAccountView, IssuedServiceAccountToken } from '../domain/identity/service-account-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { ServiceAccountTokenRecord } from '../ports/service-accounts.js';

type ServiceAccount = components['schemas']['ServiceAccount'];
type ServiceAccountToken = components['schemas']['ServiceAccountToken'];
type FunctionalScope = components['schemas']['FunctionalScope'];

const toServiceAccount = ({ account, bindings }: ServiceAccountView): ServiceAccount => ({
  id: account.id,
  organizationId: account.organizationId,
  name: account.name,
  description: account.description,
  bindings: bindings.map((b) => ({ projectId: b.projectId, role: b.role })),
  createdAt: account.createdAt.toISOString(),
  updatedAt: account.updatedAt.toISOString(),
});

const toToken = (token: ServiceAccountTokenRecord): ServiceAccountToken => ({
  id: token.id,
  serviceAccountId: token.serviceAccountId,
  prefix: token.displayPrefix,
  scopes: token.scopes as FunctionalScope[],
  expiresAt: token.expiresAt.toISOString(),
  revokedAt: token.revokedAt?.toISOString() ?? null,
  rotatedFromId: token.rotatedFromId,
  createdAt: token.createdAt.toISOString(),
});

const toIssued = (issued: IssuedServiceAccountToken) => ({ token: issued.token, tokenInfo: toToken(issued.record) });

type Ops =
  | 'listServiceAccounts'
  | 'createServiceAccount'
  | 'bindServiceAccount'
  | 'unbindServiceAccount'
  | 'listServiceAccountTokens'
  | 'createServiceAccountToken'
  | 'revokeServiceAccountToken'
  | 'rotateServiceAccountToken';

export class ServiceAccountHandlers implements Pick<OperationHandlers, Ops> {
  constructor(private readonly accounts: ServiceAccountService) {}

  listServiceAccounts: OperationHandlers['listServiceAccounts'] = async ({ ctx, query }) => {
    const { items, page } = await this.accounts.list(selectedProject(ctx), ctx.principal, { limit: query.limit ?? 50, cursor: query.cursor, operationId: ctx.operationId });
    return { status: 200, data: { serviceAccounts: items.map(toServiceAccount), page } };
  };

  createServiceAccount: OperationHandlers['createServiceAccount'] = async ({ ctx, body }) => ({
    status: 201,
    data: toServiceAccount(await this.accounts.create(selectedProject(ctx), ctx.principal, body)),
  });

  bindServiceAccount: OperationHandlers['bindServiceAccount'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toServiceAccount(await this.accounts.bind(selectedProject(ctx), ctx.principal, path.serviceAccountId, body.role)),
  });

  unbindServiceAccount: OperationHandlers['unbindServiceAccount'] = async ({ ctx, path }) => ({
    status: 200,
    data: toServiceAccount(await this.accounts.unbind(selectedProject(ctx), ctx.principal, path.serviceAccountId)),
  });

  listServiceAccountTokens: OperationHandlers['listServiceAccountTokens'] = async ({ ctx, path }) => ({
    status: 200,
    data: { tokens: (await this.accounts.listTokens(selectedProject(ctx), ctx.principal, path.serviceAccountId)).map(toToken) },
  });

  createServiceAccountToken: OperationHandlers['createServiceAccountToken'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toIssued(await this.accounts.mint(selectedProject(ctx), ctx.principal, path.serviceAccountId, body)),
  });

  revokeServiceAccountToken: OperationHandlers['revokeServiceAccountToken'] = async ({ ctx, path }) => ({
    status: 200,
    data: toToken(await this.accounts.revoke(selectedProject(ctx), ctx.principal, path.serviceAccountId, path.tokenId)),
  });

  rotateServiceAccountToken: OperationHandlers['rotateServiceAccountToken'] = async ({ ctx, path }) => ({
    status: 201,
    data: toIssued(await this.accounts.rotate(selectedProject(ctx), ctx.principal, path.serviceAccountId, path.tokenId)),
  });
}
