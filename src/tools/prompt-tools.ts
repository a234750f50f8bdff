import type { components } from '../../generated/openapi.js';
import { ADDS, READS, UPDATES } from './tool-annotation-presets.js';
import { bodyField, field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

type PromptVersion = components['schemas']['PromptVersion'];
type PromptVersionCreateRequest = components['schemas']['PromptVersionCreateRequest'];
type PromptUsage = components['schemas']['PromptUsage'];

/** A version as the prompt tools answer it: the contract's PromptVersion in snake_case. */
const versionOutput = object({
  version_id: field('PromptVersion', 'id'),
  prompt_id: field('PromptVersion', 'promptId'),
  name: field('PromptVersion', 'name'),
  type: field('PromptVersion', 'type'),
  version: field('PromptVersion', 'version'),
  template: field('PromptVersion', 'template'),
  config: field('PromptVersion', 'config'),
  labels: field('PromptVersion', 'labels'),
  tags: field('PromptVersion', 'tags'),
  commit_message: field('PromptVersion', 'commitMessage'),
  variables: field('PromptVersion', 'variables'),
  placeholders: field('PromptVersion', 'placeholders'),
  author: field('PromptVersion', 'author'),
  created_at: field('PromptVersion', 'createdAt'),
});

const versionView = (v: PromptVersion) => ({
  version_id: v.id,
  prompt_id: v.promptId,
  name: v.name,
  type: v.type,
  version: v.version,
  template: v.template,
  config: v.config,
  labels: v.labels,
  tags: v.tags,
  commit_message: v.commitMessage,
  variables: v.variables,
  placeholders: v.placeholders,
  author: v.author,
  created_at: v.createdAt,
});

const integerOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The prompt tools (docs/prompts.md): an agent reads the prompt it runs with (`get_prompt`,
 * `list_prompts`), saves an edit as a new version (`create_prompt_version`) and points a label at a
 * version (`set_prompt_label`). Each rides one contract operation, so credentials, protected labels,
 * the audit log and `notification.prompt_version_changed` apply as they do over REST.
 */
export function promptToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'get_prompt_usage',
      operationId: 'getPromptUsage',
      output: object({
        name: field('PromptUsage', 'name'),
        from: field('PromptUsage', 'from'),
        to: field('PromptUsage', 'to'),
        versions: listField(
          'PromptUsage',
          'versions',
          object({
            version: field('PromptVersionUsage', 'version'),
            trace_count: field('PromptVersionUsage', 'traceCount'),
            latency_ms: field('PromptVersionUsage', 'latencyMs'),
            cost: field('PromptVersionUsage', 'cost'),
            error_rate: field('PromptVersionUsage', 'errorRate'),
            scores: field('PromptVersionUsage', 'scores'),
          }),
        ),
      }),
      annotations: READS,
      description:
        'How each version of a prompt did over a window (default: the 7 days before now, at most 90): the traces that used it, their latency p50/p95 (linear interpolation, NumPy default), total and average cost, error rate, and the mean of each numeric score. Use it to compare versions before moving a label.',
      input: object({
        name: pathParameter('getPromptUsage', 'name'),
        version: queryParameter('getPromptUsage', 'version'),
        from: queryParameter('getPromptUsage', 'from'),
        to: queryParameter('getPromptUsage', 'to'),
      }),
      toOperation: (input) => ({
        path: { name: requiredString(input, 'name', 255) },
        headers: {},
        body: undefined,
        query: { version: integerOrUndefined(input.version), from: optionalString(input, 'from', 64), to: optionalString(input, 'to', 64) },
      }),
      toResult: (data: PromptUsage) => ({
        name: data.name,
        from: data.from,
        to: data.to,
        versions: data.versions.map((v) => ({ version: v.version, trace_count: v.traceCount, latency_ms: v.latencyMs, cost: v.cost, error_rate: v.errorRate, scores: v.scores })),
      }),
    }),
    mapTool({
      name: 'get_prompt',
      operationId: 'getPrompt',
      output: versionOutput,
      annotations: READS,
      description:
        'Read a prompt version: the one under label (default "production"), or an explicit version number (not both). Returns the template (text, or chat messages and placeholders), config, labels and the {{variables}} it uses.',
      input: object({
        name: pathParameter('getPrompt', 'name'),
        label: queryParameter('getPrompt', 'label'),
        version: queryParameter('getPrompt', 'version'),
      }),
      toOperation: (input) => ({
        path: { name: requiredString(input, 'name', 255) },
        headers: {},
        body: undefined,
        query: { label: optionalString(input, 'label', 36), version: integerOrUndefined(input.version) },
      }),
      toResult: versionView,
    }),
    mapTool({
      name: 'list_prompts',
      operationId: 'listPrompts',
      output: object({
        prompts: listField(
          'PromptList',
          'prompts',
          object({
            prompt_id: field('PromptSummary', 'id'),
            name: field('PromptSummary', 'name'),
            type: field('PromptSummary', 'type'),
            latest_version: field('PromptSummary', 'latestVersion'),
            labels: field('PromptSummary', 'labels'),
            tags: field('PromptSummary', 'tags'),
            updated_at: field('PromptSummary', 'updatedAt'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      description: 'List the prompts of the project in name order with their latest version, labels (label → version) and tags; filter by name prefix (a folder such as "support/"), label or tag.',
      input: object({
        name_prefix: queryParameter('listPrompts', 'namePrefix'),
        label: queryParameter('listPrompts', 'label'),
        tag: queryParameter('listPrompts', 'tag'),
        limit: queryParameter('listPrompts', 'limit', clampedLimit(100, 20)),
      }),
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          namePrefix: optionalString(input, 'name_prefix', 255),
          label: optionalString(input, 'label', 36),
          tag: optionalString(input, 'tag', 64),
          limit: optionalInteger(input, 'limit', 20, 1, 100),
        },
      }),
      toResult: (data) => ({
        prompts: data.prompts.map((p) => ({ prompt_id: p.id, name: p.name, type: p.type, latest_version: p.latestVersion, labels: p.labels, tags: p.tags, updated_at: p.updatedAt })),
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'create_prompt_version',
      operationId: 'createPromptVersion',
      output: versionOutput,
      // Each call adds one more immutable version; nothing is overwritten.
      annotations: ADDS,
      description:
        'Save a prompt as a new immutable version (the first creates the prompt). The new version becomes "latest" and takes the labels given (moved from other versions). Send base_version, the version you edited, to be refused (409) if someone saved another version meanwhile.',
      input: object({
        name: bodyField('createPromptVersion', 'name'),
        type: bodyField('createPromptVersion', 'type'),
        template: bodyField('createPromptVersion', 'template'),
        config: bodyField('createPromptVersion', 'config'),
        labels: bodyField('createPromptVersion', 'labels'),
        tags: bodyField('createPromptVersion', 'tags'),
        commit_message: bodyField('createPromptVersion', 'commitMessage'),
        base_version: bodyField('createPromptVersion', 'baseVersion'),
      }),
      // The arguments were validated against these same contract schemas before this runs.
      toOperation: (input) => ({
        path: {},
        query: {},
        headers: {},
        body: {
          name: requiredString(input, 'name', 255),
          type: input.type as PromptVersionCreateRequest['type'],
          template: input.template as PromptVersionCreateRequest['template'],
          config: input.config as PromptVersionCreateRequest['config'],
          labels: input.labels as string[] | undefined,
          tags: input.tags as string[] | undefined,
          commitMessage: optionalString(input, 'commit_message', 1000, 1),
          baseVersion: integerOrUndefined(input.base_version),
        },
      }),
      toResult: versionView,
    }),
    mapTool({
      name: 'set_prompt_label',
      operationId: 'setPromptVersionLabels',
      output: versionOutput,
      // Sets the version's whole label set: a repeat changes nothing more.
      annotations: UPDATES,
      description:
        'Set the labels of one prompt version (e.g. ["production"] to promote it): each label listed moves here from the version that had it, each label the version had and is not listed is removed. "latest" moves by itself. Protected labels need an admin.',
      input: object({
        name: pathParameter('setPromptVersionLabels', 'name'),
        version: pathParameter('setPromptVersionLabels', 'version'),
        labels: bodyField('setPromptVersionLabels', 'labels'),
      }),
      toOperation: (input) => ({
        path: { name: requiredString(input, 'name', 255), version: input.version as number },
        query: {},
        headers: {},
        body: { labels: input.labels as string[] },
      }),
      toResult: versionView,
    }),
  ];
}
