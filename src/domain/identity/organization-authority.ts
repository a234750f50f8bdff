import type { Principal } from '../../auth/principal.js';
import { ProblemError } from '../../errors.js';
import type { Store } from '../../ports/store.js';

/** What a principal may do across its organization: `owner` may also grant and remove ownership. */
export type OrganizationAuthority = 'owner' | 'admin';

/**
 * Administering an organization (its members, invitations, organization-wide keys, new projects)
 * needs organization reach: an organization-wide API key (acting as an admin), or a user whose
 * organization role is owner or admin. A project API key reaches one project only, and service
 * accounts are bound to projects, so neither administers the organization.
 */
export async function organizationAuthority(store: Store, principal: Principal, organizationId: string): Promise<OrganizationAuthority> {
  if (principal.kind === 'api_key') {
    const key = await store.apiKeys.findById(organizationId, principal.credentialId);
    if (key && key.projectId === null) return 'admin';
  } else if (principal.kind === 'oauth' && principal.userId) {
    const role = await store.organizations.findMemberRole(organizationId, principal.userId);
    if (role === 'owner' || role === 'admin') return role;
  }
  throw new ProblemError(
    403,
    'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED',
    'This needs an organization-wide API key or a user who is an owner or admin of the organization.',
  );
}

/** Whether the principal has organization reach, without failing. */
export async function hasOrganizationReach(store: Store, principal: Principal, organizationId: string): Promise<boolean> {
  try {
    await organizationAuthority(store, principal, organizationId);
    return true;
  } catch {
    return false;
  }
}
