import type { Migration } from './migration.js';

/**
 * PostgreSQL: a search filtered on a trace's status, framework, session or user (search_traces'
 * equality filters, FACET_COLUMNS) found every match of its words in the GIN index and then joined
 * each to its trace to test the filter: a common word with a framework filter read 166,000 traces
 * at a million (about 850 ms). The four columns are copied into the search row, kept there by
 * every write of the row (it is rewritten whenever its trace is: adapters/postgres/trace-text-index.ts),
 * and indexed beside the document and its store block, so the one index scan intersects the words
 * with the filter's values and only the matches that pass are read.
 *
 * The existing rows get their traces' values in one UPDATE, between dropping the old index and
 * building the new one (an index kept during the UPDATE would receive every row a second time).
 * The types are the trace columns' own.
 *
 * SQLite is left as it is: its filtered searches reach each match's trace by rowid, one page read,
 * and stay within the targets (docs/benchmarks.md).
 */
export const searchFacets: Migration = {
  name: '026-search-facets',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw(
      'ALTER TABLE trace_search ADD COLUMN status varchar(16), ADD COLUMN framework varchar(100), ADD COLUMN session_id varchar(255), ADD COLUMN user_id varchar(255)',
    );
    await knex.raw('DROP INDEX trace_search_document_block_idx');
    await knex.raw(
      `UPDATE trace_search s SET status = t.status, framework = t.framework, session_id = t.session_id, user_id = t.user_id
       FROM traces t WHERE t.project_id = s.project_id AND t.id = s.trace_id`,
    );
    // A bigger sort area for the build only (SET LOCAL ends with the migration's transaction).
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw(
      `CREATE INDEX trace_search_document_facets_idx ON trace_search USING GIN (document, (seq / 4096), status, framework, session_id, user_id)
       WITH (fastupdate = on, gin_pending_list_limit = 512)`,
    );
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('DROP INDEX trace_search_document_facets_idx');
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw(
      'CREATE INDEX trace_search_document_block_idx ON trace_search USING GIN (document, (seq / 4096)) WITH (fastupdate = on, gin_pending_list_limit = 512)',
    );
    await knex.raw('ALTER TABLE trace_search DROP COLUMN status, DROP COLUMN framework, DROP COLUMN session_id, DROP COLUMN user_id');
  },
};
