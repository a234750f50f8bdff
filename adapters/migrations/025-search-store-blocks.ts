import type { Migration } from './migration.js';

/**
 * An extension belongs to one schema of the database and serves all of them (GIN finds an operator
 * class by type whatever the search path). It goes into `public` where it may: created in a schema of
 * its own (a test run's), dropping that schema would drop the extension and with it the index of
 * every other schema. Two migrations at once on a database without it race to create it; the loser
 * finds it made.
 */
const CREATE_BTREE_GIN = `DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') AND has_schema_privilege('public', 'CREATE') THEN
      CREATE EXTENSION btree_gin SCHEMA public;
    ELSE
      CREATE EXTENSION btree_gin;
    END IF;
  END IF;
EXCEPTION WHEN unique_violation OR duplicate_object THEN
  NULL;
END $$`;

/**
 * PostgreSQL: the search window (the most recently stored matches of a query, docs/search.md,
 * "Order") is found in one GIN scan over the document and its block of the store order
 * (`seq / 4096`), so a common word's window is taken from the newest blocks and only their
 * matches are read from the heap; without the block the scan returned every match of the word
 * (266,767 of a million traces) and each was read to learn its place. GIN indexes a plain
 * integer only with the `btree_gin` extension (a trusted contrib extension: the database owner may
 * create it). The new index replaces the document-only one; a scan on the document alone uses it
 * as before. Building it reads every document once (minutes at a million traces).
 *
 * SQLite's text index already walks matches in the store order (the FTS5 rowid): nothing to do.
 */
export const searchStoreBlocks: Migration = {
  name: '025-search-store-blocks',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw(CREATE_BTREE_GIN);
    // A bigger sort area for the build only (SET LOCAL ends with the migration's transaction).
    await knex.raw("SET LOCAL maintenance_work_mem = '256MB'");
    await knex.raw(
      `CREATE INDEX trace_search_document_block_idx ON trace_search USING GIN (document, (seq / 4096))
       WITH (fastupdate = on, gin_pending_list_limit = 512)`,
    );
    await knex.raw('DROP INDEX trace_search_document_idx');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('CREATE INDEX trace_search_document_idx ON trace_search USING GIN (document) WITH (fastupdate = on, gin_pending_list_limit = 512)');
    await knex.raw('DROP INDEX trace_search_document_block_idx');
    // The extension stays: another schema of the database may use it.
  },
};
