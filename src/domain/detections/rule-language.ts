import { createFieldCatalog, evaluateFilter, validateFilterTree, type FieldCatalog, type FilterNode } from '../filters/index.js';
import type { TraceRuleEvaluator } from './trace-rule-evaluator.js';

/**
 * The fields `conditional` (per span) and `trace_rules` (per trace) detections may name: the keys of
 * spanRuleSubject and traceRuleSubject. Rules are evaluated in memory.
 */
const text = (key: string) => [key, { kind: 'string' as const }] as const;
const number = (key: string) => [key, { kind: 'number' as const }] as const;

export const RULE_SUBJECT_FIELDS: FieldCatalog = createFieldCatalog(
  Object.fromEntries([
    ...['trace_id', 'trace_name', 'name', 'framework', 'agent_name', 'span_id', 'span_type', 'status', 'model', 'tool_name', 'error', 'error_message'].map(text),
    ...['latency_ms', 'cost', 'tokens', 'input_tokens', 'output_tokens', 'retry_count', 'span_count', 'error_count'].map(number),
  ]),
);

/** The saved-filter rule language as the detections' TraceRuleEvaluator: one evaluator for both. */
export const filterLanguageRuleEvaluator: TraceRuleEvaluator = {
  matches: (rules, subject) => evaluateFilter(rules, subject, RULE_SUBJECT_FIELDS),
};

/** Validates rule detections' config.rules with the saved-filter limits and the subject fields. */
export const validateDetectionRules = (rules: unknown, path: string): FilterNode[] =>
  validateFilterTree(rules, { path, catalog: RULE_SUBJECT_FIELDS });
