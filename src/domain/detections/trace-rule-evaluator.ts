import type { FilterNode } from './detection-types.js';

/** A flat record of the fields rules may name (latency_ms, cost, tokens, status, retry_count, …). */
export type TraceRuleSubject = Record<string, string | number | boolean | null>;

/**
 * The saved-filter rule language, as a port: `conditional` and `trace_rules` detections execute
 * their FilterNode[] through it. The saved-filters area implements it (its in-memory evaluator);
 * detections never interpret rules themselves.
 */
export interface TraceRuleEvaluator {
  matches(rules: FilterNode[], subject: TraceRuleSubject): boolean;
}
