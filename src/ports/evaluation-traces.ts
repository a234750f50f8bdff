import type { SpanRecord, TraceRecord } from './traces.js';

/** What detectors read of a trace: the stored trace and its spans (loaded through the TraceRepository). */
export type EvaluatedTrace = TraceRecord;
export type EvaluatedSpan = SpanRecord;

export type TraceMetric = 'cost' | 'latency_ms';

/** The analytic reads of traces that detections need (baselines, trend denominators, names). */
export interface EvaluationTraceReader {
  /** The metric of the project's `limit` most recent traces created before `before`, excluding `excludeTraceId`. */
  recentMetricSample(projectId: string, metric: TraceMetric, before: Date, excludeTraceId: string, limit: number): Promise<number[]>;
  /** Traces ingested in [from, to) per UTC-aligned bucket of `bucketMs`, computed in SQL. */
  countByBucket(projectId: string, from: Date, to: Date, bucketMs: number): Promise<Map<number, number>>;
  /** Names of the given traces of the project (missing ones are absent). */
  names(projectId: string, traceIds: string[]): Promise<Map<string, string>>;
}
