import type { Schemas } from '../api/operation-types';

/** The rule builder's rows and their saved-filter rules, without the form (so non-JSX modules and tests can use them). */
export interface RuleRow {
  field: string;
  operator: Schemas['FilterOperator'];
  value: string;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Rows of the saved-filter rule language (joined with And), as the service validates them. */
export function rulesOf(rows: RuleRow[]): Schemas['FilterRule'][] {
  return rows.map((row, i) => ({
    id: `rule-${i + 1}`,
    field: row.field.trim(),
    operator: row.operator,
    value: row.operator === 'is_empty' || row.operator === 'is_not_empty' ? null : NUMERIC.test(row.value.trim()) ? Number(row.value.trim()) : row.value,
  }));
}

export function rowsOf(rules: unknown): RuleRow[] {
  if (!Array.isArray(rules)) return [];
  return rules
    .filter((r): r is Schemas['FilterRule'] => !!r && typeof r === 'object' && 'field' in r)
    .map((r) => ({ field: r.field, operator: r.operator, value: r.value === null || r.value === undefined ? '' : String(r.value) }));
}
