import type { CursorBinding, CursorCodec, Page } from '../pagination/cursor.js';

interface OffsetPosition {
  offset: number;
}

/**
 * One page of a list whose order has no stable keyset (search ranks) or never shifts (append-only
 * steps): the cursor carries the offset of the next item, signed and bound like every cursor. A
 * first page starts at `startOffset` (the tool adapter's offset input; REST starts at 0).
 */
export async function offsetPage<T>(
  cursors: CursorCodec,
  binding: CursorBinding,
  request: { limit: number; cursor?: string; startOffset?: number },
  fetch: (offset: number, limit: number) => Promise<{ items: T[]; hasMore: boolean }>,
): Promise<{ items: T[]; page: Page; offset: number }> {
  const decoded = request.cursor ? cursors.decode<OffsetPosition>(request.cursor, binding) : null;
  const offset = decoded ? decoded.position.offset : (request.startOffset ?? 0);
  const { items, hasMore } = await fetch(offset, request.limit);
  const nextCursor = hasMore && items.length > 0 ? cursors.encode(binding, { offset: offset + items.length } satisfies OffsetPosition, decoded?.chainStartedAt) : null;
  return { items, page: { hasMore, limit: request.limit, nextCursor }, offset };
}
