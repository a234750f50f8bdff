import type { DetectionRecord } from '../../../ports/detections.js';
import type { EvaluatedSpan, EvaluatedTrace, EvaluationTraceReader } from '../../../ports/evaluation-traces.js';
import type { ScanContext } from '../scanning/scan-context.js';
import type { DetectionModelRepository } from '../../../ports/detection-models.js';

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
  /** Where text detections run (a worker thread pool) and their budgets. */
  scan: ScanContext;
  /** Model versions of learned detections, read in the same transaction (absent: learned detections are skipped). */
  models?: DetectionModelRepository;
}

/**
 * Executes one detection type. The detection fires when a finding's score reaches its threshold.
 * Plugins implement this same interface (see DetectorRegistry).
 */
export interface DetectorEngine {
  evaluate(detection: DetectionRecord, subject: TraceSubject, context: DetectorContext): Promise<Finding | null>;
}
