import { TRACE_FIELDS, type FieldCatalog, type ResolvedField } from './field-catalog.js';
import { isFilterGroup, type FilterNode, type FilterRule } from './filter-types.js';
import { timeOperand } from './operand-rules.js';

/**
 * The 17 operators lowered to a small core that both the in-memory evaluator and the SQL compiler
 * implement, so the two cannot drift apart operator by operator.
 *
 * Semantics of `compare` (the field's value v, the operand x):
 * - v must have x's JSON type (string, number, boolean), otherwise it does not match — no coercion:
 *   the string "5" never equals the number 5. Missing and null never match.
 * - `eq`, `contains`, `starts`, `ends` compare ASCII-case-insensitively (A–Z fold to a–z only, so
 *   both databases and JavaScript agree byte for byte); `eq_exact` is case-sensitive.
 * - `gt`, `lt`, `gte`, `lte` compare numbers (time fields as epoch ms).
 * `empty` is true for a missing value, null, or the empty string. `not` is the exact complement, so a
 * negated operator matches traces where the field is missing.
 */
export type CompareTest = 'eq' | 'eq_exact' | 'contains' | 'starts' | 'ends' | 'gt' | 'lt' | 'gte' | 'lte';
export type Operand = string | number | boolean;

export type Condition =
  | { kind: 'all'; children: Condition[] }
  | { kind: 'any'; children: Condition[] }
  | { kind: 'not'; child: Condition }
  | { kind: 'empty'; field: ResolvedField }
  | { kind: 'compare'; field: ResolvedField; test: CompareTest; operand: Operand };

/** A–Z to a–z and nothing else: what SQLite's built-in lower() does. */
export const foldAscii = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const operandOf = (field: ResolvedField, value: unknown): Operand =>
  field.kind === 'time' ? (timeOperand(value) as number) : (value as Operand);

function lowerRule(rule: FilterRule, catalog: FieldCatalog): Condition {
  const field = catalog.resolve(rule.field);
  if (!field) throw new Error(`unknown filter field ${rule.field}: validate the tree before compiling it`);
  const compare = (test: CompareTest, value: unknown): Condition => ({ kind: 'compare', field, test, operand: operandOf(field, value) });
  const list = (value: unknown) => value as unknown[];
  const not = (child: Condition): Condition => ({ kind: 'not', child });
  switch (rule.operator) {
    case 'is':
    case 'equals':
      return compare('eq', rule.value);
    case 'is_not':
    case 'not_equals':
      return not(compare('eq', rule.value));
    case 'is_exactly':
      return compare('eq_exact', rule.value);
    case 'is_any_of':
      return { kind: 'any', children: list(rule.value).map((v) => compare('eq', v)) };
    case 'is_not_any_of':
      return not({ kind: 'any', children: list(rule.value).map((v) => compare('eq', v)) });
    case 'contains':
      return compare('contains', rule.value);
    case 'not_contains':
      return not(compare('contains', rule.value));
    case 'contains_any':
      return { kind: 'any', children: list(rule.value).map((v) => compare('contains', v)) };
    case 'starts_with':
      return compare('starts', rule.value);
    case 'ends_with':
      return compare('ends', rule.value);
    case 'greater_than':
      return compare('gt', rule.value);
    case 'less_than':
      return compare('lt', rule.value);
    case 'is_within_range':
      return { kind: 'all', children: [compare('gte', list(rule.value)[0]), compare('lte', list(rule.value)[1])] };
    case 'is_empty':
      return { kind: 'empty', field };
    case 'is_not_empty':
      return not({ kind: 'empty', field });
  }
}

/**
 * A validated tree as one condition. Top-level nodes are ANDed. An empty group constrains nothing
 * (it matches every record, whatever its logical operator), so a half-built filter never hides all.
 */
export function lowerFilter(nodes: readonly FilterNode[], catalog: FieldCatalog = TRACE_FIELDS): Condition {
  const lower = (node: FilterNode): Condition => {
    if (!isFilterGroup(node)) return lowerRule(node, catalog);
    if (node.rules.length === 0) return { kind: 'all', children: [] };
    return { kind: node.logicalOperator === 'And' ? 'all' : 'any', children: node.rules.map(lower) };
  };
  return { kind: 'all', children: nodes.map(lower) };
}
