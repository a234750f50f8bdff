import { roleRank, type ProjectRole } from '../../auth/roles.js';
import type { OrganizationRole } from '../../ports/organizations.js';
import type { ScimConnectionRecord, ScimRole, ScimUserRecord } from '../../ports/scim.js';
import type { Store } from '../../ports/store.js';
import { ScimError } from './scim-error.js';

const RANK: Record<ScimRole, number> = { viewer: 1, member: 2, admin: 3 };

/** The role a provisioned user's groups give: the highest mapped role, else the default role. */
export function mappedRole(connection: Pick<ScimConnectionRecord, 'defaultRole' | 'groupRoles'>, groupNames: readonly string[]): ScimRole {
  const names = new Set(groupNames.map((name) => name.toLowerCase()));
  let role: ScimRole | null = null;
  for (const mapping of connection.groupRoles) {
    if (names.has(mapping.group.toLowerCase()) && (role === null || RANK[mapping.role] > RANK[role])) role = mapping.role;
  }
  return role ?? connection.defaultRole;
}

/** The project roles a user's groups give: per project, the highest of the mapped groups'. */
export function mappedProjectRoles(connection: Pick<ScimConnectionRecord, 'groupRoles'>, groupNames: readonly string[]): Map<string, ProjectRole> {
  const names = new Set(groupNames.map((name) => name.toLowerCase()));
  const roles = new Map<string, ProjectRole>();
  for (const mapping of connection.groupRoles) {
    if (!names.has(mapping.group.toLowerCase())) continue;
    for (const { projectId, role } of mapping.projectRoles ?? []) {
      const held = roles.get(projectId);
      if (!held || roleRank(role) > roleRank(held)) roles.set(projectId, role);
    }
  }
  return roles;
}

/**
 * Project roles follow the groups: a mapped role is set (and remembered as provisioning's grant);
 * a grant no group gives any more is taken away — only while the project role is still the one
 * provisioning set, so a role changed by hand since then stays.
 */
export async function syncProjectRoles(tx: Store, ledger: ProjectGrantLedger, organizationId: string, userId: string, wanted: Map<string, ProjectRole>, now: Date): Promise<void> {
  const granted = await ledger.projectGrantsOf(organizationId, userId);
  for (const grant of granted) {
    if (wanted.has(grant.projectId)) continue;
    if ((await tx.projectMembers.findRole(grant.projectId, userId)) === grant.role) await tx.projectMembers.remove(grant.projectId, userId);
    await ledger.deleteProjectGrant(organizationId, userId, grant.projectId);
  }
  for (const [projectId, role] of wanted) {
    if (granted.some((grant) => grant.projectId === projectId && grant.role === role) && (await tx.projectMembers.findRole(projectId, userId)) === role) continue;
    await tx.projectMembers.setRole({ projectId, userId, role, now });
    await ledger.setProjectGrant(organizationId, userId, { projectId, role });
  }
}

/** Where a mapping remembers the project roles it granted (SCIM's and single sign-on's are kept apart). */
export type ProjectGrantLedger = Pick<Store['scim'], 'projectGrantsOf' | 'setProjectGrant' | 'deleteProjectGrant'>;

/** What one synchronisation did to the organization membership (it goes into the audit record). */
export interface MembershipChange {
  before: OrganizationRole | null;
  after: OrganizationRole | null;
  /** OAuth access and refresh tokens revoked (deprovisioning of a user left in no organization). */
  revokedTokens: number;
}

/**
 * Makes the organization membership follow the provisioned user: active → a member with the role
 * its groups map to, and the project roles they map to (owners keep ownership and their project
 * roles: provisioning never grants or takes them away);
 * inactive → no membership, no project roles in the organization, and — when the user belongs to no
 * other organization — every OAuth token revoked, so console sessions and CLI/MCP connections end
 * at once. (Access to this organization already ends with the membership: roles are read on every
 * request.) The last owner cannot be deprovisioned.
 */
export async function syncMembership(tx: Store, connection: ScimConnectionRecord, user: ScimUserRecord, now: Date): Promise<MembershipChange> {
  const organizationId = connection.organizationId;
  const before = await tx.organizations.findMemberRole(organizationId, user.userId);
  if (!user.active) {
    if (!before) return { before, after: null, revokedTokens: 0 };
    if (before === 'owner') {
      const owners = (await tx.organizations.listMembers(organizationId)).filter((member) => member.role === 'owner');
      if (owners.length <= 1) throw new ScimError(400, "The organization's last owner cannot be deprovisioned: make someone else owner first.", 'mutability');
    }
    for (const project of await tx.projects.listByOrganization(organizationId)) await tx.projectMembers.remove(project.id, user.userId);
    for (const grant of await tx.scim.projectGrantsOf(organizationId, user.userId)) await tx.scim.deleteProjectGrant(organizationId, user.userId, grant.projectId);
    await tx.organizations.removeMember(organizationId, user.userId);
    const elsewhere = await tx.organizations.membershipsOf(user.userId);
    const revokedTokens = elsewhere.length === 0 ? await tx.scim.revokeUserSessions(user.userId, now) : 0;
    return { before, after: null, revokedTokens };
  }
  if (before === 'owner') return { before, after: before, revokedTokens: 0 };
  const groups = (await tx.scim.groupsOf(user.id)).map((group) => group.display);
  const role = mappedRole(connection, groups);
  if (!before) await tx.organizations.addMember({ organizationId, userId: user.userId, role, now });
  else if (before !== role) await tx.organizations.setMemberRole(organizationId, user.userId, role);
  await syncProjectRoles(tx, tx.scim, organizationId, user.userId, mappedProjectRoles(connection, groups), now);
  return { before, after: role, revokedTokens: 0 };
}
