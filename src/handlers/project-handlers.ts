import type { components } from '../../generated/openapi.js';
import type { ProjectDescription, ProjectService } from '../domain/projects/project-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type Project = components['schemas']['Project'];

const toProject = ({ project, organization }: ProjectDescription): Project => ({
  id: project.id,
  name: project.name,
  organizationId: organization.id,
  organizationName: organization.name,
  createdAt: project.createdAt.toISOString(),
  updatedAt: project.updatedAt.toISOString(),
});

export class ProjectHandlers implements Pick<OperationHandlers, 'getProject'> {
  constructor(private readonly projects: ProjectService) {}

  getProject: OperationHandlers['getProject'] = async ({ ctx }) => ({
    status: 200,
    data: toProject(await this.projects.describe(selectedProject(ctx))),
  });
}
