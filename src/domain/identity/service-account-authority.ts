import type { Principal } from '../../auth/principal.js';
import { effectiveProjectRole, type ProjectRole } from '../../auth/roles.js';
import type { Store } from '../../ports/store.js';

/**
 * What the caller of a service-account operation may do beyond the selected project. A service
 * account's token acts in every project the account is bound to, so managing one is managing access
 * to all of them: only an organization-wide administrator, or a caller holding the matching role in
 * each of those projects, may mint for it.
 */
export interface ServiceAccountAuthority {
  /** An organization API key, or a user who owns or administers the organization. */
  organizationWide: boolean;
  /** The caller's role in a project of the organization (null: none). */
  roleIn(projectId: string): Promise<ProjectRole | null>;
}

export async function serviceAccountAuthority(store: Store, actor: Principal, organizationId: string): Promise<ServiceAccountAuthority> {
  if (actor.kind === 'api_key') {
    // Keys hold no roles: an organization key administers every project, a project key only its own.
    const fixed = actor.fixedProjectId ?? null;
    return { organizationWide: fixed === null, roleIn: async (projectId) => (fixed === null || fixed === projectId ? 'admin' : null) };
  }
  if (actor.kind === 'oauth' && actor.userId) {
    const userId = actor.userId;
    const organizationRole = await store.organizations.findMemberRole(organizationId, userId);
    return {
      organizationWide: organizationRole === 'owner' || organizationRole === 'admin',
      roleIn: async (projectId) => effectiveProjectRole(organizationRole, await store.projectMembers.findRole(projectId, userId)),
    };
  }
  // Other kinds are refused by the contract before reaching here; answer with the least authority.
  const selected = actor.project?.id ?? null;
  return { organizationWide: false, roleIn: async (projectId) => (projectId === selected ? (actor.role ?? null) : null) };
}
