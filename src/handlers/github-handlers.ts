import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { GitHubTargetService, GitHubTargetView } from '../domain/github/github-target-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type GithubTarget = components['schemas']['GithubTarget'];

type GitHubOperations = 'getGithubTarget' | 'setGithubTarget' | 'deleteGithubTarget';

export class GitHubHandlers implements Pick<OperationHandlers, GitHubOperations> {
  constructor(private readonly targets: GitHubTargetService) {}

  private view({ target, generatedSecret }: GitHubTargetView): GithubTarget {
    return {
      projectId: target.projectId,
      repository: target.repository,
      labels: target.labels,
      tokenConfigured: true,
      webhookUrl: this.targets.webhookUrl(target.projectId),
      webhookSecret: generatedSecret,
      updatedBy: target.updatedBy,
      createdAt: target.createdAt.toISOString(),
      updatedAt: target.updatedAt.toISOString(),
    };
  }

  getGithubTarget: OperationHandlers['getGithubTarget'] = async ({ ctx }) => ({
    status: 200,
    data: this.view({ target: await this.targets.get(selectedProject(ctx).id), generatedSecret: null }),
  });

  setGithubTarget: OperationHandlers['setGithubTarget'] = async ({ ctx, body }) => ({
    status: 200,
    data: this.view(await this.targets.set(selectedProject(ctx).id, { repository: body.repository, token: body.token, labels: body.labels, webhookSecret: body.webhookSecret }, actorOf(ctx.principal))),
  });

  deleteGithubTarget: OperationHandlers['deleteGithubTarget'] = async ({ ctx }) => {
    const projectId = selectedProject(ctx).id;
    await this.targets.delete(projectId);
    return { status: 200, data: { projectId, deleted: true as const } };
  };
}
