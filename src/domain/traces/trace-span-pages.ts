import { problems } from '../../errors.js';
import { grantAllows, type ReadGrant } from '../../auth/principal.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import type { SpanRecord } from '../../ports/traces.js';
import { TRACE_ID_PATTERN } from './trace-input.js';

export interface SpanPageRequest {
  credentialId: string;
  projectId: string;
  endpoint: string;
  traceId: string;
  limit: number;
  cursor?: string;
  grant: ReadGrant | null;
}

const SPAN_ORDER = 'position:asc';

/**
 * Every span of one trace, flat and in the order sent, a page at a time. The trace context cuts large
 * traces to 1000 spans for agents; a viewer needs all of them, so it pages here instead.
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
    let after = -1;
    let chainStartedAt: number | undefined;
    if (request.cursor !== undefined) {
      const decoded = this.cursors.decode<unknown>(request.cursor, binding);
      if (!Number.isInteger(decoded.position)) throw problems.invalidCursor('The cursor is not one this service issued, or it was altered.');
      after = decoded.position as number;
      chainStartedAt = decoded.chainStartedAt;
    }
    if (!(await this.store.traces.findById(projectId, traceId))) throw problems.notFound('The trace');
    // One extra row tells whether another page exists without a count.
    const rows = await this.store.traces.spansAfter(projectId, traceId, after, limit + 1);
    const spans = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = spans[spans.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, last.position, chainStartedAt) : null;
    return { spans, page: { hasMore, limit, nextCursor } };
  }
}
