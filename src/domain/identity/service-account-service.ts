import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { ServiceAccountBindingRecord, ServiceAccountRecord, ServiceAccountTokenRecord } from '../../ports/service-accounts.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { Principal } from '../../auth/principal.js';
import { satisfiesRole, type ProjectRole } from '../../auth/roles.js';
import { displayPrefix, hashToken, issueToken } from '../../auth/tokens.js';
import { ProblemError, problems } from '../../errors.js';
import type { SecurityLifecycleBucket } from './security-lifecycle-bucket.js';
import { serviceAccountAuthority, type ServiceAccountAuthority } from './service-account-authority.js';

export const MAX_ACTIVE_TOKENS = 10;
const DEFAULT_TOKEN_SECONDS = 30 * 24 * 3600;

export interface ServiceAccountView {
  account: ServiceAccountRecord;
  bindings: ServiceAccountBindingRecord[];
}

const insufficientRole = (detail: string): ProblemError => new ProblemError(403, 'PUBLIC_API_INSUFFICIENT_ROLE', detail);

export interface IssuedServiceAccountToken {
  token: string;
  record: ServiceAccountTokenRecord;
}

/** The caller of one operation: its principal and what that principal may do in the organization. */
interface Caller {
  project: ProjectRecord;
  authority: ServiceAccountAuthority;
}

/**
 * Service accounts: non-human principals of an organization, bound to projects with a role, acting
 * through expiring tw_sa_ tokens. Every operation works in the selected project's organization;
 * accounts of other organizations answer 404.
 *
 * Organization-wide administrators (organization keys, organization owners and admins) see and manage
 * every account. Any other caller is confined to the selected project: it sees only the accounts
 * bound there and only that binding, and may mint or rotate a token only when it holds, in every
 * project the account is bound to, at least the binding's role — a token acts in all of them.
 */
