import type { Knex } from 'knex';

export interface SpanFixture {
  spanId: string;
  parentSpanId?: string | null;
  name?: string;
  spanType?: string;
  status?: 'success' | 'error';
  latencyMs?: number | null;
  cost?: number | null;
  input?: unknown;
  output?: unknown;
  error?: string | null;
  metadata?: Record<string, unknown>;
}

export interface TraceFixture {
  projectId: string;
  id: string;
  name?: string;
  status?: 'success' | 'error';
  createdAt: Date;
  latencyMs?: number;
  cost?: number;
  framework?: string | null;
  spans?: SpanFixture[];
}

/**
 * Writes a trace and its spans straight into the tables of migration 002, standing in for the
 * traces area's ingestion in these tests.
 */
export async function insertTrace(knex: Knex, trace: TraceFixture): Promise<void> {
  const spans = trace.spans ?? [];
  await knex.transaction(async (trx) => {
    await trx('traces').insert({
      project_id: trace.projectId,
      id: trace.id,
      name: trace.name ?? `trace ${trace.id}`,
      status: trace.status ?? 'success',
      created_at: trace.createdAt.getTime(),
      latency_ms: trace.latencyMs ?? 100,
      cost: trace.cost ?? 0.01,
      span_count: spans.length,
      total_tokens: 0,
      framework: trace.framework ?? null,
      metadata: '{}',
    });
    for (const [position, span] of spans.entries()) {
      await trx('spans').insert({
        project_id: trace.projectId,
        trace_id: trace.id,
        span_id: span.spanId,
        parent_span_id: span.parentSpanId ?? null,
        position,
        name: span.name ?? span.spanId,
        span_type: span.spanType ?? 'LLM',
        status: span.status ?? 'success',
        latency_ms: span.latencyMs ?? null,
        cost: span.cost ?? null,
        start_time: trace.createdAt.getTime(),
        input: span.input === undefined ? null : JSON.stringify(span.input),
        output: span.output === undefined ? null : JSON.stringify(span.output),
        error: span.error ?? null,
        metadata: JSON.stringify(span.metadata ?? {}),
      });
    }
  });
}
