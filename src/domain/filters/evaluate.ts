import { TRACE_FIELDS, type FieldCatalog, type ResolvedField } from './field-catalog.js';
import type { FilterNode } from './filter-types.js';
import { foldAscii, lowerFilter, type CompareTest, type Condition, type Operand } from './conditions.js';
import { timeOperand } from './operand-rules.js';

/**
 * A flat record: a trace row in camelCase (metadata as an object or JSON text), a span, … Any object
 * type is accepted (interfaces have no index signature); fields are read by name.
 */
export type FilterRecord = object;

function jsonObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A record's scores for `scores.<name>` fields: `scores` holds the trace-level scores as
 * `{ name, dataType, numericValue }` (a trace row carries none, so such a rule matches nothing there,
 * as SQL would find no score). Only numeric and boolean scores count, booleans as 1/0.
 */
interface ScoreEntry {
  name: string;
  dataType: string;
  numericValue: number | null;
}

function scoreValues(record: FilterRecord, field: ResolvedField): { value: number; boolean: boolean }[] {
  const raw = Object.hasOwn(record, field.recordKey) ? (record as Record<string, unknown>)[field.recordKey] : undefined;
  if (!Array.isArray(raw)) return [];
  return (raw as ScoreEntry[])
    .filter((s) => s && s.name === field.jsonKey && (s.dataType === 'numeric' || s.dataType === 'boolean') && typeof s.numericValue === 'number')
    .map((s) => ({ value: s.numericValue as number, boolean: s.dataType === 'boolean' }));
}

function compareScores(record: FilterRecord, field: ResolvedField, test: CompareTest, operand: Operand): boolean {
  return scoreValues(record, field).some((s) => {
    if (typeof operand === 'boolean') return s.boolean && (test === 'eq' || test === 'eq_exact') && s.value === (operand ? 1 : 0);
    return compare(s.value, test, operand);
  });
}

/**
 * A span field's values: the record's list under the field's name, only the non-empty ones of the
 * field's kind (as SQL reads a span's metadata key: a string prompt name, a numeric version).
 */
function spanValues(record: FilterRecord, field: ResolvedField): unknown[] {
  const raw = Object.hasOwn(record, field.recordKey) ? (record as Record<string, unknown>)[field.recordKey] : undefined;
  if (!Array.isArray(raw)) return [];
  return raw.filter((value) => (field.kind === 'number' ? typeof value === 'number' : typeof value === 'string' && value !== ''));
}

function read(record: FilterRecord, field: ResolvedField): unknown {
  const raw = Object.hasOwn(record, field.recordKey) ? (record as Record<string, unknown>)[field.recordKey] : undefined;
  if (field.kind === 'json') {
    const object = jsonObject(raw);
    return Object.hasOwn(object, field.jsonKey as string) ? object[field.jsonKey as string] : undefined;
  }
  if (field.kind === 'time') return raw instanceof Date ? raw.getTime() : raw === null || raw === undefined ? raw : timeOperand(raw);
  return raw;
}

function compare(value: unknown, test: CompareTest, operand: Operand): boolean {
  if (value === null || value === undefined || typeof value !== typeof operand) return false;
  if (typeof operand === 'string') {
    const text = value as string;
    switch (test) {
      case 'eq':
        return foldAscii(text) === foldAscii(operand);
      case 'eq_exact':
        return text === operand;
      case 'contains':
        return foldAscii(text).includes(foldAscii(operand));
      case 'starts':
        return foldAscii(text).startsWith(foldAscii(operand));
      case 'ends':
        return foldAscii(text).endsWith(foldAscii(operand));
      default:
        return false;
    }
  }
  if (typeof operand === 'number') {
    const number = value as number;
    switch (test) {
      case 'eq':
      case 'eq_exact':
        return number === operand;
      case 'gt':
        return number > operand;
      case 'lt':
        return number < operand;
      case 'gte':
        return number >= operand;
      case 'lte':
        return number <= operand;
      default:
        return false;
    }
  }
  return (test === 'eq' || test === 'eq_exact') && value === operand;
}

export function evaluateCondition(condition: Condition, record: FilterRecord): boolean {
  switch (condition.kind) {
    case 'all':
      return condition.children.every((child) => evaluateCondition(child, record));
    case 'any':
      return condition.children.some((child) => evaluateCondition(child, record));
    case 'not':
      return !evaluateCondition(condition.child, record);
    case 'empty': {
      if (condition.field.kind === 'score') return scoreValues(record, condition.field).length === 0;
      if (condition.field.spanKey || condition.field.traceTags) return spanValues(record, condition.field).length === 0;
      const value = read(record, condition.field);
      return value === null || value === undefined || value === '';
    }
    case 'compare':
      if (condition.field.kind === 'score') return compareScores(record, condition.field, condition.test, condition.operand);
      if (condition.field.spanKey || condition.field.traceTags) return spanValues(record, condition.field).some((value) => compare(value, condition.test, condition.operand));
      return compare(read(record, condition.field), condition.test, condition.operand);
  }
}

/**
 * The reference semantics of a (validated) filter tree over one record — a trace by default, or any
 * flat record with the catalog describing its fields (the detections team's span rules). The SQL
 * compiler must agree with this on every tree and row; a property test holds it to that.
 */
export function evaluateFilter(nodes: readonly FilterNode[], record: FilterRecord, catalog: FieldCatalog = TRACE_FIELDS): boolean {
  return evaluateCondition(lowerFilter(nodes, catalog), record);
}
