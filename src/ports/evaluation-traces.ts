/** What detectors read of a trace: the rows of migration 002, parsed. */
export interface EvaluatedTrace {
  projectId: string;
  id: string;
  name: string;
  status: string;
  createdAt: Date;
  latencyMs: number;
  cost: number;
  spanCount: number;
  totalTokens: number;
  framework: string | null;
  agentName: string | null;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
}

export interface EvaluatedSpan {
  spanId: string;
  parentSpanId: string | null;
  name: string;
  spanType: string;
  status: string;
  latencyMs: number | null;
  cost: number | null;
  startTime: Date | null;
  input: unknown;
  output: unknown;
  error: string | null;
  metadata: Record<string, unknown>;
}

export type TraceMetric = 'cost' | 'latency_ms';

/**
 * The detections area's own read access to the traces and spans tables, so evaluation does not
 * depend on how traces are ingested.
 */
export interface EvaluationTraceReader {
  load(projectId: string, traceId: string): Promise<{ trace: EvaluatedTrace; spans: EvaluatedSpan[] } | null>;
  /** The metric of the project's `limit` most recent traces created before `before`, excluding `excludeTraceId`. */
  recentMetricSample(projectId: string, metric: TraceMetric, before: Date, excludeTraceId: string, limit: number): Promise<number[]>;
  /** Traces ingested in [from, to) per UTC-aligned bucket of `bucketMs`, computed in SQL. */
  countByBucket(projectId: string, from: Date, to: Date, bucketMs: number): Promise<Map<number, number>>;
  /** Names of the given traces of the project (missing ones are absent). */
  names(projectId: string, traceIds: string[]): Promise<Map<string, string>>;
}
