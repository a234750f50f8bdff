import type { ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';

/** At most this many projects are offered on a consent page; a user in more picks by id. */
const MAX_OFFERED = 200;

/**
 * The projects a user may work in (any organization membership gives at least viewer in each of its
 * projects, as effectiveProjectRole says), oldest first: the choices of the MCP consent page, whose
 * tokens are bound to one project because MCP clients send no x-project-id.
 */
export async function projectsOfUser(store: Store, userId: string): Promise<ProjectRecord[]> {
  const projects: ProjectRecord[] = [];
  for (const membership of await store.organizations.membershipsOf(userId)) {
    projects.push(...(await store.projects.listByOrganization(membership.organizationId)));
    if (projects.length >= MAX_OFFERED) break;
  }
  return projects.slice(0, MAX_OFFERED).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
