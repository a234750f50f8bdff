import type { components } from '../../../generated/openapi.js';

/** The node types of the rule language, exactly the contract's. */
export type FilterNode = components['schemas']['FilterNode'];
export type FilterGroup = components['schemas']['FilterGroup'];
export type FilterRule = components['schemas']['FilterRule'];
export type FilterValue = components['schemas']['FilterValue'];
export type FilterOperator = components['schemas']['FilterOperator'];

export const FILTER_OPERATORS: readonly FilterOperator[] = [
  'is',
  'is_not',
  'contains',
  'contains_any',
  'not_contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'is_empty',
  'is_not_empty',
  'is_within_range',
  'is_any_of',
  'is_not_any_of',
  'equals',
  'not_equals',
  'is_exactly',
];

/** The spec's limits of a filter tree (Resources → Saved filter, Limits). */
export const FILTER_LIMITS = {
  topLevelNodes: 100,
  totalNodes: 100,
  rulesPerGroup: 100,
  /** A top-level group is level 1. */
  groupDepth: 8,
  /** Of the normalized tree's canonical JSON. */
  normalizedBytes: 262_144,
  idLength: 128,
  fieldLength: 255,
  labelLength: 255,
  stringLength: 4096,
  arrayItems: 100,
  objectProperties: 50,
  keyLength: 255,
  /** The value itself (level 1) plus two further levels of arrays/objects. */
  valueContainerDepth: 3,
} as const;

export const isFilterGroup = (node: FilterNode): node is FilterGroup => (node as FilterGroup).type === 'group';
