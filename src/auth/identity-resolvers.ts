import type { Clock } from '../clock.js';
import type { Store } from '../ports/store.js';
import type { CredentialResolver } from './authenticator.js';
import { hashToken } from './tokens.js';

const live = (record: { revokedAt: Date | null; expiresAt: Date }, clock: Clock): boolean =>
  record.revokedAt === null && record.expiresAt.getTime() > clock.now().getTime();

/**
 * Service-account tokens: valid while unrevoked and unexpired; in a project they act with the role
 * of the account's binding there (none → 403), and only within their scopes.
 */
export function serviceAccountResolver(store: Store, clock: Clock): CredentialResolver {
  return async (token) => {
    const record = await store.serviceAccounts.findTokenByHash(hashToken(token));
    if (!record || !live(record, clock)) return null;
    const account = await store.serviceAccounts.findById(record.serviceAccountId);
    if (!account) return null;
    return {
      kind: 'service_account',
      credentialId: record.id,
      organizationId: account.organizationId,
      userId: null,
      scopes: record.scopes,
      fixedProjectId: null,
      projectRole: async (project) => (await store.serviceAccounts.findBinding(account.id, project.id))?.role ?? null,
    };
  };
}

/** Guest review tokens: one project, one shared resource, read-only (enforced by the authenticator). */
export function guestReviewResolver(store: Store, clock: Clock): CredentialResolver {
  return async (token) => {
    const record = await store.guestTokens.findByHash(hashToken(token));
    if (!record || !live(record, clock)) return null;
    return {
      kind: 'guest',
      credentialId: record.id,
      organizationId: record.organizationId,
      userId: null,
      scopes: null,
      fixedProjectId: record.projectId,
      grant: { resourceType: record.resourceType, resourceId: record.resourceId },
    };
  };
}
