import type { CursorBinding, CursorCodec, Page } from '../pagination/cursor.js';

export interface NewestFirstPosition {
  createdAt: number;
  id: string;
}

/**
 * One newest-first keyset page: decodes the cursor (bound to `binding`), fetches one row more than
 * asked to learn whether another page exists, and encodes the next cursor in the same chain.
 */
export async function keysetPage<T extends { id: string; createdAt: Date }>(
  cursors: CursorCodec,
  binding: CursorBinding,
  request: { limit: number; cursor?: string },
  fetch: (after: NewestFirstPosition | null, limit: number) => Promise<T[]>,
): Promise<{ items: T[]; page: Page }> {
  const decoded = request.cursor ? cursors.decode<NewestFirstPosition>(request.cursor, binding) : null;
  const rows = await fetch(decoded?.position ?? null, request.limit + 1);
  const items = rows.slice(0, request.limit);
  const hasMore = rows.length > request.limit;
  const last = items[items.length - 1];
  const nextCursor = hasMore && last ? cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id }, decoded?.chainStartedAt) : null;
  return { items, page: { hasMore, limit: request.limit, nextCursor } };
}
