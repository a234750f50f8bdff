import type { DetectionRecord } from '../../../ports/detections.js';
import type { EvaluatedSpan, EvaluatedTrace, EvaluationTraceReader } from '../../../ports/evaluation-traces.js';

/** One trace as detectors see it. */
export interface TraceSubject {
  trace: EvaluatedTrace;
  spans: EvaluatedSpan[];
}

/** What a detector found: the span it points at (null for the whole trace), a 0–1 score, why. */
export interface Finding {
  spanId: string | null;
  score: number;
  evidence: Record<string, unknown>;
  /** Set by statistical detectors, which also announce alert.anomaly_detected. */
  anomaly?: boolean;
}

/** Reads a detector may need beyond the trace itself, bound to the evaluation's transaction. */
export interface DetectorContext {
  traces: EvaluationTraceReader;
}

/**
 * Executes one detection type. The detection fires when a finding's score reaches its threshold.
 * Plugins implement this same interface (see DetectorRegistry).
 */
export interface DetectorEngine {
  evaluate(detection: DetectionRecord, subject: TraceSubject, context: DetectorContext): Promise<Finding | null>;
}

/** Text of a span field, bounded so a huge payload cannot stall evaluation. */
export const MAX_SCANNED_CHARS = 200_000;

export function spanFieldText(span: EvaluatedSpan, field: 'name' | 'input' | 'output' | 'error' | 'metadata'): string {
  const value: unknown = field === 'name' ? span.name : field === 'error' ? span.error : field === 'metadata' ? span.metadata : span[field];
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
}
