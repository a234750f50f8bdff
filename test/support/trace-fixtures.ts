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

type Row = Record<string, unknown>;

const onPostgres = (knex: Knex): boolean => (knex.client.config as { client?: unknown }).client === 'pg';

/**
 * Trace rows as ingestion stores them, for a test that writes `traces` directly: on PostgreSQL
 * (migration 052) each trace is registered in `trace_ids` (a taken id is refused there, as ingest's
 * is) and its row carries the registry's stored_at, the time of this call; on SQLite, as given.
 */
export async function registeredTraces<T extends Row>(knex: Knex, rows: readonly T[]): Promise<(T & { stored_at?: number })[]> {
  if (!onPostgres(knex) || rows.length === 0) return [...rows];
  const storedAt = Date.now();
  await knex('trace_ids').insert(rows.map((row) => ({ project_id: row.project_id, id: row.id, stored_at: storedAt })));
  return rows.map((row) => ({ ...row, stored_at: storedAt }));
}

/** Rows of a table hanging off traces (spans), each with its trace's stored_at on PostgreSQL (registeredTraces); on SQLite, as given. */
export async function ofRegisteredTraces<T extends Row>(knex: Knex, rows: readonly T[]): Promise<T[]> {
  if (!onPostgres(knex) || rows.length === 0) return [...rows];
  const registered: Row[] = await knex('trace_ids').whereIn(['project_id', 'id'], rows.map((row) => [row.project_id, row.trace_id]) as string[][]).select('project_id', 'id', 'stored_at');
  const storedAt = new Map(registered.map((r) => [`${r.project_id}/${r.id}`, Number(r.stored_at)]));
  return rows.map((row) => ({ ...row, stored_at: storedAt.get(`${row.project_id}/${row.trace_id}`) }));
}

/**
 * Writes a trace and its spans straight into the tables of migration 002 (with migration 052's
 * registry on PostgreSQL), standing in for the traces area's ingestion in these tests.
 */
export async function insertTrace(knex: Knex, trace: TraceFixture): Promise<void> {
  const spans = trace.spans ?? [];
  await knex.transaction(async (trx) => {
    const [row] = await registeredTraces(trx, [{
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
    }]);
    await trx('traces').insert(row);
    const storedAt = row.stored_at === undefined ? {} : { stored_at: row.stored_at };
    for (const [position, span] of spans.entries()) {
      await trx('spans').insert({
        ...storedAt,
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
