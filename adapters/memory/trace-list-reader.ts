import { NEWEST_FIRST, traceSortValue, type TraceListQuery, type TraceListReader, type TraceOrder, type TraceRecord } from '../../src/ports/traces.js';
import { compareBytes, TraceMatcher } from './trace-matching.js';
import type { MemoryTraceRows } from './trace-rows.js';

/** The order's comparison: the field, then the id, both in the order's direction. */
const comparatorOf = ({ field, direction }: TraceOrder) => {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: { value: number; id: string }, b: { value: number; id: string }): number => sign * (a.value - b.value || compareBytes(a.id, b.id));
};

/**
 * The trace list over rows held in memory: the whole TraceListReader port without SQL. It exists to
 * prove the port speaks the domain's terms (filters and conditions as values, not queries) and is
 * held to the SQL adapters' answers by the shared behaviour tables (test/filters, test/monitors).
 */
export class MemoryTraceListReader implements TraceListReader {
  constructor(private readonly rows: MemoryTraceRows) {}

  async list(query: TraceListQuery): Promise<TraceRecord[]> {
    const matcher = new TraceMatcher(this.rows);
    const order = query.order ?? NEWEST_FIRST;
    const compare = comparatorOf(order);
    const keyOf = (trace: TraceRecord) => ({ value: traceSortValue(trace, order.field), id: trace.id });
    const after = query.after;
    return this.rows.traces
      .filter((trace) => trace.projectId === query.projectId && matcher.passes(trace, query.filters))
      .filter((trace) => !after || compare(keyOf(trace), after) > 0)
      .filter((trace) => !query.extraCondition || matcher.satisfies(trace, query.extraCondition))
      .sort((a, b) => compare(keyOf(a), keyOf(b)))
      .slice(0, query.limit);
  }
}
