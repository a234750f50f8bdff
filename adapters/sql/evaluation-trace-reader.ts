import type { Knex } from 'knex';
import type { EvaluatedSpan, EvaluatedTrace, EvaluationTraceReader, TraceMetric } from '../../src/ports/evaluation-traces.js';
import { fromMillis, fromMillisOrNull, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;

/** JSON columns that may hold malformed text from older writers: keep the raw text rather than fail. */
function jsonOrText(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  try {
    return parseJson<unknown>(value, null);
  } catch {
    return value;
  }
}

const toTrace = (row: Row): EvaluatedTrace => ({
  projectId: row.project_id as string,
  id: row.id as string,
  name: row.name as string,
  status: row.status as string,
  createdAt: fromMillis(row.created_at as number),
  latencyMs: Number(row.latency_ms ?? 0),
  cost: Number(row.cost ?? 0),
  spanCount: Number(row.span_count ?? 0),
  totalTokens: Number(row.total_tokens ?? 0),
  framework: (row.framework as string | null) ?? null,
  agentName: (row.agent_name as string | null) ?? null,
  errorMessage: (row.error_message as string | null) ?? null,
  metadata: (jsonOrText(row.metadata) as Record<string, unknown> | null) ?? {},
});

const toSpan = (row: Row): EvaluatedSpan => ({
  spanId: row.span_id as string,
  parentSpanId: (row.parent_span_id as string | null) ?? null,
  name: row.name as string,
  spanType: row.span_type as string,
  status: row.status as string,
  latencyMs: row.latency_ms === null || row.latency_ms === undefined ? null : Number(row.latency_ms),
  cost: row.cost === null || row.cost === undefined ? null : Number(row.cost),
  startTime: fromMillisOrNull(row.start_time as number | null),
  input: jsonOrText(row.input),
  output: jsonOrText(row.output),
  error: (row.error as string | null) ?? null,
  metadata: (jsonOrText(row.metadata) as Record<string, unknown> | null) ?? {},
});

const METRIC_COLUMNS: Record<TraceMetric, string> = { cost: 'cost', latency_ms: 'latency_ms' };

export class SqlEvaluationTraceReader implements EvaluationTraceReader {
  constructor(private readonly db: Knex) {}

  async load(projectId: string, traceId: string): Promise<{ trace: EvaluatedTrace; spans: EvaluatedSpan[] } | null> {
    const row = await this.db('traces').where({ project_id: projectId, id: traceId }).first();
    if (!row) return null;
    const spans = await this.db('spans').where({ project_id: projectId, trace_id: traceId }).orderBy('position');
    return { trace: toTrace(row), spans: spans.map(toSpan) };
  }

  async recentMetricSample(projectId: string, metric: TraceMetric, before: Date, excludeTraceId: string, limit: number): Promise<number[]> {
    const column = METRIC_COLUMNS[metric];
    const rows = await this.db('traces')
      .where({ project_id: projectId })
      .where('created_at', '<=', toMillis(before))
      .whereNot('id', excludeTraceId)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit)
      .select({ value: column });
    return rows.map((r: Row) => Number(r.value));
  }

  async countByBucket(projectId: string, from: Date, to: Date, bucketMs: number): Promise<Map<number, number>> {
    const rows = await this.db('traces')
      .where({ project_id: projectId })
      .where('created_at', '>=', toMillis(from))
      .where('created_at', '<', toMillis(to))
      .select(this.db.raw('(created_at - (created_at % ?)) AS bucket', [bucketMs]))
      .count({ n: '*' })
      .groupByRaw('1'); // by position: PostgreSQL would not match the bucket expression to a second placeholder
    return new Map(rows.map((row: Row) => [Number(row.bucket), Number(row.n)]));
  }

  async names(projectId: string, traceIds: string[]): Promise<Map<string, string>> {
    if (traceIds.length === 0) return new Map();
    const rows = await this.db('traces').where({ project_id: projectId }).whereIn('id', traceIds).select('id', 'name');
    return new Map(rows.map((r: Row) => [r.id as string, r.name as string]));
  }
}
