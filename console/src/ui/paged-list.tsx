import type { ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';
import type { CursorPages } from './cursor-pages';

/** The `data.page` of every cursor-paged list answer. */
export interface PageInfo {
  hasMore: boolean;
  nextCursor: string | null;
}

export interface PagedListProps<T> {
  /** The current page's read: undefined until its first answer. */
  page: PageInfo | undefined;
  items: readonly T[];
  pages: CursorPages;
  /** The read's failure (or a related action's), shown above the list. */
  error: unknown;
  /** Shown when the first page came back empty (a later page is never empty on purpose). */
  empty: ReactNode;
  /** The pager's accessible name, e.g. "Webhook pages". */
  pagerLabel: string;
  /** The items as the page lays them out (a table, a list). */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * One cursor-paged list: its failure, its empty state, its items and the Newer/Older pager, in that
 * order. The pager shows only when there is somewhere to go; Newer walks back the cursors the page
 * has seen (the service offers no previous-page cursor).
 */
export function PagedList<T>({ page, items, pages, error, empty, pagerLabel, children }: PagedListProps<T>) {
  return (
    <>
      <ProblemAlert error={error} />
      {page && items.length === 0 && pages.isFirst && empty}
      {items.length > 0 && children(items)}
      {(!pages.isFirst || page?.hasMore) && (
        <nav className="pager" aria-label={pagerLabel}>
          <button type="button" disabled={pages.isFirst} onClick={pages.newer}>
            Newer
          </button>
          <button type="button" disabled={!page?.hasMore} onClick={() => pages.older(page?.nextCursor)}>
            Older
          </button>
        </nav>
      )}
    </>
  );
}
