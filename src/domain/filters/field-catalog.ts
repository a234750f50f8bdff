/**
 * Which fields a filter may name and the kind of value each holds. One catalog per record kind: traces here;
 * the detections team can build one for spans with `createFieldCatalog`.
 *
 * - `string`: text (may be null);
 * - `number`: a number;
 * - `time`: epoch ms; operands may be epoch ms or ISO 8601 date-times;
 * - `json`: one key of a JSON object (`metadata.<key>`); its type is whatever the JSON holds;
 * - `score`: the trace's numeric or boolean scores of one name (`scores.<name>`, migration 019); a
 *   condition holds when SOME such score satisfies it (boolean scores read as 1/0 for numbers).
 *
 * Where a field is stored is the adapters' business: the SQL compiler maps record keys to columns
 * (adapters/sql/filter-compiler.ts).
 */
export type FieldKind = 'string' | 'number' | 'time' | 'json' | 'score';

export interface ResolvedField {
  /** As written in the rule, e.g. `latencyMs` or `metadata.model`. */
  field: string;
  kind: FieldKind;
  /** The record property it is read from (the JSON object's for `json`, `scores` for `score`). */
  recordKey: string;
  /** For `json`: the key inside the object; for `score`: the score name. */
  jsonKey: string | null;
  /**
   * For a field of the trace's spans (`promptName`, `promptVersion`): the span metadata key it reads.
   * The record property then holds every span's value (a list), and a condition holds when SOME
   * span's value satisfies it; `is_empty` when no span records one (docs/saved-filters.md).
   */
  spanKey?: string;
  /**
   * For `tag`: the record property (`tags`) holds the trace's tags, and a condition holds when SOME
   * tag satisfies it; `is_empty` when it has none (docs/saved-filters.md).
   */
  traceTags?: true;
}

export interface FieldCatalog {
  resolve(field: string): ResolvedField | null;
  /** For error messages: the names a rule may use. */
  readonly names: readonly string[];
}

/** Keys of JSON fields: plain enough to be safe in a database's JSON path and readable in a URL. */
export const JSON_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Score names as the score service accepts them (src/domain/evaluations/score-service.ts). */
export const SCORE_FIELD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const SCORE_PREFIX = 'scores';

export function createFieldCatalog(
  fixed: Record<string, { kind: Exclude<FieldKind, 'json' | 'score'>; spanKey?: string; traceTags?: true }>,
  /** Record properties holding a JSON object, whose keys rules name as `<property>.<key>`. */
  jsonObjects: readonly string[] = [],
  /** Whether `scores.<name>` resolves: only for catalogs over traces (a score names its trace). */
  options: { scores?: boolean } = {},
): FieldCatalog {
  return {
    names: [...Object.keys(fixed), ...jsonObjects.map((prefix) => `${prefix}.<key>`), ...(options.scores ? [`${SCORE_PREFIX}.<name>`] : [])],
    resolve(field) {
      const known = Object.hasOwn(fixed, field) ? fixed[field] : undefined;
      if (known?.traceTags) return { field, kind: known.kind, recordKey: 'tags', jsonKey: null, traceTags: true };
      if (known) return known.spanKey ? { field, kind: known.kind, recordKey: field, jsonKey: null, spanKey: known.spanKey } : { field, kind: known.kind, recordKey: field, jsonKey: null };
      const dot = field.indexOf('.');
      if (dot <= 0) return null;
      const prefix = field.slice(0, dot);
      const key = field.slice(dot + 1);
      if (options.scores && prefix === SCORE_PREFIX) {
        return SCORE_FIELD_NAME_PATTERN.test(key) ? { field, kind: 'score', recordKey: SCORE_PREFIX, jsonKey: key } : null;
      }
      if (!jsonObjects.includes(prefix) || !JSON_KEY_PATTERN.test(key)) return null;
      return { field, kind: 'json', recordKey: prefix, jsonKey: key };
    },
  };
}

/**
 * A trace (TraceRecord): its fields, `metadata.<key>`, `scores.<name>`, and the prompts its spans
 * recorded (`promptName`, `promptVersion`: lists of the spans' values, see ResolvedField.spanKey).
 */
export const TRACE_FIELDS: FieldCatalog = createFieldCatalog(
  {
    name: { kind: 'string' },
    status: { kind: 'string' },
    framework: { kind: 'string' },
    agentName: { kind: 'string' },
    errorMessage: { kind: 'string' },
    environment: { kind: 'string' },
    release: { kind: 'string' },
    latencyMs: { kind: 'number' },
    cost: { kind: 'number' },
    spanCount: { kind: 'number' },
    totalTokens: { kind: 'number' },
    createdAt: { kind: 'time' },
    // The prompt some span ran with (docs/prompts.md#linked-spans): the record holds each span's.
    promptName: { kind: 'string', spanKey: 'prompt_name' },
    promptVersion: { kind: 'number', spanKey: 'prompt_version' },
    // One of the trace's tags (TraceRecord.tags; trace_tags in SQL).
    tag: { kind: 'string', traceTags: true },
  },
  ['metadata'],
  { scores: true },
);
