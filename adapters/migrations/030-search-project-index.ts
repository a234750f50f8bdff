import type { Migration } from './migration.js';

/**
 * PostgreSQL: the project joins the words, the store block and the facets in the search's GIN
 * index, so one scan finds the project's matches alone. Before, the index knew no project: a
 * search found the matches of every project and dropped the others' after reading each from the
 * table. Measured at a million traces of another project: a project without a single document took
 * 320–540 ms to find nothing for a common word (every one of its 266,767 matches read); a small
 * tenant's searches cost what the whole database's would.
 *
 * The project is indexed as text, `(project_id::text)`, and searches name it so: an expression only
 * this index holds. As `project_id = ?` the planner could answer it from the project's btree
 * indexes instead and check the words on each of the project's documents, reading each from TOAST,
 * which it does not cost (on small tables it did). The new index replaces 026's, built before the
 * old one is dropped (searches use one or the other throughout; writes to trace_search wait for the
 * build: 106–112 s at a million traces).
 *
 * SQLite: a document's scope column names its project already (adapters/sqlite/trace-text-index.ts).
 */
export const searchProjectIndex: Migration = {
  name: '030-search-project-index',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    // A bigger sort area for the build only (SET LOCAL ends with the migration's transaction).
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw(
      `CREATE INDEX trace_search_document_project_idx ON trace_search USING GIN (document, (project_id::text), (seq / 4096), status, framework, session_id, user_id)
       WITH (fastupdate = on, gin_pending_list_limit = 512)`,
    );
    await knex.raw('DROP INDEX trace_search_document_facets_idx');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw(
      `CREATE INDEX trace_search_document_facets_idx ON trace_search USING GIN (document, (seq / 4096), status, framework, session_id, user_id)
       WITH (fastupdate = on, gin_pending_list_limit = 512)`,
    );
    await knex.raw('DROP INDEX trace_search_document_project_idx');
  },
};
