import { ProblemError, problems } from '../../errors.js';
import type { ExperimentTask, ExperimentTaskMessage, ExperimentTaskParameters } from '../../ports/datasets.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import { compileTemplate, type PromptTemplate } from '../prompts/prompt-template.js';
import { compileScorers, type ScorerSpec } from './scorers/builtin-scorers.js';

/** Items of one server-side run called at once unless the task says otherwise, and the most it may say. */
export const DEFAULT_RUN_CONCURRENCY = 4;
export const MAX_RUN_CONCURRENCY = 16;

/** The label a prompt task reads when it names neither a version nor a label (the registry's default). */
const DEFAULT_PROMPT_LABEL = 'production';

const ROLES: readonly ExperimentTaskMessage['role'][] = ['system', 'user', 'assistant'];

export interface ServerTaskInput {
  prompt?: { name: string; version?: number; label?: string };
  messages?: ExperimentTaskMessage[];
  modelConnectionId: string;
  model?: string;
  parameters?: ExperimentTaskParameters;
  concurrency?: number;
  scorers?: ScorerSpec[];
  evaluatorIds?: string[];
}

const refuse = (detail: string, code: string, message: string, path: string): ProblemError => problems.validation(detail, [{ code, message, path }]);

/**
 * Checks a server-side task against the project and freezes it: a prompt task reads its version now
 * (so a label moved later does not change a running run), every reference must exist in the project
 * (400 at its path otherwise: an unknown id is indistinguishable from another project's), and the
 * scorers compile. Nothing is written.
 */
export async function resolveTask(store: Store, projectId: string, input: ServerTaskInput): Promise<ExperimentTask> {
  const at = '/body/task';
  if (input.prompt !== undefined && input.messages !== undefined) throw refuse('Send task.prompt or task.messages, not both.', 'exclusive', 'prompt and messages are mutually exclusive', `${at}/messages`);
  if (input.prompt === undefined && input.messages === undefined) throw refuse('A task needs prompt or messages.', 'required', 'needs prompt (a registry version) or messages (a chat template)', at);

  let kind: ExperimentTask['kind'] = 'template';
  let promptName: string | null = null;
  let promptVersion: number | null = null;
  let messages: ExperimentTaskMessage[];
  if (input.prompt !== undefined) {
    const { name, version, label } = input.prompt;
    if (version !== undefined && label !== undefined) throw refuse('Send task.prompt.version or task.prompt.label, not both.', 'exclusive', 'version and label are mutually exclusive', `${at}/prompt/label`);
    const found = version !== undefined ? await store.prompts.findByVersion(projectId, name, version) : await store.prompts.findByLabel(projectId, name, label ?? DEFAULT_PROMPT_LABEL);
    if (!found) {
      const what = version !== undefined ? `version ${version} of prompt ${name}` : `the version of prompt ${name} labelled ${label ?? DEFAULT_PROMPT_LABEL}`;
      throw refuse(`There is no ${what}.`, 'not_found', `names no ${what} in the project`, `${at}/prompt/${version !== undefined ? 'version' : label !== undefined ? 'label' : 'name'}`);
    }
    messages = messagesOfPrompt(found.version.template, `${at}/prompt`);
    kind = 'prompt';
    promptName = found.prompt.name;
    promptVersion = found.version.version;
  } else {
    messages = input.messages!.map((m) => ({ role: m.role, content: m.content }));
  }

  const connection = isUuid(input.modelConnectionId) ? await store.modelConnections.find(projectId, input.modelConnectionId.toLowerCase()) : null;
  if (!connection) throw refuse('No such model connection in the project.', 'not_found', 'names no model connection of the project', `${at}/modelConnectionId`);

  const evaluatorIds = [...new Set((input.evaluatorIds ?? []).map((id) => id.toLowerCase()))];
  await checkEvaluators(store, projectId, input.evaluatorIds ?? [], `${at}/evaluatorIds`);
  const scorers = input.scorers ?? [];
  compileScorers(scorers, `${at}/scorers`);

  return {
    kind,
    promptName,
    promptVersion,
    messages,
    modelConnectionId: connection.id,
    model: input.model ?? connection.model,
    parameters: input.parameters ?? {},
    concurrency: input.concurrency ?? DEFAULT_RUN_CONCURRENCY,
    scorers: scorers.map((s) => ({ ...s })),
    evaluatorIds,
  };
}

/** Every evaluator named must be the project's (400 at `<path>/<i>` otherwise). */
export async function checkEvaluators(store: Store, projectId: string, ids: readonly string[], path: string): Promise<void> {
  for (const [index, id] of ids.entries()) {
    if (!isUuid(id) || !(await store.evaluators.find(projectId, id.toLowerCase()))) throw refuse('No such evaluator in the project.', 'not_found', 'names no evaluator of the project', `${path}/${index}`);
  }
}

/** A text prompt is one user message; a chat prompt's messages as they are (placeholders cannot be filled from an item). */
function messagesOfPrompt(template: PromptTemplate, path: string): ExperimentTaskMessage[] {
  if (typeof template === 'string') return [{ role: 'user', content: template }];
  return template.map((entry) => {
    if (entry.type === 'placeholder') throw refuse('The prompt has a placeholder; a server-side run fills variables only.', 'unsupported', `the placeholder ${entry.name} cannot be filled from an item`, path);
    if (!(ROLES as readonly string[]).includes(entry.role)) throw refuse(`The prompt has a message with role ${entry.role}.`, 'unsupported', 'roles must be system, user or assistant', path);
    return { role: entry.role as ExperimentTaskMessage['role'], content: entry.content };
  });
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/**
 * An item's input as template variables: `{{input}}` is the whole input (its text, or its JSON),
 * and an object input's keys are variables too (string values as they are, others as JSON).
 */
export function variablesOfInput(input: unknown): Record<string, string> {
  const variables: Record<string, string> = { input: asText(input) };
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) variables[key] = asText(value);
  }
  return variables;
}

/** The task's messages filled with one item's input, or why they cannot be (a variable the input lacks). */
export function fillMessages(messages: readonly ExperimentTaskMessage[], input: unknown): { ok: true; messages: ExperimentTaskMessage[] } | { ok: false; error: string } {
  try {
    const template = messages.map((m) => ({ type: 'message' as const, role: m.role, content: m.content }));
    const filled = compileTemplate(template, variablesOfInput(input), {}, { variables: 'variables', placeholders: 'placeholders' }) as { content: string }[];
    return { ok: true, messages: filled.map((m, i) => ({ role: messages[i]!.role, content: m.content })) };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const missing = (error.errors ?? []).map((e) => e.path.replace(/^variables\//, ''));
    return { ok: false, error: `the item's input has no variable ${missing.join(', ')}` };
  }
}
