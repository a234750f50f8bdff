import type { Schemas } from '../api/operation-types';

export type Role = 'system' | 'user' | 'assistant';
export const ROLES: readonly Role[] = ['system', 'user', 'assistant'];

/** What one side of the playground runs: messages with `{{variables}}`, a connection, a model and parameters. */
export interface Draft {
  messages: { role: Role; content: string }[];
  connectionId: string;
  /** Empty: the connection's own model. */
  model: string;
  temperature: string;
  maxTokens: string;
  /** The prompt version it was opened from (linked on the run's trace, the base of a saved edit). */
  prompt: { name: string; version: number } | null;
  /** What could not be brought over (e.g. a placeholder entry or a tool message), said on the page. */
  notes: string[];
}

/** What "Open in playground" on a span hands over (router state). */
export interface SpanHandOff {
  messages: { role: string; content: string }[];
  model: string | null;
  temperature: number | null;
  maxTokens: number | null;
}

export const emptyDraft = (): Draft => ({ messages: [{ role: 'user', content: '' }], connectionId: '', model: '', temperature: '', maxTokens: '', prompt: null, notes: [] });

/** `{{ name }}` as the prompt registry reads it (src/domain/prompts/prompt-template.ts). */
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** The distinct variables of the drafts' messages, in order of first use. */
export function variablesOf(drafts: Draft[]): string[] {
  const seen = new Set<string>();
  for (const draft of drafts) for (const m of draft.messages) for (const match of m.content.matchAll(VARIABLE)) seen.add(match[1]!);
  return [...seen];
}

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);
const numberIn = (config: Record<string, unknown>, key: string): number | null => {
  const nested = typeof config.parameters === 'object' && config.parameters !== null ? (config.parameters as Record<string, unknown>)[key] : undefined;
  const value = config[key] ?? nested;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** A prompt version as a draft: a text template is one user message; a chat template's messages in order. */
export function draftOfVersion(version: Schemas['PromptVersion'], connectionId: string): Draft {
  const notes: string[] = [];
  const messages: Draft['messages'] = [];
  if (typeof version.template === 'string') messages.push({ role: 'user', content: version.template });
  else
    for (const entry of version.template) {
      if (entry.type === 'placeholder') notes.push(`The placeholder "${entry.name}" (a list of messages) is left out.`);
      else if (isRole(entry.role)) messages.push({ role: entry.role, content: entry.content });
      else notes.push(`A "${entry.role}" message is left out: the playground sends system, user and assistant messages.`);
    }
  const config = version.config as Record<string, unknown>;
  return {
    messages: messages.length > 0 ? messages : [{ role: 'user', content: '' }],
    connectionId,
    model: typeof config.model === 'string' ? config.model : '',
    temperature: String(numberIn(config, 'temperature') ?? ''),
    maxTokens: String(numberIn(config, 'max_tokens') ?? ''),
    prompt: { name: version.name, version: version.version },
    notes,
  };
}

export function draftOfSpan(span: SpanHandOff, connectionId: string): Draft {
  const notes: string[] = [];
  const messages: Draft['messages'] = [];
  for (const m of span.messages) {
    if (isRole(m.role)) messages.push({ role: m.role, content: m.content });
    else notes.push(`A "${m.role}" message is left out: the playground sends system, user and assistant messages.`);
  }
  return {
    messages: messages.length > 0 ? messages : [{ role: 'user', content: '' }],
    connectionId,
    model: span.model ?? '',
    temperature: span.temperature === null ? '' : String(span.temperature),
    maxTokens: span.maxTokens === null ? '' : String(span.maxTokens),
    prompt: null,
    notes,
  };
}

/** The run request of a draft, or the first thing wrong with it (said next to the Run button). */
export function runRequestOf(draft: Draft, variables: Record<string, string>): Schemas['PlaygroundRunRequest'] | string {
  if (!draft.connectionId) return 'Choose a model connection.';
  const parameters: Schemas['PlaygroundParameters'] = {};
  if (draft.temperature.trim() !== '') {
    const t = Number(draft.temperature);
    if (!(t >= 0 && t <= 2)) return 'Temperature is a number from 0 to 2.';
    parameters.temperature = t;
  }
  if (draft.maxTokens.trim() !== '') {
    const m = Number(draft.maxTokens);
    if (!(Number.isInteger(m) && m >= 1)) return 'Max tokens is a whole number of at least 1.';
    parameters.max_tokens = m;
  }
  const used = variablesOf([draft]);
  return {
    modelConnectionId: draft.connectionId,
    ...(draft.model.trim() ? { model: draft.model.trim() } : {}),
    messages: draft.messages,
    variables: Object.fromEntries(used.filter((name) => Object.hasOwn(variables, name)).map((name) => [name, variables[name]!])),
    parameters,
    ...(draft.prompt ? { prompt: draft.prompt } : {}),
  };
}

/** A draft as a new chat version of `name` (config keeps the model and parameters it ran with). */
export function versionRequestOf(draft: Draft, name: string, commitMessage: string): Schemas['PromptVersionCreateRequest'] {
  const config: Record<string, unknown> = {};
  if (draft.model.trim()) config.model = draft.model.trim();
  if (draft.temperature.trim() !== '') config.temperature = Number(draft.temperature);
  if (draft.maxTokens.trim() !== '') config.max_tokens = Number(draft.maxTokens);
  return {
    name,
    type: 'chat',
    template: draft.messages.map((m) => ({ type: 'message' as const, role: m.role, content: m.content })),
    config,
    ...(commitMessage.trim() ? { commitMessage: commitMessage.trim() } : {}),
    // The edit started from this version: if another was saved meanwhile, the service says so (409).
    ...(draft.prompt && draft.prompt.name === name ? { baseVersion: draft.prompt.version } : {}),
  };
}
