import type { components } from '../generated/openapi.js';

export type PromptTemplate = components['schemas']['PromptTemplate'];

export interface CompiledMessage {
  role: string;
  content: string;
}

/** The server's variable rule (docs/prompts.md "Compiling"): an identifier of at most 64 characters, spaces inside the braces allowed. */
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** A variable or placeholder the template uses and the call did not give. */
export class PromptCompileError extends Error {
  override readonly name = 'PromptCompileError';
  constructor(readonly missing: string[]) {
    super(`missing ${missing.join(', ')}`);
  }
}

/**
 * The template filled as `POST /prompts/{name}/compile` fills it: one pass, values inserted as given
 * and never read again, extra variables ignored, a missing one an error naming it.
 */
export function compileTemplate(template: PromptTemplate, variables: Readonly<Record<string, string>> = {}, placeholders: Readonly<Record<string, readonly CompiledMessage[]>> = {}): string | CompiledMessage[] {
  const texts = typeof template === 'string' ? [template] : template.flatMap((entry) => (entry.type === 'message' ? [entry.content] : []));
  const missing = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(VARIABLE)) if (!Object.hasOwn(variables, match[1])) missing.add(`variable ${match[1]}`);
  if (typeof template !== 'string') for (const entry of template) if (entry.type === 'placeholder' && !Object.hasOwn(placeholders, entry.name)) missing.add(`placeholder ${entry.name}`);
  if (missing.size > 0) throw new PromptCompileError([...missing]);
  const fill = (text: string) => text.replace(VARIABLE, (_whole, name: string) => String(variables[name]));
  if (typeof template === 'string') return fill(template);
  return template.flatMap((entry) =>
    entry.type === 'message' ? [{ role: entry.role, content: fill(entry.content) }] : placeholders[entry.name].map((m) => ({ role: m.role, content: m.content })),
  );
}
