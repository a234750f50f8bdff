import type { Knex } from 'knex';
import { foldAscii, lowerFilter, TRACE_FIELDS, type Condition, type FilterNode, type ResolvedField } from '../../src/domain/filters/index.js';
import { codePoints } from '../../src/domain/filters/value-shape.js';

/** SQL text with `?` placeholders and its bindings, in order. User values only ever travel as bindings. */
export interface SqlFragment {
  sql: string;
  bindings: (string | number)[];
}

export type ValueType = 'string' | 'number' | 'boolean';

/**
 * What the two databases spell differently in a compiled filter. Each implementation lives beside
 * its dialect's other SQL (adapters/sqlite/filter-dialect.ts, adapters/postgres/filter-dialect.ts);
 * everything else of the compiler is SQL both accept alike.
 */
export interface FilterDialect {
  /** `sql` with A–Z folded to a–z and nothing else, so that both databases agree with `foldAscii`. */
  fold(sql: string): string;
  /** One key of a JSON-object column as SQL of one JSON type, or SQL NULL where it holds another type. */
  jsonValue(column: string, key: string, type: ValueType): SqlFragment;
  /** True where the key is missing, JSON null or "" (0, false, [] and {} are not empty). */
  jsonEmpty(column: string, key: string): SqlFragment;
  /** True where the one bound `?` string occurs in `haystack`. */
  contains(haystack: string): string;
  /**
   * The condition (`AND …`, or nothing) that a per-trace row `row` (spans, trace_tags) belongs to the
   * trace row `trace` itself and not to an earlier trace of the same id: on PostgreSQL a trace released
   * by retention keeps its rows in a week that stays until the batch path deletes them, and an id stored
   * anew is told apart by `stored_at` (docs/partitioning.md). SQLite deletes a trace's rows at once.
   */
  sameStoredTrace(row: string, trace: string): string;
}

export interface SqlCompileOptions {
  /** Table name or alias the columns are qualified with; default `traces`. */
  table?: string;
}

/** The `traces` column (migration 002) of each TraceRecord property a rule may read (TRACE_FIELDS). */
const TRACE_COLUMNS: Readonly<Record<string, string>> = {
  name: 'name',
  status: 'status',
  framework: 'framework',
  agentName: 'agent_name',
  errorMessage: 'error_message',
  environment: 'environment',
  release: 'release',
  latencyMs: 'latency_ms',
  cost: 'cost',
  spanCount: 'span_count',
  totalTokens: 'total_tokens',
  createdAt: 'created_at',
  metadata: 'metadata',
};

/** The field's column qualified by `table`; a field the traces table does not hold is a programming error. */
function columnOf(field: ResolvedField, table: string): string {
  const column = Object.hasOwn(TRACE_COLUMNS, field.recordKey) ? TRACE_COLUMNS[field.recordKey] : undefined;
  if (!column) throw new Error(`the traces table has no column for ${field.field}`);
  return `${table}.${column}`;
}

const NUMBER = 'CAST(? AS double precision)';
const TRUE: SqlFragment = { sql: '1=1', bindings: [] };
const FALSE: SqlFragment = { sql: '1=0', bindings: [] };

/**
 * The field's value as SQL of one JSON type, or SQL NULL where the row holds another type. Fixed
 * columns have one type; a metadata key is typed by the JSON it holds (the dialect's jsonValue).
 */
function typedValue(field: ResolvedField, type: ValueType, dialect: FilterDialect, table: string): SqlFragment | null {
  const column = columnOf(field, table);
  if (field.kind !== 'json') {
    const columnType: ValueType = field.kind === 'string' ? 'string' : 'number';
    return columnType === type ? { sql: column, bindings: [] } : null;
  }
  return dialect.jsonValue(column, field.jsonKey as string, type);
}

/**
 * `scores.<name>`: some numeric or boolean trace-level score of that name on the row's trace satisfies
 * `test` (no condition: any such score exists). A correlated EXISTS over scores (project_id,
 * trace_id), identical on both databases; boolean scores are stored as 1/0 (migration 019).
 */
