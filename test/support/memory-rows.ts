import type { Knex } from 'knex';
import type { MemoryTraceRows } from '../../adapters/memory/trace-rows.js';
import { toTraceRecord } from '../../adapters/sql/trace-repository.js';
import { toScore } from '../../adapters/sql/evaluation-repositories.js';
import { toEvent } from '../../adapters/sql/detection-repositories.js';

/**
 * The rows a suite seeded into a database, as the in-memory adapter holds them: every trace, score
 * and detection firing, read with the SQL adapters' own row mappers. Read again before each
 * question, so rows a test adds later are seen.
 */
export async function memoryRowsOf(knex: Knex): Promise<MemoryTraceRows> {
  const [traces, scores, firings, spans] = await Promise.all([
    knex('traces').select('*'),
    knex('scores').select('*'),
    knex('detection_events').select('*'),
    knex('spans').select('project_id', 'trace_id', 'span_type', 'metadata'),
  ]);
  return { traces: traces.map(toTraceRecord), scores: scores.map(toScore), firings: firings.map(toEvent), spanDimensions: spans.map(toSpanDimensions) };
}

/** A span's model and provider as the metrics dimensions read them: its metadata's strings, else none. */
function toSpanDimensions(row: Record<string, unknown>): NonNullable<MemoryTraceRows['spanDimensions']>[number] {
  const metadata = JSON.parse(String(row.metadata)) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { projectId: String(row.project_id), traceId: String(row.trace_id), model: text(metadata.model), provider: text(metadata.provider), spanType: String(row.span_type) };
}
