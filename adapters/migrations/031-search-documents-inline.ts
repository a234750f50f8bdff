import type { Migration } from './migration.js';

/**
 * PostgreSQL: a search document is kept in its row (`STORAGE MAIN`) instead of in the table's TOAST
 * relation, unless the row would not fit in a page (documents over about 8 KB, a tenth of the
 * bench's). Ranking reads the document of every match in the window (10,000 for a common word):
 * from TOAST that is a lookup in the TOAST index and two or three chunk rows per document, about
 * four buffers each, where the row itself has already been read to find the match. tsvectors do not
 * compress (pglz gives up on them), so nothing was saved by TOAST either.
 *
 * Only rows written from now on are stored so (a document is rewritten whenever its trace changes);
 * `VACUUM FULL trace_search` moves the older ones, taking the table's exclusive lock while it
 * rewrites it (docs/search.md, "Indexes and their maintenance"). Searches answer the same either way.
 *
 * SQLite: FTS5 keeps its own index; nothing to change.
 */
export const searchDocumentsInline: Migration = {
  name: '031-search-documents-inline',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('ALTER TABLE trace_search ALTER COLUMN document SET STORAGE MAIN');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('ALTER TABLE trace_search ALTER COLUMN document SET STORAGE EXTENDED');
  },
};
