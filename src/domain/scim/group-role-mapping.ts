import { problems } from '../../errors.js';
import type { ScimGroupRole } from '../../ports/scim.js';

/**
 * A group-to-role mapping as an owner sent it (SCIM's or single sign-on's), trimmed and checked:
 * each group once (case-insensitive), each project once per group and a project of the
 * organization (`projects`). Refusals name the field (`/body/groupRoles/<i>/…`).
 */
export function checkedGroupRoles(input: readonly ScimGroupRole[], projects: ReadonlySet<string>): ScimGroupRole[] {
  const groupRoles = input.map((mapping) => ({
    group: mapping.group.trim(),
    role: mapping.role,
    ...(mapping.projectRoles?.length ? { projectRoles: mapping.projectRoles.map((entry) => ({ projectId: entry.projectId.toLowerCase(), role: entry.role })) } : {}),
  }));
  const seen = new Set<string>();
  groupRoles.forEach((mapping, index) => {
    const key = mapping.group.toLowerCase();
    if (!key || seen.has(key)) {
      throw problems.validation('Each group is mapped once.', [{ code: 'unique', message: 'names a group already mapped (or an empty one)', path: `/body/groupRoles/${index}/group` }]);
    }
    seen.add(key);
    const named = new Set<string>();
    (mapping.projectRoles ?? []).forEach((entry, position) => {
      const path = `/body/groupRoles/${index}/projectRoles/${position}/projectId`;
      if (!projects.has(entry.projectId)) throw problems.validation('A project role names a project outside the organization.', [{ code: 'unknown', message: 'is no project of this organization', path }]);
      if (named.has(entry.projectId)) throw problems.validation('A group names each project once.', [{ code: 'unique', message: 'names a project already mapped for this group', path }]);
      named.add(entry.projectId);
      });
    });
  return groupRoles;
}
