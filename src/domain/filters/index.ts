/** The rule language shared by saved filters, the trace list and the detections team's rule detectors. */
export * from './filter-types.js';
export * from './field-catalog.js';
export { checkFilterTree, validateFilterTree, normalizedBytes, type FilterValidationOptions } from './filter-validation.js';
export { valueShapeErrors } from './value-shape.js';
export { lowerFilter, foldAscii, type Condition } from './conditions.js';
export { evaluateFilter, evaluateCondition, type FilterRecord } from './evaluate.js';
