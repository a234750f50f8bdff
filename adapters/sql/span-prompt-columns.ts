import type { Dialect } from '../../src/ports/store.js';

/**
 * The prompt a span recorded (`metadata.prompt_name` / `prompt_version`, docs/prompts.md#linked-spans)
 * as SQL expressions over a spans alias. They are exactly the expressions migration 033 indexes
 * (spans_prompt_idx), so a lookup by prompt is an index seek: each database matches an index on an
 * expression only when the query spells the same expression.
 */
export interface SpanPromptColumns {
  name: string;
  /** Compared with `versionBinding`: text on PostgreSQL (`->>`), the JSON integer on SQLite. */
  version: string;
  /** The version as a number in a select list. */
  versionNumber: string;
  versionBinding(version: number): string | number;
}

export function spanPromptColumns(dialect: Dialect, alias: string): SpanPromptColumns {
  const metadata = alias ? `${alias}.metadata` : 'metadata';
  if (dialect === 'postgres') {
    const version = `(CAST(${metadata} AS jsonb) ->> 'prompt_version')`;
    return {
      name: `(CAST(${metadata} AS jsonb) ->> 'prompt_name')`,
      version,
      versionNumber: `CAST(${version} AS integer)`,
      versionBinding: (v) => String(v),
    };
  }
  const version = `json_extract(${metadata}, '$.prompt_version')`;
  return { name: `json_extract(${metadata}, '$.prompt_name')`, version, versionNumber: version, versionBinding: (v) => v };
}
