import type { components } from '../../generated/openapi.js';
import type { TraceSpanPageService } from '../domain/traces/trace-span-pages.js';
import { readGrantOf } from '../auth/principal.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { SpanRecord } from '../ports/traces.js';
import { spanTokens } from '../domain/traces/span-tokens.js';

const DEFAULT_PAGE_SIZE = 1000;

const toFlatSpan = (s: SpanRecord): components['schemas']['FlatSpan'] => ({
  spanId: s.spanId,
  parentSpanId: s.parentSpanId,
  name: s.name,
  spanType: s.spanType,
  status: s.status,
  latencyMs: s.latencyMs,
  cost: s.cost,
  ...spanTokens(s.metadata),
  startTime: s.startTime ? s.startTime.toISOString() : null,
  input: s.input,
  output: s.output,
  error: s.error,
  metadata: s.metadata,
});

/** GET /traces/{traceId}/spans: all spans of a trace, flat, for viewers of large traces. */
export class TraceSpanHandlers implements Pick<OperationHandlers, 'listTraceSpans'> {
  constructor(private readonly pages: TraceSpanPageService) {}

  listTraceSpans: OperationHandlers['listTraceSpans'] = async ({ ctx, path, query }) => {
    const { spans, page } = await this.pages.page({
      credentialId: ctx.principal.credentialId,
      projectId: selectedProject(ctx).id,
      endpoint: ctx.operationId,
      traceId: path.traceId,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
      grant: readGrantOf(ctx.principal),
    });
    return { status: 200, data: { spans: spans.map(toFlatSpan), page } };
  };
}
