import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { CreatedPosition } from '../../ports/evaluations.js';

/** Who asks for a list page: the cursor chain is bound to it. */
export interface PageRequest {
  projectId: string;
  credentialId: string;
  endpoint: string;
  limit?: number;
  cursor?: string;
}

/**
 * One newest-first keyset page of an evaluation list (scores, connections, evaluators, runs,
 * queues): reads `limit + 1` rows after the cursor's position and issues the next cursor, bound to
 * the credential, project, endpoint and filters.
 */
export async function createdPage<T extends { id: string; createdAt: Date }>(
  cursors: CursorCodec,
  request: PageRequest,
  filters: unknown,
  read: (limit: number, after: CreatedPosition | null) => Promise<T[]>,
): Promise<{ items: T[]; page: Page }> {
  const limit = request.limit ?? 20;
  const binding: CursorBinding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters, sort: 'createdAt:desc,id:desc' };
  const decoded = request.cursor ? cursors.decode<CreatedPosition>(request.cursor, binding) : null;
  const rows = await read(limit + 1, decoded?.position ?? null);
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = items[items.length - 1];
  const nextCursor = hasMore && last ? cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id } satisfies CreatedPosition, decoded?.chainStartedAt) : null;
  return { items, page: { hasMore, limit, nextCursor } };
}
