import type { Knex } from 'knex';
import type { Dialect } from '../../ports/store.js';
import { TRACE_FIELDS, type FieldCatalog, type ResolvedField } from './field-catalog.js';
import type { FilterNode } from './filter-types.js';
import { foldAscii, lowerFilter, type Condition, type Operand } from './conditions.js';
import { codePoints } from './value-shape.js';

/** SQL text with `?` placeholders and its bindings, in order. User values only ever travel as bindings. */
export interface SqlFragment {
  sql: string;
  bindings: (string | number)[];
}

export interface SqlCompileOptions {
  /** Table name or alias the columns are qualified with; default `traces`. */
  table?: string;
  catalog?: FieldCatalog;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const NUMBER = 'CAST(? AS double precision)';
const TRUE: SqlFragment = { sql: '1=1', bindings: [] };
const FALSE: SqlFragment = { sql: '1=0', bindings: [] };

/**
 * ASCII-only case folding. SQLite's built-in lower() folds A–Z only; PostgreSQL's lower() folds by
 * locale, so there translate() does exactly A–Z → a–z. Both then agree with `foldAscii`.
 */
const fold = (dialect: Dialect, sql: string): string => (dialect === 'sqlite' ? `lower(${sql})` : `translate(${sql}, '${UPPER}', '${LOWER}')`);

type ValueType = 'string' | 'number' | 'boolean';

/**
 * The field's value as SQL of one JSON type, or SQL NULL where the row holds another type. Fixed
 * columns have one type; a metadata key is typed by the JSON it holds (json_type on SQLite,
 * jsonb_typeof on PostgreSQL). CASE guarantees the cast only runs on numbers.
 */
function typedValue(field: ResolvedField, type: ValueType, dialect: Dialect, table: string): SqlFragment | null {
  const column = `${table}.${field.column}`;
  if (field.kind !== 'json') {
    const columnType: ValueType = field.kind === 'string' ? 'string' : 'number';
    return columnType === type ? { sql: column, bindings: [] } : null;
  }
  const key = field.jsonKey as string;
  if (dialect === 'sqlite') {
    const path = `$."${key}"`;
    switch (type) {
      case 'string':
        return { sql: `(CASE WHEN json_type(${column}, ?) = 'text' THEN json_extract(${column}, ?) END)`, bindings: [path, path] };
      case 'number':
        return { sql: `(CASE WHEN json_type(${column}, ?) IN ('integer', 'real') THEN json_extract(${column}, ?) END)`, bindings: [path, path] };
      case 'boolean':
        return { sql: `(CASE json_type(${column}, ?) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`, bindings: [path] };
    }
  }
  const json = `CAST(${column} AS jsonb)`;
  switch (type) {
    case 'string':
      return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'string' THEN ${json} ->> ? END)`, bindings: [key, key] };
    case 'number':
      return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'number' THEN CAST(${json} ->> ? AS double precision) END)`, bindings: [key, key] };
    case 'boolean':
      return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'boolean' THEN (CASE WHEN ${json} ->> ? = 'true' THEN 1 ELSE 0 END) END)`, bindings: [key, key] };
  }
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

function emptiness(field: ResolvedField, dialect: Dialect, table: string): SqlFragment {
  if (field.kind === 'score') {
    const exists = scoreExists(field, table);
    return { sql: `(NOT ${exists.sql})`, bindings: exists.bindings };
  }
  const column = `${table}.${field.column}`;
  if (field.kind === 'string') return { sql: `(${column} IS NULL OR ${column} = '')`, bindings: [] };
  if (field.kind !== 'json') return { sql: `(${column} IS NULL)`, bindings: [] };
  // Missing key, JSON null and "" all read as SQL NULL or '' here; 0, false, [] and {} do not.
  if (dialect === 'sqlite') return { sql: `(coalesce(json_extract(${column}, ?), '') = '')`, bindings: [`$."${field.jsonKey}"`] };
  return { sql: `(coalesce(CAST(${column} AS jsonb) ->> ?, '') = '')`, bindings: [field.jsonKey as string] };
}

function comparison(condition: Extract<Condition, { kind: 'compare' }>, dialect: Dialect, table: string): SqlFragment {
  const { operand, test } = condition;
  if (condition.field.kind === 'score') return typeof operand === 'string' ? FALSE : scoreExists(condition.field, table, { test, operand });
  const type = typeof operand as ValueType;
  const value = typedValue(condition.field, type, dialect, table);
  if (!value) return FALSE;
  const v = value.sql;
  const b = value.bindings;
  // `v IS NOT NULL AND …` makes every comparison TRUE or FALSE, never NULL, so NOT is an exact complement.
  const guarded = (sql: string, bindings: (string | number)[]): SqlFragment => ({ sql: `(${v} IS NOT NULL AND ${sql})`, bindings: [...b, ...bindings] });
  if (type === 'boolean') return guarded(`${v} = ?`, [...b, operand ? 1 : 0]);
  if (type === 'number') {
    const op = { eq: '=', eq_exact: '=', gt: '>', lt: '<', gte: '>=', lte: '<=' }[test as 'eq'];
    return op ? guarded(`${v} ${op} ${NUMBER}`, [...b, operand as number]) : FALSE;
  }
  const text = operand as string;
  const folded = foldAscii(text);
  const length = codePoints(folded);
  switch (test) {
    case 'eq':
      return guarded(`${fold(dialect, v)} = ?`, [...b, folded]);
    case 'eq_exact':
      return guarded(`${v} = ?`, [...b, text]);
    case 'contains':
      return guarded(dialect === 'sqlite' ? `instr(${fold(dialect, v)}, ?) > 0` : `strpos(${fold(dialect, v)}, ?) > 0`, [...b, folded]);
    case 'starts':
      return guarded(`substr(${fold(dialect, v)}, 1, ?) = ?`, [...b, length, folded]);
    case 'ends':
      return guarded(`length(${v}) >= ? AND substr(${fold(dialect, v)}, length(${v}) - ? + 1) = ?`, [...b, length, ...b, ...b, length, folded]);
    default:
      return FALSE;
  }
}

export function conditionSql(condition: Condition, dialect: Dialect, table: string): SqlFragment {
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

/** The WHERE fragment of a validated tree, for callers that combine it with their own conditions. */
export function compileFilterSql(nodes: readonly FilterNode[], dialect: Dialect, options: SqlCompileOptions = {}): SqlFragment {
  const table = options.table ?? 'traces';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new Error(`invalid table alias ${table}`);
  return conditionSql(lowerFilter(nodes, options.catalog ?? TRACE_FIELDS), dialect, table);
}

/**
 * A validated saved-filter tree as a knex condition over `traces` (migration 002), with the same
 * semantics as `evaluateFilter` on SQLite and PostgreSQL: `query.where(compileTraceFilter(nodes, d))`
 * or `compileTraceFilter(nodes, d)(query)`.
 */
export function compileTraceFilter(nodes: readonly FilterNode[], dialect: Dialect, options: SqlCompileOptions = {}): (qb: Knex.QueryBuilder) => void {
  const fragment = compileFilterSql(nodes, dialect, options);
  return (qb) => {
    if (fragment.sql !== TRUE.sql) qb.whereRaw(fragment.sql, fragment.bindings);
  };
}
