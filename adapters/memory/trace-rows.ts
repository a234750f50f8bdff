import type { DetectionEventRecord } from '../../src/ports/detection-events.js';
import type { ScoreRecord } from '../../src/ports/evaluations.js';
import type { TraceRecord } from '../../src/ports/traces.js';

/**
 * What the in-memory readers read: traces, their scores and detection firings, as the domain's own
 * records. The readers never change them; whoever holds the rows may replace them between calls.
 */
export interface MemoryTraceRows {
  traces: readonly TraceRecord[];
  scores: readonly ScoreRecord[];
  firings: readonly DetectionEventRecord[];
  /** The prompt each span recorded (its metadata's prompt_name / prompt_version), for the prompt filter. */
  spanPrompts?: readonly { projectId: string; traceId: string; name: string; version: number | null }[];
  /** Each span's model and provider (its metadata's strings, else null) and type, for the span filter. */
  spanDimensions?: readonly { projectId: string; traceId: string; model: string | null; provider: string | null; spanType: string }[];
}

/** A score's number as the scores table stores it (numeric_value): booleans as 1/0, categorical none. */
export function numericValueOf(score: ScoreRecord): number | null {
  if (typeof score.value === 'number') return score.value;
  if (typeof score.value === 'boolean') return score.value ? 1 : 0;
  return null;
}
