import type { EvaluatedSpan, EvaluatedTrace } from '../../../ports/evaluation-traces.js';
import type { RuleDetectorConfig } from '../detection-types.js';
import type { TraceRuleEvaluator, TraceRuleSubject } from '../trace-rule-evaluator.js';
import type { DetectorEngine, Finding } from './detector-engine.js';

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function spanTokens(metadata: Record<string, unknown>): number | null {
  const total = numberOrNull(metadata.tokens_used);
  if (total !== null) return total;
  const input = numberOrNull(metadata.input_tokens);
  const output = numberOrNull(metadata.output_tokens);
  return input === null && output === null ? null : (input ?? 0) + (output ?? 0);
}

/** The fields of one span that `conditional` rules may name, with its trace's for context. */
export function spanRuleSubject(trace: EvaluatedTrace, span: EvaluatedSpan): TraceRuleSubject {
  const m = span.metadata;
  return {
    trace_id: trace.id,
    trace_name: trace.name,
    framework: trace.framework,
    agent_name: trace.agentName,
    span_id: span.spanId,
    name: span.name,
    span_type: span.spanType,
    status: span.status,
    latency_ms: span.latencyMs,
    cost: span.cost,
    tokens: spanTokens(m),
    input_tokens: numberOrNull(m.input_tokens),
    output_tokens: numberOrNull(m.output_tokens),
    retry_count: numberOrNull(m.retry_count) ?? 0,
    model: stringOrNull(m.model),
    tool_name: stringOrNull(m.tool_name),
    error: span.error,
  };
}

/** The fields of a whole trace that `trace_rules` may name. */
export function traceRuleSubject(trace: EvaluatedTrace, spans: EvaluatedSpan[]): TraceRuleSubject {
  const models = spans.map((s) => stringOrNull(s.metadata.model)).filter((m): m is string => m !== null);
  return {
    trace_id: trace.id,
    name: trace.name,
    status: trace.status,
    latency_ms: trace.latencyMs,
    cost: trace.cost,
    tokens: trace.totalTokens,
    span_count: trace.spanCount,
    error_count: spans.filter((s) => s.status === 'error').length,
    retry_count: spans.reduce((sum, s) => sum + (numberOrNull(s.metadata.retry_count) ?? 0), 0),
    model: models[0] ?? null,
    framework: trace.framework,
    agent_name: trace.agentName,
    error_message: trace.errorMessage,
  };
}

/** `conditional`: the first span the rules match (score 1). */
export function conditionalDetector(evaluator: TraceRuleEvaluator): DetectorEngine {
  return {
    async evaluate(detection, { trace, spans }): Promise<Finding | null> {
      const { rules } = detection.config as RuleDetectorConfig;
      const span = spans.find((s) => evaluator.matches(rules, spanRuleSubject(trace, s)));
      return span ? { spanId: span.spanId, score: 1, evidence: { matched: 'span' } } : null;
    },
  };
}

/** `trace_rules`: the rules over the trace's own fields (score 1). */
export function traceRulesDetector(evaluator: TraceRuleEvaluator): DetectorEngine {
  return {
    async evaluate(detection, { trace, spans }): Promise<Finding | null> {
      const { rules } = detection.config as RuleDetectorConfig;
      return evaluator.matches(rules, traceRuleSubject(trace, spans)) ? { spanId: null, score: 1, evidence: { matched: 'trace' } } : null;
    },
  };
}
