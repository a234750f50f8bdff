import type { Migration } from './migration.js';

/** Named filter trees of a project; `filters` is the normalized tree as canonical JSON text. */
export const savedFilters: Migration = {
  name: '006-saved-filters',
  async up(knex) {
    await knex.schema.createTable('saved_filters', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.text('filters').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      // Keyset pagination: newest first with id as the tiebreak.
      t.index(['project_id', 'created_at', 'id'], 'saved_filters_project_created_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('saved_filters');
  },
};
