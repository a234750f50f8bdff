import { useState } from 'react';

/**
 * Cursor paging for a list page: the cursors walked so far, so "Newer" steps back without the
 * service offering a previous-page cursor. `reset` starts over (after a filter change: a cursor is
 * bound to the filters it was read with).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    isFirst: cursors.length === 1,
    older: (next: string | null | undefined) => next && setCursors((walked) => [...walked, next]),
    newer: () => setCursors((walked) => (walked.length > 1 ? walked.slice(0, -1) : walked)),
    reset: () => setCursors([undefined]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;
