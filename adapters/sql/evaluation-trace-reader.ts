import type { Knex } from 'knex';
import type { EvaluationTraceReader, TraceMetric } from '../../src/ports/evaluation-traces.js';
import { toMillis } from './columns.js';

type Row = Record<string, unknown>;

const METRIC_COLUMNS: Record<TraceMetric, string> = { cost: 'cost', latency_ms: 'latency_ms' };

export class SqlEvaluationTraceReader implements EvaluationTraceReader {
  constructor(private readonly db: Knex) {}

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
