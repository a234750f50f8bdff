import type { OrganizationRole } from '../ports/organizations.js';

/**
 * Project roles, weakest first. A principal's role in a project and its token's scopes both restrict
 * access: an operation needs its scopes (from `security`) AND at least its minimum role.
 */
export const PROJECT_ROLES = ['viewer', 'editor', 'admin'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const isProjectRole = (value: unknown): value is ProjectRole => PROJECT_ROLES.includes(value as ProjectRole);

export const roleRank = (role: ProjectRole): number => PROJECT_ROLES.indexOf(role);

export const satisfiesRole = (held: ProjectRole, needed: ProjectRole): boolean => roleRank(held) >= roleRank(needed);

/**
 * The minimum project role of an operation: its `x-min-role` extension when the contract sets one,
 * else viewer for reads (GET) and editor for every mutation.
 */
export function minimumRoleFor(method: string, declared: unknown): ProjectRole {
  if (declared !== undefined) {
    if (!isProjectRole(declared)) throw new Error(`x-min-role must be one of ${PROJECT_ROLES.join(', ')}; got ${String(declared)}`);
    return declared;
  }
  return method.toUpperCase() === 'GET' ? 'viewer' : 'editor';
}

/**
 * A user's role in one project. Organization owners and admins administer every project of their
 * organization; members and viewers see every project as viewers, and a project membership can
 * raise a member (never an organization viewer) to the project role it names.
 */
export function effectiveProjectRole(organizationRole: OrganizationRole | null, projectRole: ProjectRole | null): ProjectRole | null {
  switch (organizationRole) {
    case null:
      return null;
    case 'owner':
    case 'admin':
      return 'admin';
    case 'member':
      return projectRole ?? 'viewer';
    case 'viewer':
      return 'viewer';
  }
}
