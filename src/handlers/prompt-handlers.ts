import { createHash } from 'node:crypto';
import type { components } from '../../generated/openapi.js';
import type { Principal } from '../auth/principal.js';
import { actorOf } from '../domain/actor.js';
import type { PromptEditor, PromptService, PromptSummaryView, PromptVersionView } from '../domain/prompts/prompt-service.js';
import type { PromptUsageService } from '../domain/prompts/prompt-usage-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import { canonicalJson } from '../pagination/cursor.js';

type PromptVersion = components['schemas']['PromptVersion'];
type PromptSummary = components['schemas']['PromptSummary'];

/**
 * Why no max-age: moving a label is how a team rolls a prompt back, and it must take effect at the
 * next fetch. A client may keep the body and revalidate with If-None-Match (304, no body).
 */
export const PROMPT_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

const toVersion = ({ prompt, version, labels }: PromptVersionView): PromptVersion => ({
  id: version.id,
  promptId: prompt.id,
  name: prompt.name,
  type: prompt.type,
  version: version.version,
  template: version.template,
  config: version.config,
  labels,
  tags: version.tags,
  commitMessage: version.commitMessage,
  variables: version.variables,
  placeholders: version.placeholders,
  author: version.author,
  createdAt: version.createdAt.toISOString(),
});

const toSummary = ({ prompt, labels, tags }: PromptSummaryView): PromptSummary => ({
  id: prompt.id,
  name: prompt.name,
  type: prompt.type,
  latestVersion: prompt.latestVersion,
  labels,
  tags,
  createdAt: prompt.createdAt.toISOString(),
  updatedAt: prompt.updatedAt.toISOString(),
});

/**
 * A strong validator of the version as served: equal data, equal tag. It covers `data` only (the
 * envelope's requestId names the exchange, not the representation of the prompt).
 */
const etagOf = (data: PromptVersion): string => `"${createHash('sha256').update(canonicalJson(data)).digest('base64url').slice(0, 32)}"`;

/**
 * Protected labels move for admins. An API key holds no project role (as for every `x-min-role`
 * operation, which it may call), so it counts as one; OAuth users and service accounts by their role.
 */
const editorOf = (principal: Principal): PromptEditor => ({
  author: actorOf(principal),
  isAdmin: principal.role === null || principal.role === undefined || principal.role === 'admin',
});

type PromptOperations =
  | 'listPrompts'
  | 'createPromptVersion'
  | 'getPrompt'
  | 'deletePrompt'
  | 'listPromptVersions'
  | 'setPromptVersionLabels'
  | 'deletePromptVersion'
  | 'compilePrompt'
  | 'getPromptProtectedLabels'
  | 'setPromptProtectedLabels'
  | 'getPromptUsage';

export class PromptHandlers implements Pick<OperationHandlers, PromptOperations> {
  constructor(
    private readonly prompts: PromptService,
    private readonly usage: PromptUsageService,
  ) {}

  getPromptUsage: OperationHandlers['getPromptUsage'] = async ({ ctx, path, query }) => {
    const usage = await this.usage.usage({ projectId: selectedProject(ctx).id, name: path.name, version: query.version, from: query.from, to: query.to });
    return { status: 200, data: { name: usage.name, from: usage.from.toISOString(), to: usage.to.toISOString(), versions: usage.versions } };
  };

  listPrompts: OperationHandlers['listPrompts'] = async ({ ctx, query }) => {
    const { items, page } = await this.prompts.list({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
      namePrefix: query.namePrefix,
      label: query.label,
      tag: query.tag,
    });
    return { status: 200, data: { prompts: items.map(toSummary), page } };
  };

  createPromptVersion: OperationHandlers['createPromptVersion'] = async ({ ctx, body }) => ({
    status: 201,
    data: toVersion(await this.prompts.createVersion(selectedProject(ctx).id, editorOf(ctx.principal), body)),
  });

  getPrompt: OperationHandlers['getPrompt'] = async ({ ctx, path, query }) => {
    const data = toVersion(await this.prompts.get(selectedProject(ctx).id, path.name, { label: query.label, version: query.version }));
    // The ETag also lets the REST binding answer a matching If-None-Match with 304.
    return { status: 200, data, headers: { ETag: etagOf(data), 'Cache-Control': PROMPT_CACHE_CONTROL } };
  };

  deletePrompt: OperationHandlers['deletePrompt'] = async ({ ctx, path, body }) => {
    const prompt = await this.prompts.deletePrompt(selectedProject(ctx).id, editorOf(ctx.principal), path.name, body.confirmation);
    return { status: 200, data: { id: prompt.id, name: prompt.name, deleted: true } };
  };

  listPromptVersions: OperationHandlers['listPromptVersions'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.prompts.listVersions({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
      name: path.name,
    });
    return { status: 200, data: { versions: items.map(toVersion), page } };
  };

  setPromptVersionLabels: OperationHandlers['setPromptVersionLabels'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toVersion(await this.prompts.setLabels(selectedProject(ctx).id, editorOf(ctx.principal), path.name, path.version, body.labels)),
  });

  deletePromptVersion: OperationHandlers['deletePromptVersion'] = async ({ ctx, path, body }) => {
    const { prompt, version, promptDeleted } = await this.prompts.deleteVersion(selectedProject(ctx).id, editorOf(ctx.principal), path.name, path.version, body.confirmation);
    return { status: 200, data: { id: version.id, name: prompt.name, version: version.version, deleted: true, promptDeleted } };
  };

  compilePrompt: OperationHandlers['compilePrompt'] = async ({ ctx, path, body }) => {
    const { view, compiled } = await this.prompts.compile(selectedProject(ctx).id, path.name, body);
    return { status: 200, data: { name: view.prompt.name, version: view.version.version, type: view.prompt.type, compiled, config: view.version.config } };
  };

  getPromptProtectedLabels: OperationHandlers['getPromptProtectedLabels'] = async ({ ctx }) => ({
    status: 200,
    data: { labels: await this.prompts.protectedLabels(selectedProject(ctx).id) },
  });

  setPromptProtectedLabels: OperationHandlers['setPromptProtectedLabels'] = async ({ ctx, body }) => ({
    status: 200,
    data: { labels: await this.prompts.setProtectedLabels(selectedProject(ctx).id, body.labels) },
  });
}
