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
  const [traces, scores, firings] = await Promise.all([knex('traces').select('*'), knex('scores').select('*'), knex('detection_events').select('*')]);
  return { traces: traces.map(toTraceRecord), scores: scores.map(toScore), firings: firings.map(toEvent) };
}
