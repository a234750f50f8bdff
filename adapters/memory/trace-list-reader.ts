import type { TraceListQuery, TraceListReader, TraceRecord } from '../../src/ports/traces.js';
import { compareBytes, TraceMatcher } from './trace-matching.js';
import type { MemoryTraceRows } from './trace-rows.js';

/** Newest first: created_at desc, then id desc. */
const newestFirst = (a: TraceRecord, b: TraceRecord): number => b.createdAt.getTime() - a.createdAt.getTime() || compareBytes(b.id, a.id);

/**
 * The trace list over rows held in memory: the whole TraceListReader port without SQL. It exists to
 * prove the port speaks the domain's terms (filters and conditions as values, not queries) and is
 * held to the SQL adapters' answers by the shared behaviour tables (test/filters, test/monitors).
 */
export class MemoryTraceListReader implements TraceListReader {
  constructor(private readonly rows: MemoryTraceRows) {}

  async list(query: TraceListQuery): Promise<TraceRecord[]> {
    const matcher = new TraceMatcher(this.rows);
    const after = query.after;
    return this.rows.traces
      .filter((trace) => trace.projectId === query.projectId && matcher.passes(trace, query.filters))
      .filter((trace) => !after || trace.createdAt.getTime() < after.createdAtMs || (trace.createdAt.getTime() === after.createdAtMs && compareBytes(trace.id, after.id) < 0))
      .filter((trace) => !query.extraCondition || matcher.satisfies(trace, query.extraCondition))
      .sort(newestFirst)
      .slice(0, query.limit);
  }
}
