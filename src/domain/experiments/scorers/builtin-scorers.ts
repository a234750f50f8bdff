import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type { Ajv as AjvInstance, ValidateFunction } from 'ajv';
import { problems } from '../../../errors.js';
import { canonicalJson } from '../../../pagination/cursor.js';
import { compileLinearPattern, UnsupportedPatternError, type LinearPattern } from '../../detections/scanning/linear-pattern.js';
import { normalizedEditSimilarity } from './edit-similarity.js';

export type ScorerKind = 'exact_match' | 'contains' | 'regex' | 'valid_json' | 'json_schema' | 'numeric_tolerance' | 'edit_similarity';

export interface ScorerSpec {
  name: string;
  kind: ScorerKind;
  pattern?: string;
  schema?: Record<string, unknown>;
  tolerance?: number;
  caseSensitive?: boolean;
}

/** A scorer ready to run: null means "no score for this result" (e.g. no expected output to compare with). */
export interface CompiledScorer {
  name: string;
  kind: ScorerKind;
  dataType: 'boolean' | 'numeric';
  score(output: unknown, expected: unknown): boolean | number | null;
}

/** Bytes of a JSON Schema a scorer accepts: compiling is linear in it, and so is validating against it. */
export const MAX_SCHEMA_BYTES = 65_536;

/** A string, or the canonical JSON of any other value (key order does not matter). */
const text = (value: unknown): string => (typeof value === 'string' ? value : canonicalJson(value ?? null));
const fold = (value: string, caseSensitive: boolean): string => (caseSensitive ? value : value.toLowerCase());
const parsedJson = (value: unknown): { ok: true; value: unknown } | { ok: false } => {
  if (typeof value !== 'string') return value === null || value === undefined ? { ok: false } : { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) as unknown };
  } catch {
    return { ok: false };
  }
};
const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const hasExpected = (expected: unknown): boolean => expected !== null && expected !== undefined;

const requireModule = createRequire(import.meta.url);

/**
 * A JSON Schema compiler for json_schema scorers, created on the first one: ajv (a CommonJS package,
 * so `require` loads it at once) is ~35 ms of start-up CPU a server pays before its first request
 * otherwise, for a scorer kind most experiments never use (issue #61).
 */
function schemaCompiler(): AjvInstance {
  const { Ajv } = requireModule('ajv') as typeof AjvModule;
  return new Ajv({ allErrors: false, strict: false });
}

/**
 * Compiles the deterministic scorers of a request, refusing a bad one at its path
 * (`/body/scorers/<i>/…`) before any result is scored: patterns run on the linear-time engine
 * (RE2 syntax, no catastrophic backtracking), schemas are bounded in size and compiled once.
 */
export function compileScorers(specs: readonly ScorerSpec[], at = '/body/scorers'): CompiledScorer[] {
  let ajv: AjvInstance | null = null;
  return specs.map((spec, index) => {
    const path = `${at}/${index}`;
    const caseSensitive = spec.caseSensitive ?? true;
    const base = { name: spec.name, kind: spec.kind };
    switch (spec.kind) {
      case 'exact_match':
        return { ...base, dataType: 'boolean', score: (out, exp) => (hasExpected(exp) ? fold(text(out), caseSensitive) === fold(text(exp), caseSensitive) : null) };
      case 'contains':
        return { ...base, dataType: 'boolean', score: (out, exp) => (hasExpected(exp) ? fold(text(out), caseSensitive).includes(fold(text(exp), caseSensitive)) : null) };
      case 'regex': {
        if (spec.pattern === undefined) throw problems.validation('A regex scorer needs pattern.', [{ code: 'required', message: 'a regex scorer needs pattern', path: `${path}/pattern` }]);
        let pattern: LinearPattern;
        try {
          pattern = compileLinearPattern(spec.pattern, caseSensitive ? '' : 'i');
        } catch (error) {
          if (!(error instanceof UnsupportedPatternError)) throw error;
          throw problems.validation('The pattern cannot be used.', [{ code: 'pattern', message: error.message.slice(0, 160), path: `${path}/pattern` }]);
        }
        return { ...base, dataType: 'boolean', score: (out) => pattern.matcher(text(out)).find() };
      }
      case 'valid_json':
        return { ...base, dataType: 'boolean', score: (out) => parsedJson(out).ok };
      case 'json_schema': {
        if (spec.schema === undefined) throw problems.validation('A json_schema scorer needs schema.', [{ code: 'required', message: 'a json_schema scorer needs schema', path: `${path}/schema` }]);
        if (Buffer.byteLength(JSON.stringify(spec.schema), 'utf8') > MAX_SCHEMA_BYTES) {
          throw problems.validation('The schema is too large.', [{ code: 'max_bytes', message: `must be at most ${MAX_SCHEMA_BYTES} bytes of JSON`, path: `${path}/schema` }]);
        }
        let validate: ValidateFunction;
        try {
          validate = (ajv ??= schemaCompiler()).compile(spec.schema);
        } catch (error) {
          throw problems.validation('The schema does not compile.', [{ code: 'schema', message: `not a valid JSON Schema: ${(error as Error).message}`.slice(0, 160), path: `${path}/schema` }]);
        }
        return {
          ...base,
          dataType: 'boolean',
          score: (out) => {
            const parsed = parsedJson(out);
            return parsed.ok && validate(parsed.value);
          },
        };
      }
      case 'numeric_tolerance': {
        const tolerance = spec.tolerance ?? 0;
        return {
          ...base,
          dataType: 'boolean',
          score: (out, exp) => {
            const expected = numberOf(exp);
            if (expected === null) return null;
            const actual = numberOf(out);
            return actual !== null && Math.abs(actual - expected) <= tolerance;
          },
        };
      }
      case 'edit_similarity':
        return { ...base, dataType: 'numeric', score: (out, exp) => (hasExpected(exp) ? normalizedEditSimilarity(fold(text(out), caseSensitive), fold(text(exp), caseSensitive)) : null) };
    }
  });
}
