import type { Migration } from './migration.js';

/**
 * PostgreSQL: a search window's tiers (adapters/postgres/search-tiers.ts) begin where the
 * project's own 2^16th and 2^18th newest documents are, found by walking this index backwards
 * from the project's newest document. The tiers used to count back from the newest document of
 * the whole database: a project beside a busier one — measured, a million traces stored before
 * another project's 80,000 — found none of its documents in the first tier and read 36,000 rows
 * of the last for a filtered common word (about 140 ms of a 240 ms search).
 *
 * SQLite's text index walks a project's matches in the store order itself: nothing to do.
 */
export const searchProjectOrder: Migration = {
  name: '029-search-project-order',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw('CREATE INDEX trace_search_project_seq_idx ON trace_search (project_id, seq)');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('DROP INDEX trace_search_project_seq_idx');
  },
};
