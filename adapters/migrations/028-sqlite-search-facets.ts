import type { Migration } from './migration.js';

/**
 * SQLite: a search filtered on a trace's status, framework, session or user walked its words'
 * matches newest first and read each one's trace to test the filter, so a filter passed by one
 * trace in six read six traces per match kept (a prefix with a framework filter: above 300 ms at a
 * million traces). Documents now carry each of these values as a token of their `scope` column
 * (adapters/sqlite/trace-text-index.ts, facetToken), and the index intersects them with the words.
 *
 * Documents already written lack the tokens. Every project that has traces is queued for the
 * search rebuild (docs/search.md, "Re-indexing"; a rebuild already queued starts over when it had
 * begun) and marked `facets_pending`: until its rebuild ends, its filtered searches test the
 * filter on the traces as before, so answers never depend on how far the rebuild got.
 *
 * PostgreSQL has held these values in its search rows since 026; it gets the column (always false).
 */
export const sqliteSearchFacets: Migration = {
  name: '028-sqlite-search-facets',
  async up(knex, dialect) {
    await knex.schema.alterTable('search_reindexes', (t) => {
      t.boolean('facets_pending').notNullable().defaultTo(false);
    });
    if (dialect !== 'sqlite') return;
    const now = Date.now();
    // A rebuild that had begun wrote documents without the tokens: it starts over (a new batch
    // number, as SqlSearchReindexRepository.enqueue does, so no slot of its earlier pass runs again).
    await knex.raw(
      `UPDATE search_reindexes SET facets_pending = 1, processed = 0, cursor_trace_id = NULL, updated_at = ?,
         batches = CASE WHEN cursor_trace_id IS NULL THEN batches ELSE batches + 1 END`,
      [now],
    );
    await knex.raw(
      `INSERT INTO search_reindexes (project_id, generation, batches, processed, cursor_trace_id, created_at, updated_at, facets_pending)
       SELECT p.id, lower(hex(randomblob(16))), 0, 0, NULL, ?, ?, 1 FROM projects p
       WHERE EXISTS (SELECT 1 FROM traces t WHERE t.project_id = p.id) AND NOT EXISTS (SELECT 1 FROM search_reindexes r WHERE r.project_id = p.id)`,
      [now, now],
    );
  },
  async down(knex) {
    await knex.schema.alterTable('search_reindexes', (t) => {
      t.dropColumn('facets_pending');
    });
  },
};
