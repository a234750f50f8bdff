import type { Migration } from './migration.js';

/**
 * Dashboards (docs/analytics.md#dashboards): a project's saved lists of metrics widgets, kept as
 * one JSON document per dashboard (at most 24 widgets; they are read and written whole). The
 * built-in default dashboard is not a row: it is defined by the service for every project.
 */
export const dashboards: Migration = {
  name: '048-dashboards',
  async up(knex) {
    await knex.schema.createTable('dashboards', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.text('description').notNullable();
      t.text('widgets').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['project_id', 'created_at', 'id'], 'dashboards_project_created_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('dashboards');
  },
};
