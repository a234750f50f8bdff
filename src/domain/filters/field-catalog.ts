/**
 * Which fields a filter may name and how each is stored. One catalog per record kind: traces here;
 * the detections team can build one for spans with `createFieldCatalog`.
 *
 * - `string`: a text column (may be null);
 * - `number`: a numeric column;
 * - `time`: epoch-ms integer column; operands may be epoch ms or ISO 8601 date-times;
 * - `json`: one key of a JSON-object column (`metadata.<key>`); its type is whatever the JSON holds;
 * - `score`: the trace's numeric or boolean scores of one name (`scores.<name>`, migration 019); a
 *   condition holds when SOME such score satisfies it (boolean scores read as 1/0 for numbers).
 */
export type FieldKind = 'string' | 'number' | 'time' | 'json' | 'score';

export interface ResolvedField {
  /** As written in the rule, e.g. `latencyMs` or `metadata.model`. */
  field: string;
  kind: FieldKind;
  /** The SQL column. */
  column: string;
  /** The record property the in-memory evaluator reads (the JSON object's for `json`). */
  recordKey: string;
  /** For `json`: the key inside the object; for `score`: the score name. */
  jsonKey: string | null;
}

export interface FieldCatalog {
  resolve(field: string): ResolvedField | null;
  /** For error messages: the names a rule may use. */
  readonly names: readonly string[];
}

/** Keys of JSON fields: plain enough to be safe in a SQLite JSON path and readable in a URL. */
export const JSON_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Score names as the score service accepts them (src/domain/evaluations/score-service.ts). */
export const SCORE_FIELD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const SCORE_PREFIX = 'scores';

export function createFieldCatalog(
  fixed: Record<string, { kind: Exclude<FieldKind, 'json'>; column: string }>,
  jsonObjects: Record<string, { column: string }> = {},
  /** Whether `scores.<name>` resolves: only for catalogs over the traces table (the scores join on its id). */
  options: { scores?: boolean } = {},
): FieldCatalog {
  return {
    names: [...Object.keys(fixed), ...Object.keys(jsonObjects).map((prefix) => `${prefix}.<key>`), ...(options.scores ? [`${SCORE_PREFIX}.<name>`] : [])],
    resolve(field) {
      const known = Object.hasOwn(fixed, field) ? fixed[field] : undefined;
      if (known) return { field, kind: known.kind, column: known.column, recordKey: field, jsonKey: null };
      const dot = field.indexOf('.');
      if (dot <= 0) return null;
      const prefix = field.slice(0, dot);
      const key = field.slice(dot + 1);
      if (options.scores && prefix === SCORE_PREFIX) {
        return SCORE_FIELD_NAME_PATTERN.test(key) ? { field, kind: 'score', column: 'id', recordKey: SCORE_PREFIX, jsonKey: key } : null;
      }
      const object = Object.hasOwn(jsonObjects, prefix) ? jsonObjects[prefix] : undefined;
      if (!object || !JSON_KEY_PATTERN.test(key)) return null;
      return { field, kind: 'json', column: object.column, recordKey: prefix, jsonKey: key };
    },
  };
}

/** The `traces` table of migration 002. */
export const TRACE_FIELDS: FieldCatalog = createFieldCatalog(
  {
    name: { kind: 'string', column: 'name' },
    status: { kind: 'string', column: 'status' },
    framework: { kind: 'string', column: 'framework' },
    agentName: { kind: 'string', column: 'agent_name' },
    errorMessage: { kind: 'string', column: 'error_message' },
    latencyMs: { kind: 'number', column: 'latency_ms' },
    cost: { kind: 'number', column: 'cost' },
    spanCount: { kind: 'number', column: 'span_count' },
    totalTokens: { kind: 'number', column: 'total_tokens' },
    createdAt: { kind: 'time', column: 'created_at' },
  },
  { metadata: { column: 'metadata' } },
  { scores: true },
);
