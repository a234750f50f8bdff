import type { Migration } from './migration.js';

/**
 * Versioned prompts (docs/prompts.md). `prompts` holds one row per name and the numbering: every
 * change of a prompt first updates its row, whose lock serializes the changes of one prompt.
 * `prompt_versions` are immutable; (prompt_id, version) is unique, so a number names one version.
 * `prompt_labels` has the label in its primary key: a label names one version at a time. `latest`
 * is not stored; it is `prompts.latest_version`. JSON columns are canonical JSON text.
 */
export const prompts: Migration = {
  name: '031-prompts',
  async up(knex, dialect) {
    await knex.schema.createTable('prompts', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.string('type', 8).notNullable();
      t.integer('version_counter').notNullable();
      t.integer('latest_version').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      // The served read and the name-ordered list both go through (project, name).
      t.unique(['project_id', 'name'], { indexName: 'prompts_project_name_key' });
    });
    // Names sort and compare in byte order on both databases (SQLite's BINARY), whatever the
    // PostgreSQL database's default collation: the list's order and cursors are the same.
    if (dialect === 'postgres') await knex.raw('ALTER TABLE prompts ALTER COLUMN name TYPE varchar(255) COLLATE "C"');
    await knex.schema.createTable('prompt_versions', (t) => {
      t.uuid('id').primary();
      t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable();
      t.integer('version').notNullable();
      t.text('template').notNullable();
      t.text('config').notNullable();
      t.text('tags').notNullable();
      t.text('commit_message');
      t.text('variables').notNullable();
      t.text('placeholders').notNullable();
      t.string('author', 300).notNullable();
      t.bigInteger('created_at').notNullable();
      t.unique(['prompt_id', 'version'], { indexName: 'prompt_versions_prompt_version_key' });
    });
    await knex.schema.createTable('prompt_labels', (t) => {
      t.uuid('prompt_id').notNullable().references('prompts.id').onDelete('CASCADE');
      t.string('label', 36).notNullable();
      t.uuid('project_id').notNullable();
      t.integer('version').notNullable();
      t.primary(['prompt_id', 'label']);
      // The list's label filter.
      t.index(['project_id', 'label'], 'prompt_labels_project_label_idx');
    });
    await knex.schema.createTable('prompt_protected_labels', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('label', 36).notNullable();
      t.primary(['project_id', 'label']);
    });
  },
  async down(knex) {
    for (const table of ['prompt_protected_labels', 'prompt_labels', 'prompt_versions', 'prompts']) await knex.schema.dropTableIfExists(table);
  },
};