function scoreExists(field: ResolvedField, table: string, condition?: { test: string; operand: number | boolean }): SqlFragment {
  const base =
    `EXISTS (SELECT 1 FROM scores filter_sc WHERE filter_sc.project_id = ${table}.project_id AND filter_sc.trace_id = ${table}.id` +
    ` AND filter_sc.target = 'trace' AND filter_sc.name = ? AND filter_sc.numeric_value IS NOT NULL`;
  const name = field.jsonKey as string;
  if (!condition) return { sql: `(${base} AND filter_sc.data_type IN ('numeric', 'boolean')))`, bindings: [name] };
  if (typeof condition.operand === 'boolean') {
    const ok = condition.test === 'eq' || condition.test === 'eq_exact';
    return ok ? { sql: `(${base} AND filter_sc.data_type = 'boolean' AND filter_sc.numeric_value = ?))`, bindings: [name, condition.operand ? 1 : 0] } : FALSE;
  }
  const op = { eq: '=', eq_exact: '=', gt: '>', lt: '<', gte: '>=', lte: '<=' }[condition.test as 'eq'];
  if (!op) return FALSE;
  return { sql: `(${base} AND filter_sc.data_type IN ('numeric', 'boolean') AND filter_sc.numeric_value ${op} ${NUMBER}))`, bindings: [name, condition.operand] };
}

/**
 * A span field (`promptName`, `promptVersion`): some span of the row's trace has the metadata key
 * satisfying `test` on its typed value (no test: holds a non-empty value). A correlated EXISTS over
 * spans (project_id, trace_id), the key typed by the dialect's jsonValue as any metadata key is.
 */
function spanExists(field: ResolvedField, dialect: FilterDialect, table: string, test: (value: SqlFragment) => SqlFragment | null): SqlFragment {
  const type: ValueType = field.kind === 'number' ? 'number' : 'string';
  const value = dialect.jsonValue('filter_sp.metadata', field.spanKey as string, type);
  const holds = test(value);
  if (!holds) return FALSE;
  return {
    sql: `(EXISTS (SELECT 1 FROM spans filter_sp WHERE filter_sp.project_id = ${table}.project_id AND filter_sp.trace_id = ${table}.id${dialect.sameStoredTrace('filter_sp', table)} AND ${holds.sql}))`,
    bindings: holds.bindings,
  };
}

/**
 * `tag`: some row of the trace's tags (trace_tags, migration 049) satisfies `test` on its text (no
 * test: the trace has a tag). A correlated EXISTS on the primary key (project_id, trace_id, tag).
 */
function tagExists(dialect: FilterDialect, table: string, test: (value: SqlFragment) => SqlFragment | null): SqlFragment {
  const holds = test({ sql: 'filter_tg.tag', bindings: [] });
  if (!holds) return FALSE;
  return {
    sql: `(EXISTS (SELECT 1 FROM trace_tags filter_tg WHERE filter_tg.project_id = ${table}.project_id AND filter_tg.trace_id = ${table}.id${dialect.sameStoredTrace('filter_tg', table)} AND ${holds.sql}))`,
    bindings: holds.bindings,
  };
}

function emptiness(field: ResolvedField, dialect: FilterDialect, table: string): SqlFragment {
  if (field.traceTags) {
    const some = tagExists(dialect, table, () => TRUE);
    return { sql: `(NOT ${some.sql})`, bindings: some.bindings };
  }
  if (field.spanKey) {
    const some = spanExists(field, dialect, table, (v) =>
      field.kind === 'number' ? { sql: `${v.sql} IS NOT NULL`, bindings: v.bindings } : { sql: `${v.sql} IS NOT NULL AND ${v.sql} <> ''`, bindings: [...v.bindings, ...v.bindings] },
    );
    return { sql: `(NOT ${some.sql})`, bindings: some.bindings };
  }
  if (field.kind === 'score') {
    const exists = scoreExists(field, table);
    return { sql: `(NOT ${exists.sql})`, bindings: exists.bindings };
  }
  const column = columnOf(field, table);
  if (field.kind === 'string') return { sql: `(${column} IS NULL OR ${column} = '')`, bindings: [] };
  if (field.kind !== 'json') return { sql: `(${column} IS NULL)`, bindings: [] };
  return dialect.jsonEmpty(column, field.jsonKey as string);
}