export class ServiceAccountService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly bucket: SecurityLifecycleBucket,
  ) {}

  async create(project: ProjectRecord, actor: Principal, input: { name: string; description?: string | null }): Promise<ServiceAccountView> {
    const caller = await this.caller(project, actor);
    await this.bucket.consume(project.organizationId);
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      const account = await tx.serviceAccounts.create({
        id: randomUUID(),
        organizationId: project.organizationId,
        name: input.name,
        description: input.description ?? null,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      if (caller.authority.organizationWide) return { account, bindings: [] };
      // A project-confined caller could never see an unbound account again, so the account starts
      // bound to the selected project with the least role.
      const binding = await tx.serviceAccounts.upsertBinding({ serviceAccountId: account.id, projectId: project.id, role: 'viewer', now });
      return { account, bindings: [binding] };
    });
  }

  async list(project: ProjectRecord, actor: Principal, input: { limit: number; cursor?: string; operationId: string }): Promise<{ items: ServiceAccountView[]; page: Page }> {
    const binding = { credentialId: actor.credentialId, projectId: project.id, endpoint: input.operationId, filters: {}, sort: 'createdAt:desc,id:desc' };
    const decoded = input.cursor ? this.cursors.decode<{ createdAt: number; id: string }>(input.cursor, binding) : null;
    const caller = await this.caller(project, actor);
    const confinedTo = caller.authority.organizationWide ? null : project.id;
    const rows = await this.store.serviceAccounts.listByOrganization(project.organizationId, input.limit + 1, decoded?.position ?? null, confinedTo);
    const accounts = rows.slice(0, input.limit);
    const hasMore = rows.length > input.limit;
    const last = accounts.at(-1);
    const bindings = this.visibleBindings(caller, await this.store.serviceAccounts.listBindings(accounts.map((a) => a.id)));
    return {
      items: accounts.map((account) => ({ account, bindings: bindings.filter((b) => b.serviceAccountId === account.id) })),
      page: {
        hasMore,
        limit: input.limit,
        nextCursor: hasMore && last ? this.cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id }, decoded?.chainStartedAt) : null,
      },
    };
  }

  async bind(project: ProjectRecord, actor: Principal, serviceAccountId: string, role: ProjectRole): Promise<ServiceAccountView> {
    const caller = await this.caller(project, actor);
    const account = await this.find(caller, serviceAccountId);
    const held = caller.authority.organizationWide ? 'admin' : await caller.authority.roleIn(project.id);
    if (!held || !satisfiesRole(held, role)) throw insufficientRole(`Binding with the role ${role} needs at least that role in the selected project.`);
    await this.store.serviceAccounts.upsertBinding({ serviceAccountId, projectId: project.id, role, now: this.clock.now() });
    return this.view(caller, account);
  }

  async unbind(project: ProjectRecord, actor: Principal, serviceAccountId: string): Promise<ServiceAccountView> {
    const caller = await this.caller(project, actor);
    const account = await this.find(caller, serviceAccountId);
    if (!(await this.store.serviceAccounts.removeBinding(serviceAccountId, project.id))) throw problems.notFound('A binding of this service account to the selected project');
    return this.view(caller, account);
  }

  async listTokens(project: ProjectRecord, actor: Principal, serviceAccountId: string): Promise<ServiceAccountTokenRecord[]> {
    await this.find(await this.caller(project, actor), serviceAccountId);
    return this.store.serviceAccounts.listActiveTokens(serviceAccountId, this.clock.now());
  }

  async mint(project: ProjectRecord, actor: Principal, serviceAccountId: string, input: { scopes: string[]; expiresInSeconds?: number }): Promise<IssuedServiceAccountToken> {
    const caller = await this.caller(project, actor);
    await this.find(caller, serviceAccountId);
    await this.assertReachesEveryBinding(caller, serviceAccountId);
    await this.bucket.consume(project.organizationId);
    return this.store.transaction(async (tx) => {
      await this.assertTokenCapacity(tx, serviceAccountId);
      return this.issue(tx, serviceAccountId, [...new Set(input.scopes)], input.expiresInSeconds ?? DEFAULT_TOKEN_SECONDS, null);
    });
  }

  /** A new token with the old one's scopes and lifetime; the old one is revoked in the same transaction. */
  async rotate(project: ProjectRecord, actor: Principal, serviceAccountId: string, tokenId: string): Promise<IssuedServiceAccountToken> {
    const caller = await this.caller(project, actor);
    await this.find(caller, serviceAccountId);
    const old = await this.activeToken(serviceAccountId, tokenId);
    await this.assertReachesEveryBinding(caller, serviceAccountId);
    await this.bucket.consume(project.organizationId);
    const lifetimeSeconds = Math.round((old.expiresAt.getTime() - old.createdAt.getTime()) / 1000);
    return this.store.transaction(async (tx) => {
      if (!(await tx.serviceAccounts.revokeToken(old.id, this.clock.now()))) throw problems.conflict('PUBLIC_API_TOKEN_REVOKED', 'The token was revoked meanwhile.');
      return this.issue(tx, serviceAccountId, old.scopes, lifetimeSeconds, old.id);
    });
  }

  async revoke(project: ProjectRecord, actor: Principal, serviceAccountId: string, tokenId: string): Promise<ServiceAccountTokenRecord> {
    await this.find(await this.caller(project, actor), serviceAccountId);
    const token = await this.store.serviceAccounts.findToken(serviceAccountId, tokenId);
    if (!token) throw problems.notFound('The token');
    // Revocation never draws from the security-lifecycle bucket: a spent budget must not keep a
    // leaked token alive.
    await this.store.serviceAccounts.revokeToken(token.id, this.clock.now());
    return (await this.store.serviceAccounts.findToken(serviceAccountId, tokenId))!;
  }

  private async caller(project: ProjectRecord, actor: Principal): Promise<Caller> {
    return { project, authority: await serviceAccountAuthority(this.store, actor, project.organizationId) };
  }

  /** An account of the organization the caller may address; confined callers only reach accounts bound to their project. */
  private async find(caller: Caller, serviceAccountId: string): Promise<ServiceAccountRecord> {
    const account = await this.store.serviceAccounts.findById(serviceAccountId);
    const visible =
      account !== null &&
      account.organizationId === caller.project.organizationId &&
      (caller.authority.organizationWide || (await this.store.serviceAccounts.findBinding(account.id, caller.project.id)) !== null);
    // Accounts out of reach answer like unknown ones, so a confined caller cannot probe for them.
    if (!visible) throw problems.notFound('The service account');
    return account!;
  }

  /** A token acts in every project the account is bound to: the caller must hold each binding's role there. */
  private async assertReachesEveryBinding(caller: Caller, serviceAccountId: string): Promise<void> {
    if (caller.authority.organizationWide) return;
    for (const binding of await this.store.serviceAccounts.listBindings([serviceAccountId])) {
      const held = await caller.authority.roleIn(binding.projectId);
      if (!held || !satisfiesRole(held, binding.role)) {
        throw insufficientRole('This service account is bound to a project where the credential lacks the binding role; only an organization administrator or a holder of that role there may issue its tokens.');
      }
    }
  }

  private visibleBindings(caller: Caller, bindings: ServiceAccountBindingRecord[]): ServiceAccountBindingRecord[] {
    return caller.authority.organizationWide ? bindings : bindings.filter((binding) => binding.projectId === caller.project.id);
  }

  private async view(caller: Caller, account: ServiceAccountRecord): Promise<ServiceAccountView> {
    return { account, bindings: this.visibleBindings(caller, await this.store.serviceAccounts.listBindings([account.id])) };
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
