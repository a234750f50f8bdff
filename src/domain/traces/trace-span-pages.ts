import { problems } from '../../errors.js';
import { grantAllows, type ReadGrant } from '../../auth/principal.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import type { SpanRecord } from '../../ports/traces.js';
import { TRACE_ID_PATTERN } from './trace-input.js';
import { compareSpanKeys, orderSpans, type SpanOrderKey } from './span-order.js';

export interface SpanPageRequest {
  credentialId: string;
  projectId: string;
  endpoint: string;
  traceId: string;
  limit: number;
  cursor?: string;
  grant: ReadGrant | null;
}

/** Bound into cursors: a cursor of the old order (`position:asc`) is refused, not misread. */
const SPAN_ORDER = 'start:asc,depth:asc,position:asc,spanId:asc';

/** A cursor's key as decoded: whatever a client sent back, checked field by field. */
function keyOf(value: unknown): SpanOrderKey | null {
  if (value === null || typeof value !== 'object') return null;
  const { start, depth, position, spanId } = value as Record<string, unknown>;
  if (!(start === null || Number.isFinite(start)) || !Number.isInteger(depth) || !Number.isInteger(position) || typeof spanId !== 'string') return null;
  return { start: start as number | null, depth: depth as number, position: position as number, spanId };
}

/**
 * Every span of one trace, flat, by start time (span-order.ts), a page at a time. The trace context
 * cuts large traces to 1000 spans for agents; a viewer needs all of them, so it pages here instead.
 * The order is computed from every span's id, parent, position and start time (four small columns,
 * read per page: an OTLP trace grows while it is read, and a parent that arrives later changes its
 * children's depth); only the page's spans are read whole. The cursor is the last span's key, so a
 * span appended meanwhile is listed if it sorts after the page read, never twice.
 */
export class TraceSpanPageService {
  constructor(
    private readonly store: Store,
    private readonly cursors: CursorCodec,
  ) {}

  async page(request: SpanPageRequest): Promise<{ spans: SpanRecord[]; page: Page }> {
    const { projectId, traceId, limit } = request;
    if (!TRACE_ID_PATTERN.test(traceId)) {
      throw problems.validation('The trace id format is invalid.', [
        { path: '/traceId', code: 'invalid_id', message: 'must be 1 to 128 letters, digits or ._:- starting with a letter or digit' },
      ]);
    }
    if (!grantAllows(request.grant, 'trace', traceId)) throw problems.notFound('The trace');
    // The trace id is the cursor's filter: a cursor of one trace cannot page through another.
    const binding = { credentialId: request.credentialId, projectId, endpoint: request.endpoint, filters: { traceId }, sort: SPAN_ORDER };
    let after: SpanOrderKey | null = null;
    let chainStartedAt: number | undefined;
    if (request.cursor !== undefined) {
      const decoded = this.cursors.decode<unknown>(request.cursor, binding);
      after = keyOf(decoded.position);
      if (!after) throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
      chainStartedAt = decoded.chainStartedAt;
    }
    if (!(await this.store.traces.findById(projectId, traceId))) throw problems.notFound('The trace');
    const order = orderSpans(await this.store.traces.spanOrderInputs(projectId, traceId));
    let from = 0;
    if (after) {
      const last = after;
      // The first key after the cursor's (binary search: the keys are sorted).
      let high = order.length;
      while (from < high) {
        const mid = (from + high) >>> 1;
        if (compareSpanKeys(order[mid], last) <= 0) from = mid + 1;
        else high = mid;
      }
    }
    const keys = order.slice(from, from + limit);
    const hasMore = from + limit < order.length;
    const byId = new Map((await this.store.traces.spansByIds(projectId, traceId, keys.map((k) => k.spanId))).map((span) => [span.spanId, span]));
    // A span deleted between the two reads (its trace's retention) is left out.
    const spans = keys.flatMap((key) => byId.get(key.spanId) ?? []);
    const lastKey = keys[keys.length - 1];
    const nextCursor = hasMore && lastKey ? this.cursors.encode(binding, lastKey, chainStartedAt) : null;
    return { spans, page: { hasMore, limit, nextCursor } };
  }
}
