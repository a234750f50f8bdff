import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { ServiceAccountBindingRecord, ServiceAccountRecord, ServiceAccountTokenRecord } from '../../ports/service-accounts.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { Principal } from '../../auth/principal.js';
import type { ProjectRole } from '../../auth/roles.js';
import { displayPrefix, hashToken, issueToken } from '../../auth/tokens.js';
import { problems } from '../../errors.js';
import type { SecurityLifecycleBucket } from './security-lifecycle-bucket.js';

export const MAX_ACTIVE_TOKENS = 10;
const DEFAULT_TOKEN_SECONDS = 30 * 24 * 3600;

export interface ServiceAccountView {
  account: ServiceAccountRecord;
  bindings: ServiceAccountBindingRecord[];
}

export interface IssuedServiceAccountToken {
  token: string;
  record: ServiceAccountTokenRecord;
}

/**
 * Service accounts: non-human principals of an organization, bound to projects with a role, acting
 * through expiring tw_sa_ tokens. Every operation works in the selected project's organization;
 * accounts of other organizations answer 404.
 */
export class ServiceAccountService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly bucket: SecurityLifecycleBucket,
  ) {}

  async create(project: ProjectRecord, actor: Principal, input: { name: string; description?: string | null }): Promise<ServiceAccountView> {
    await this.bucket.consume(project.organizationId);
    const now = this.clock.now();
    const account = await this.store.serviceAccounts.create({
      id: randomUUID(),
      organizationId: project.organizationId,
      name: input.name,
      description: input.description ?? null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    return { account, bindings: [] };
  }

  async list(project: ProjectRecord, actor: Principal, input: { limit: number; cursor?: string; operationId: string }): Promise<{ items: ServiceAccountView[]; page: Page }> {
    const binding = { credentialId: actor.credentialId, projectId: project.id, endpoint: input.operationId, filters: {}, sort: 'createdAt:desc,id:desc' };
    const decoded = input.cursor ? this.cursors.decode<{ createdAt: number; id: string }>(input.cursor, binding) : null;
    const rows = await this.store.serviceAccounts.listByOrganization(project.organizationId, input.limit + 1, decoded?.position ?? null);
    const accounts = rows.slice(0, input.limit);
    const hasMore = rows.length > input.limit;
    const last = accounts.at(-1);
    const bindings = await this.store.serviceAccounts.listBindings(accounts.map((a) => a.id));
    return {
      items: accounts.map((account) => ({ account, bindings: bindings.filter((b) => b.serviceAccountId === account.id) })),
      page: {
        hasMore,
        limit: input.limit,
        nextCursor: hasMore && last ? this.cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id }, decoded?.chainStartedAt) : null,
      },
    };
  }

  async bind(project: ProjectRecord, serviceAccountId: string, role: ProjectRole): Promise<ServiceAccountView> {
    const account = await this.find(project, serviceAccountId);
    await this.store.serviceAccounts.upsertBinding({ serviceAccountId, projectId: project.id, role, now: this.clock.now() });
    return this.view(account);
  }

  async unbind(project: ProjectRecord, serviceAccountId: string): Promise<ServiceAccountView> {
    const account = await this.find(project, serviceAccountId);
    if (!(await this.store.serviceAccounts.removeBinding(serviceAccountId, project.id))) throw problems.notFound('A binding of this service account to the selected project');
    return this.view(account);
  }

  async listTokens(project: ProjectRecord, serviceAccountId: string): Promise<ServiceAccountTokenRecord[]> {
    await this.find(project, serviceAccountId);
    return this.store.serviceAccounts.listActiveTokens(serviceAccountId, this.clock.now());
  }

  async mint(project: ProjectRecord, serviceAccountId: string, input: { scopes: string[]; expiresInSeconds?: number }): Promise<IssuedServiceAccountToken> {
    await this.find(project, serviceAccountId);
    await this.bucket.consume(project.organizationId);
    return this.store.transaction(async (tx) => {
      await this.assertTokenCapacity(tx, serviceAccountId);
      return this.issue(tx, serviceAccountId, [...new Set(input.scopes)], input.expiresInSeconds ?? DEFAULT_TOKEN_SECONDS, null);
    });
  }

  /** A new token with the old one's scopes and lifetime; the old one is revoked in the same transaction. */
  async rotate(project: ProjectRecord, serviceAccountId: string, tokenId: string): Promise<IssuedServiceAccountToken> {
    await this.find(project, serviceAccountId);
    const old = await this.activeToken(serviceAccountId, tokenId);
    await this.bucket.consume(project.organizationId);
    const lifetimeSeconds = Math.round((old.expiresAt.getTime() - old.createdAt.getTime()) / 1000);
    return this.store.transaction(async (tx) => {
      if (!(await tx.serviceAccounts.revokeToken(old.id, this.clock.now()))) throw problems.conflict('PUBLIC_API_TOKEN_REVOKED', 'The token was revoked meanwhile.');
      return this.issue(tx, serviceAccountId, old.scopes, lifetimeSeconds, old.id);
    });
  }

  async revoke(project: ProjectRecord, serviceAccountId: string, tokenId: string): Promise<ServiceAccountTokenRecord> {
    await this.find(project, serviceAccountId);
    const token = await this.store.serviceAccounts.findToken(serviceAccountId, tokenId);
    if (!token) throw problems.notFound('The token');
    await this.bucket.consume(project.organizationId);
    await this.store.serviceAccounts.revokeToken(token.id, this.clock.now());
    return (await this.store.serviceAccounts.findToken(serviceAccountId, tokenId))!;
  }

  private async find(project: ProjectRecord, serviceAccountId: string): Promise<ServiceAccountRecord> {
    const account = await this.store.serviceAccounts.findById(serviceAccountId);
    if (!account || account.organizationId !== project.organizationId) throw problems.notFound('The service account');
    return account;
  }

  private async view(account: ServiceAccountRecord): Promise<ServiceAccountView> {
    return { account, bindings: await this.store.serviceAccounts.listBindings([account.id]) };
  }

  private async activeToken(serviceAccountId: string, tokenId: string): Promise<ServiceAccountTokenRecord> {
    const token = await this.store.serviceAccounts.findToken(serviceAccountId, tokenId);
    if (!token) throw problems.notFound('The token');
    if (token.revokedAt || token.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw problems.conflict('PUBLIC_API_TOKEN_INACTIVE', 'Only an active token can be rotated; mint a new one instead.');
    }
    return token;
  }

  private async assertTokenCapacity(tx: Store, serviceAccountId: string): Promise<void> {
    const active = await tx.serviceAccounts.listActiveTokens(serviceAccountId, this.clock.now());
    if (active.length >= MAX_ACTIVE_TOKENS) {
      throw problems.conflict('PUBLIC_API_TOO_MANY_TOKENS', `A service account has at most ${MAX_ACTIVE_TOKENS} active tokens; revoke one first.`);
    }
  }

  private async issue(tx: Store, serviceAccountId: string, scopes: string[], lifetimeSeconds: number, rotatedFromId: string | null): Promise<IssuedServiceAccountToken> {
    const token = issueToken('serviceAccount');
    const now = this.clock.now();
    const record = await tx.serviceAccounts.createToken({
      id: randomUUID(),
      serviceAccountId,
      tokenHash: hashToken(token),
      displayPrefix: displayPrefix(token),
      scopes,
      rotatedFromId,
      expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
      revokedAt: null,
      createdAt: now,
    });
    return { token, record };
  }
}
