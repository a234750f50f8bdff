import type { Migration } from './migration.js';

/**
 * Search people can use (docs/search.md):
 * - `projects.search_inputs_outputs`: the per-project switch that leaves span inputs and outputs
 *   out of new search documents (on by default).
 * - PostgreSQL: the `tracewell_english` text search configuration — `english` without its stop
 *   list, as stop words are dropped before text reaches the database except the word of a prefix
 *   query (`under*`), which `english` would drop silently; and the GIN index's pending list bounded
 *   to 512 kB. A GIN index with fastupdate takes inserts into an unsorted pending list that every
 *   search reads whole until VACUUM (or an insert past the limit) merges it; with autovacuum off
 *   and the default 4 MB it grew to 421 pages and a rare-word search read them all (1.2 ms against
 *   0.29 ms). At 512 kB the inserting transaction merges it sooner in smaller steps, and
 *   autovacuum is asked to visit the insert-only table after every 10,000 new documents.
 */
export const searchSyntax: Migration = {
  name: '020-search-syntax',
  async up(knex, dialect) {
    await knex.schema.alterTable('projects', (t) => {
      t.boolean('search_inputs_outputs').notNullable().defaultTo(true);
    });
    if (dialect === 'postgres') {
      await knex.raw('CREATE TEXT SEARCH DICTIONARY tracewell_english_stem (TEMPLATE = snowball, Language = english)');
      await knex.raw('CREATE TEXT SEARCH CONFIGURATION tracewell_english (COPY = english)');
      await knex.raw('ALTER TEXT SEARCH CONFIGURATION tracewell_english ALTER MAPPING REPLACE english_stem WITH tracewell_english_stem');
      await knex.raw('ALTER INDEX trace_search_document_idx SET (fastupdate = on, gin_pending_list_limit = 512)');
      await knex.raw('ALTER TABLE trace_search SET (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0)');
    }
  },
  async down(knex, dialect) {
    if (dialect === 'postgres') {
      await knex.raw('ALTER TABLE trace_search RESET (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)');
      await knex.raw('ALTER INDEX trace_search_document_idx RESET (fastupdate, gin_pending_list_limit)');
      await knex.raw('DROP TEXT SEARCH CONFIGURATION IF EXISTS tracewell_english');
      await knex.raw('DROP TEXT SEARCH DICTIONARY IF EXISTS tracewell_english_stem');
    }
    await knex.schema.alterTable('projects', (t) => {
      t.dropColumn('search_inputs_outputs');
    });
  },
};
