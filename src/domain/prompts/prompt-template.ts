import { problems, type FieldError } from '../../errors.js';

export type PromptType = 'text' | 'chat';

export interface ChatPromptMessage {
  type: 'message';
  role: string;
  content: string;
}

export interface ChatPromptPlaceholder {
  type: 'placeholder';
  name: string;
}

export type ChatPromptEntry = ChatPromptMessage | ChatPromptPlaceholder;
export type PromptTemplate = string | ChatPromptEntry[];

/** A message as compiled: what a chat-completions API takes. */
export interface ChatMessage {
  role: string;
  content: string;
}

/**
 * `{{name}}`, spaces inside the braces allowed. The name is an identifier, so text such as `{{ }}`
 * or `{{a-b}}` is left as written: a template may show braces to the model.
 */
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

const textsOf = (template: PromptTemplate): string[] =>
  typeof template === 'string' ? [template] : template.flatMap((entry) => (entry.type === 'message' ? [entry.content] : []));

/** The distinct variable names the template uses, in order of first use. */
export function variablesOf(template: PromptTemplate): string[] {
  const seen = new Set<string>();
  for (const text of textsOf(template)) for (const match of text.matchAll(VARIABLE)) seen.add(match[1]);
  return [...seen];
}

export const placeholdersOf = (template: PromptTemplate): string[] =>
  typeof template === 'string' ? [] : template.flatMap((entry) => (entry.type === 'placeholder' ? [entry.name] : []));

/** The template's shape must be its type's: a string for text, entries for chat. */
export function checkTemplateShape(type: PromptType, template: PromptTemplate, path: string): void {
  if (type === 'text' && typeof template !== 'string') {
    throw problems.validation('A text prompt has a string template.', [{ code: 'type', message: 'must be a string for a text prompt', path }]);
  }
  if (type === 'chat' && typeof template === 'string') {
    throw problems.validation('A chat prompt has a list of messages and placeholders.', [{ code: 'type', message: 'must be an array for a chat prompt', path }]);
  }
  if (typeof template !== 'string') {
    const seen = new Set<string>();
    template.forEach((entry, index) => {
      if (entry.type !== 'placeholder') return;
      if (seen.has(entry.name)) {
        throw problems.validation('A placeholder name appears twice.', [{ code: 'duplicate', message: 'placeholder names must be distinct', path: `${path}/${index}/name` }]);
      }
      seen.add(entry.name);
    });
  }
}

// One pass, each variable replaced by its value as given: inserted text is never read again, so a
// value that contains `{{x}}` stays literally in the output.
const fill = (text: string, variables: Readonly<Record<string, string>>): string =>
  text.replace(VARIABLE, (_whole, name: string) => variables[name]);

/**
 * The filled template. Every variable the template uses must be given (an extra one is ignored),
 * and in a chat prompt every placeholder; a missing one is a field error under `path`.
 */
export function compileTemplate(
  template: PromptTemplate,
  variables: Readonly<Record<string, string>>,
  placeholders: Readonly<Record<string, readonly ChatMessage[]>>,
  path: { variables: string; placeholders: string },
): string | ChatMessage[] {
  const errors: FieldError[] = [
    ...variablesOf(template)
      .filter((name) => !Object.hasOwn(variables, name))
      .map((name) => ({ code: 'required', message: `the template uses {{${name}}}`, path: `${path.variables}/${name}` })),
    ...placeholdersOf(template)
      .filter((name) => !Object.hasOwn(placeholders, name))
      .map((name) => ({ code: 'required', message: `the template has the placeholder ${name}`, path: `${path.placeholders}/${name}` })),
  ];
  if (errors.length > 0) throw problems.validation('Some variables or placeholders of the template are missing; see errors.', errors.slice(0, 20));
  if (typeof template === 'string') return fill(template, variables);
  return template.flatMap((entry) =>
    entry.type === 'message' ? [{ role: entry.role, content: fill(entry.content, variables) }] : placeholders[entry.name].map((m) => ({ role: m.role, content: m.content })),
  );
}
