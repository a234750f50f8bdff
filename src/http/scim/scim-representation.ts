import type { ScimGroupView, ScimPage, ScimUserView } from '../../domain/scim/scim-service.js';
import { SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from '../../domain/scim/scim-schemas.js';

/** Resources as RFC 7643 writes them: unassigned attributes are left out, never null (§2.5). */

const present = (entries: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null && value !== undefined));

export function userResource(baseUrl: string, { user, groups }: ScimUserView, excluded: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const formatted = [user.givenName, user.familyName].filter(Boolean).join(' ') || null;
  return present({
    schemas: [SCIM_USER_SCHEMA],
    id: user.id,
    externalId: user.externalId,
    userName: user.userName,
    name: user.givenName || user.familyName ? present({ givenName: user.givenName, familyName: user.familyName, formatted }) : null,
    displayName: user.displayName,
    emails: user.emails.length > 0 ? user.emails.map((email) => present({ value: email.value, type: email.type, primary: email.primary })) : null,
    active: user.active,
    groups: excluded.has('groups') ? null : groups.map((group) => ({ value: group.value, display: group.display, $ref: `${baseUrl}/Groups/${group.value}` })),
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
      version: `W/"${user.version}"`,
    },
  });
}

export function groupResource(baseUrl: string, { group, members }: ScimGroupView, excluded: ReadonlySet<string> = new Set()): Record<string, unknown> {
  return present({
    schemas: [SCIM_GROUP_SCHEMA],
    id: group.id,
    externalId: group.externalId,
    displayName: group.displayName,
    members: excluded.has('members') ? null : members.map((member) => ({ value: member.value, display: member.display, $ref: `${baseUrl}/Users/${member.value}` })),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
      version: `W/"${group.version}"`,
    },
  });
}

export function listResponse<T>(page: ScimPage<T>, resource: (item: T) => Record<string, unknown>): Record<string, unknown> {
  return { schemas: [SCIM_LIST_SCHEMA], totalResults: page.total, startIndex: page.startIndex, itemsPerPage: page.items.length, Resources: page.items.map(resource) };
}
