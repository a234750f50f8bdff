import type { Migration } from './migration.js';

/**
 * Search documents written again from the stored spans (docs/search.md, "Re-indexing"): one row per
 * project whose documents are being rebuilt, with the keyset position and batch count the
 * `search-reindex` scheduler task advances. Every project that already has traces gets a row here:
 * documents written before 020-search-syntax lack span inputs and outputs and the identifier-aware
 * words, so on upgrade they are rebuilt in the background. Rows cascade with their project.
 */
export const searchReindex: Migration = {
  name: '023-search-reindex',
  async up(knex) {
    await knex.schema.createTable('search_reindexes', (t) => {
      t.uuid('project_id').primary().references('id').inTable('projects').onDelete('CASCADE');
      // New for every rebuild: scheduler slots (generation and batch number) never repeat a finished one's.
      t.string('generation', 36).notNullable();
      t.integer('batches').notNullable().defaultTo(0);
      t.integer('processed').notNullable().defaultTo(0);
      t.string('cursor_trace_id', 128); // last trace rebuilt (traces by id); null: none yet
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    const now = Date.now();
    await knex.raw(
      `INSERT INTO search_reindexes (project_id, generation, batches, processed, cursor_trace_id, created_at, updated_at)
       SELECT p.id, p.id, 0, 0, NULL, ?, ? FROM projects p WHERE EXISTS (SELECT 1 FROM traces t WHERE t.project_id = p.id)`,
      [now, now],
    );
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('search_reindexes');
  },
};
