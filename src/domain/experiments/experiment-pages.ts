import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { PageRequest } from '../evaluations/created-pages.js';

/** A keyset position: creation time (epoch ms) and id, in whichever order the list runs. */
export interface CreatedIdPosition {
  createdAt: number;
  id: string;
}

/**
 * One keyset page of a dataset or experiment list: reads `limit + 1` rows after the cursor's
 * position and issues the next cursor, bound to the credential, project, endpoint, the list's
 * parent (`filters`) and its order (`sort`).
 */
export async function experimentPage<T extends { id: string; createdAt: Date }>(
  cursors: CursorCodec,
  request: PageRequest,
  filters: unknown,
  sort: 'createdAt:desc,id:desc' | 'createdAt:asc,id:asc',
  read: (limit: number, after: CreatedIdPosition | null) => Promise<T[]>,
): Promise<{ items: T[]; page: Page }> {
  const limit = request.limit ?? 20;
  const binding: CursorBinding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters, sort };
  const decoded = request.cursor ? cursors.decode<CreatedIdPosition>(request.cursor, binding) : null;
  const rows = await read(limit + 1, decoded?.position ?? null);
  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  const last = items[items.length - 1];
  const nextCursor = hasMore && last ? cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id } satisfies CreatedIdPosition, decoded?.chainStartedAt) : null;
  return { items, page: { hasMore, limit, nextCursor } };
}
