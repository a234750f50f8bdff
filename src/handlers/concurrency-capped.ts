import type { ConcurrencyCaps, CostClass } from '../domain/fair-share/concurrency-caps.js';
import { payerOf } from '../http/fair-share-middleware.js';
import type { HandledOperationId, OperationHandler, OperationHandlers } from '../http/operation-types.js';

/**
 * The read operations expensive enough to be capped per credential. The cap sits on the handler,
 * so REST and their agent tools (search_traces, get_detection_trend, query_metrics, list_sessions, list_users) share one count; batch ingest
 * is capped before its body is read, by the fair-share middleware.
 */
const CAPPED_OPERATIONS = { searchTraces: 'search', getDetectionTrend: 'trend', queryMetrics: 'analytics', listSessions: 'analytics', listEndUsers: 'analytics' } as const satisfies Partial<Record<HandledOperationId, CostClass>>;

/** The handler table with each capped operation running in a slot of its credential's cap (waiting in a short queue, 429 when it is full). */
export function withConcurrencyCaps(handlers: OperationHandlers, caps: ConcurrencyCaps): OperationHandlers {
  const capped: OperationHandlers = { ...handlers };
  for (const [operationId, costClass] of Object.entries(CAPPED_OPERATIONS) as [keyof typeof CAPPED_OPERATIONS, CostClass][]) {
    const inner = handlers[operationId] as OperationHandler<typeof operationId>;
    const wrapped: OperationHandler<typeof operationId> = (input) => caps.run(payerOf(input.ctx.principal), costClass, () => inner(input));
    (capped as Record<string, unknown>)[operationId] = wrapped;
  }
  return capped;
}
