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
  retentionDays: project.retentionDays,
  searchInputsOutputs: project.searchInputsOutputs,
  experimentAlpha: project.experimentAlpha,
  createdAt: project.createdAt.toISOString(),
  updatedAt: project.updatedAt.toISOString(),
});

type Ops = 'getProject' | 'listProjects' | 'createProject' | 'updateProject' | 'deleteProject';

export class ProjectHandlers implements Pick<OperationHandlers, Ops> {
  constructor(private readonly projects: ProjectService) {}

  getProject: OperationHandlers['getProject'] = async ({ ctx }) => ({
    status: 200,
    data: toProject(await this.projects.describe(selectedProject(ctx))),
  });

  listProjects: OperationHandlers['listProjects'] = async ({ ctx }) => ({
    status: 200,
    data: { projects: (await this.projects.list(ctx.principal)).map(toProject) },
  });

  createProject: OperationHandlers['createProject'] = async ({ ctx, body }) => ({
    status: 201,
    data: toProject(await this.projects.create(ctx.principal, body)),
  });

  updateProject: OperationHandlers['updateProject'] = async ({ ctx, body }) => ({
    status: 200,
    data: toProject(await this.projects.update(selectedProject(ctx), body)),
  });

  deleteProject: OperationHandlers['deleteProject'] = async ({ ctx, body }) => {
    const project = selectedProject(ctx);
    await this.projects.delete(project, body.confirmation);
    return { status: 200, data: { id: project.id, organizationId: project.organizationId, deleted: true } };
  };
}
