import { problems } from '../../errors.js';
import type { OrganizationRecord } from '../../ports/organizations.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';

export interface ProjectDescription {
  project: ProjectRecord;
  organization: OrganizationRecord;
}

export class ProjectService {
  constructor(private readonly store: Store) {}

  async describe(project: ProjectRecord): Promise<ProjectDescription> {
    const organization = await this.store.organizations.findById(project.organizationId);
    if (!organization) throw problems.notFound('The organization');
    return { project, organization };
  }
}
