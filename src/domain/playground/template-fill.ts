import type { FieldError } from '../../errors.js';

/** `{{ name }}`: a placeholder, spaces inside the braces allowed (as Langfuse and Mustache write them). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]{0,99})\s*\}\}/g;

/** The placeholder names of `text`, each once, in order of first appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Fills every placeholder of `texts` from `variables` in one pass (a value that itself contains
 * `{{x}}` is inserted as written, never filled again). A placeholder without a value is a field
 * error at `/body/variables/<name>`, one per name; unused variables are allowed (a template edited in
 * the playground may drop one).
 */
export function fillTemplates(texts: string[], variables: Record<string, string>): { filled: string[]; missing: FieldError[] } {
  const missing = new Map<string, FieldError>();
  const filled = texts.map((text) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      if (Object.hasOwn(variables, name)) return variables[name]!;
      if (!missing.has(name)) missing.set(name, { path: `/body/variables/${name}`, code: 'required', message: `the template uses {{${name}}}; give it a value` });
      return whole;
    }),
  );
  return { filled, missing: [...missing.values()] };
}
