import type { Store } from '../../ports/store.js';
import type { SpanRecord, TraceKeyset, TraceRecord } from '../../ports/traces.js';
import type { TraceListFilterParams, TraceListService } from './trace-list-service.js';

/** Traces read per page: bounds the memory of an export whatever its size. */
export const EXPORT_PAGE_SIZE = 200;

/** A span in the `log_trace` input shape. */
function spanLine(span: SpanRecord): Record<string, unknown> {
  return {
    span_id: span.spanId,
    parent_span_id: span.parentSpanId,
    name: span.name,
    span_type: span.spanType,
    status: span.status,
    input: span.input,
    output: span.output,
    error: span.error,
    ...(span.latencyMs !== null ? { latency_ms: span.latencyMs } : {}),
    metadata: span.metadata,
    ...(span.startTime ? { start_time: span.startTime.toISOString() } : {}),
  };
}

/** One exported trace: exactly a `POST /traces` body, so a line re-imports unchanged. */
export const exportLine = (trace: TraceRecord, spans: SpanRecord[]): string =>
  JSON.stringify({ trace_id: trace.id, name: trace.name, metadata: trace.metadata, spans: spans.map(spanLine) });

/**
 * Export of a project's traces matching the list filters (or a saved filter), newest first, as JSON
 * Lines. A generator over keyset pages: the caller writes each line before the next page is read.
 */
export class TraceExport {
  constructor(
    private readonly store: Store,
    private readonly lists: TraceListService,
    private readonly pageSize = EXPORT_PAGE_SIZE,
  ) {}

  /** Validates the filters (a missing saved filter is 404) before anything is streamed. */
  async open(projectId: string, filters: TraceListFilterParams): Promise<AsyncGenerator<string>> {
    const query = await this.lists.query(projectId, filters);
    const { store, pageSize } = this;
    return (async function* lines() {
      let after: TraceKeyset | undefined;
      for (;;) {
        const traces = await store.traces.list({ ...query, after, limit: pageSize });
        if (traces.length === 0) return;
        const spans = await store.traces.spansOfTraces(projectId, traces.map((t) => t.id));
        for (const trace of traces) yield `${exportLine(trace, spans.get(trace.id) ?? [])}\n`;
        if (traces.length < pageSize) return;
        const last = traces[traces.length - 1];
        after = { value: last.createdAt.getTime(), id: last.id };
      }
    })();
  }
}