function comparison(condition: Extract<Condition, { kind: 'compare' }>, dialect: FilterDialect, table: string): SqlFragment {
  const { operand, test } = condition;
  if (condition.field.kind === 'score') return typeof operand === 'string' ? FALSE : scoreExists(condition.field, table, { test, operand });
  const type = typeof operand as ValueType;
  if (condition.field.traceTags) return type === 'string' ? tagExists(dialect, table, (value) => comparedValue(value, condition, dialect)) : FALSE;
  if (condition.field.spanKey) {
    const kind: ValueType = condition.field.kind === 'number' ? 'number' : 'string';
    return kind === type ? spanExists(condition.field, dialect, table, (value) => comparedValue(value, condition, dialect)) : FALSE;
  }
  const value = typedValue(condition.field, type, dialect, table);
  if (!value) return FALSE;
  return comparedValue(value, condition, dialect) ?? FALSE;
}

/** `value` (SQL of the operand's type) compared by the condition's test; null when the test cannot hold. */
function comparedValue(value: SqlFragment, condition: Extract<Condition, { kind: 'compare' }>, dialect: FilterDialect): SqlFragment | null {
  const { operand, test } = condition;
  const type = typeof operand as ValueType;
  const v = value.sql;
  const b = value.bindings;
  // `v IS NOT NULL AND …` makes every comparison TRUE or FALSE, never NULL, so NOT is an exact complement.
  const guarded = (sql: string, bindings: (string | number)[]): SqlFragment => ({ sql: `(${v} IS NOT NULL AND ${sql})`, bindings: [...b, ...bindings] });
  if (type === 'boolean') return guarded(`${v} = ?`, [...b, operand ? 1 : 0]);
  if (type === 'number') {
    const op = { eq: '=', eq_exact: '=', gt: '>', lt: '<', gte: '>=', lte: '<=' }[test as 'eq'];
    return op ? guarded(`${v} ${op} ${NUMBER}`, [...b, operand as number]) : null;
  }
  const text = operand as string;
  const folded = foldAscii(text);
  const length = codePoints(folded);
  switch (test) {
    case 'eq':
      return guarded(`${dialect.fold(v)} = ?`, [...b, folded]);
    case 'eq_exact':
      return guarded(`${v} = ?`, [...b, text]);
    case 'contains':
      return guarded(dialect.contains(dialect.fold(v)), [...b, folded]);
    case 'starts':
      return guarded(`substr(${dialect.fold(v)}, 1, ?) = ?`, [...b, length, folded]);
    case 'ends':
      return guarded(`length(${v}) >= ? AND substr(${dialect.fold(v)}, length(${v}) - ? + 1) = ?`, [...b, length, ...b, ...b, length, folded]);
    default:
      return null;
  }
}

function conditionSql(condition: Condition, dialect: FilterDialect, table: string): SqlFragment {
  switch (condition.kind) {
    case 'all':
    case 'any': {
      if (condition.children.length === 0) return condition.kind === 'all' ? TRUE : FALSE;
      const parts = condition.children.map((child) => conditionSql(child, dialect, table));
      return { sql: `(${parts.map((p) => p.sql).join(condition.kind === 'all' ? ' AND ' : ' OR ')})`, bindings: parts.flatMap((p) => p.bindings) };
    }
    case 'not': {
      const inner = conditionSql(condition.child, dialect, table);
      return { sql: `(NOT ${inner.sql})`, bindings: inner.bindings };
    }
    case 'empty':
      return emptiness(condition.field, dialect, table);
    case 'compare':
      return comparison(condition, dialect, table);
  }
}

/**
 * A validated rule tree (the saved-filter language, src/domain/filters) as a WHERE fragment over
 * `traces` (migration 002), with the same semantics as `evaluateFilter`: the domain hands the rules
 * across the port and the SQL adapters compile them here, in their own dialect.
 */
export function compileFilterSql(nodes: readonly FilterNode[], dialect: FilterDialect, options: SqlCompileOptions = {}): SqlFragment {
  const table = options.table ?? 'traces';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`invalid table alias ${table}`);
  return conditionSql(lowerFilter(nodes, TRACE_FIELDS), dialect, table);
}

/** Adds the rules to `qb` as one parenthesized condition; an always-true tree adds nothing. */
export function whereFilter(qb: Knex.QueryBuilder, nodes: readonly FilterNode[], dialect: FilterDialect, options: SqlCompileOptions = {}): void {
  const fragment = compileFilterSql(nodes, dialect, options);
  if (fragment.sql !== TRUE.sql) qb.whereRaw(fragment.sql, fragment.bindings);
}
