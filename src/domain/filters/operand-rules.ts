import type { FieldError } from '../../errors.js';
import type { FieldKind, ResolvedField } from './field-catalog.js';
import type { FilterOperator } from './filter-types.js';

/**
 * Operator/value compatibility: which operand each operator takes on which kind of field. The value
 * has already passed the shape check; these rules are what the evaluator and the SQL compiler rely on.
 */
type OperatorClass = 'equality' | 'equality_list' | 'text' | 'text_list' | 'order' | 'range' | 'emptiness';

export const OPERATOR_CLASS: Record<FilterOperator, OperatorClass> = {
  is: 'equality',
  is_not: 'equality',
  equals: 'equality',
  not_equals: 'equality',
  is_exactly: 'equality',
  is_any_of: 'equality_list',
  is_not_any_of: 'equality_list',
  contains: 'text',
  not_contains: 'text',
  starts_with: 'text',
  ends_with: 'text',
  contains_any: 'text_list',
  greater_than: 'order',
  less_than: 'order',
  is_within_range: 'range',
  is_empty: 'emptiness',
  is_not_empty: 'emptiness',
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an operand of a `time` field: a number as is, an ISO 8601 date-time parsed. */
export function timeOperand(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const EQUALITY_OPERAND: Record<FieldKind, { accepts: (v: unknown) => boolean; expected: string }> = {
  string: { accepts: (v) => typeof v === 'string', expected: 'a string' },
  number: { accepts: (v) => typeof v === 'number', expected: 'a number' },
  time: { accepts: (v) => timeOperand(v) !== null, expected: 'epoch milliseconds or an ISO 8601 date-time' },
  json: { accepts: (v) => ['string', 'number', 'boolean'].includes(typeof v), expected: 'a string, number or boolean' },
  score: { accepts: (v) => typeof v === 'number' || typeof v === 'boolean', expected: 'a number or boolean' },
};

const ORDER_OPERAND: Record<FieldKind, ((v: unknown) => boolean) | null> = {
  string: null,
  number: (v) => typeof v === 'number',
  time: (v) => timeOperand(v) !== null,
  json: (v) => typeof v === 'number',
  score: (v) => typeof v === 'number',
};

const invalid = (path: string, message: string): FieldError => ({ code: 'invalid_operand', message, path });

/** Errors at `valuePath` (or the operator's path when the field cannot take the operator at all). */
export function operandErrors(field: ResolvedField, operator: FilterOperator, value: unknown, valuePath: string, operatorPath: string): FieldError[] {
  const kind = field.kind;
  switch (OPERATOR_CLASS[operator]) {
    case 'emptiness':
      return value === null ? [] : [invalid(valuePath, `${operator} takes no value: send null`)];
    case 'equality': {
      const rule = EQUALITY_OPERAND[kind];
      return rule.accepts(value) ? [] : [invalid(valuePath, `${operator} on ${field.field} needs ${rule.expected}`)];
    }
    case 'equality_list': {
      const rule = EQUALITY_OPERAND[kind];
      if (!Array.isArray(value) || value.length === 0) return [invalid(valuePath, `${operator} needs a non-empty array`)];
      return value.flatMap((item, index) => (rule.accepts(item) ? [] : [invalid(`${valuePath}/${index}`, `each item must be ${rule.expected}`)]));
    }
    case 'text':
    case 'text_list': {
      if (kind !== 'string' && kind !== 'json') {
        return [{ code: 'invalid_operator', message: `${operator} applies to text fields, not ${field.field}`, path: operatorPath }];
      }
      if (OPERATOR_CLASS[operator] === 'text') {
        return typeof value === 'string' && value.length > 0 ? [] : [invalid(valuePath, `${operator} needs a non-empty string`)];
      }
      if (!Array.isArray(value) || value.length === 0) return [invalid(valuePath, `${operator} needs a non-empty array of strings`)];
      return value.flatMap((item, index) =>
        typeof item === 'string' && item.length > 0 ? [] : [invalid(`${valuePath}/${index}`, 'each item must be a non-empty string')],
      );
    }
    case 'order': {
      const accepts = ORDER_OPERAND[kind];
      if (!accepts) return [{ code: 'invalid_operator', message: `${operator} applies to numeric or time fields, not ${field.field}`, path: operatorPath }];
      return accepts(value) ? [] : [invalid(valuePath, `${operator} on ${field.field} needs a number${kind === 'time' ? ' or date-time' : ''}`)];
    }
    case 'range': {
      const accepts = ORDER_OPERAND[kind];
      if (!accepts) return [{ code: 'invalid_operator', message: `${operator} applies to numeric or time fields, not ${field.field}`, path: operatorPath }];
      if (!Array.isArray(value) || value.length !== 2 || !accepts(value[0]) || !accepts(value[1])) {
        return [invalid(valuePath, `${operator} needs a two-element range [min, max]`)];
      }
      const [min, max] = kind === 'time' ? value.map(timeOperand) : (value as number[]);
      return (min as number) <= (max as number) ? [] : [invalid(valuePath, 'the range minimum must not exceed its maximum')];
    }
  }
}
