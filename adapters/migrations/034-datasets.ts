import type { Migration } from './migration.js';

/**
 * Datasets and experiments (docs/experiments.md):
 * - `datasets`: `version` counts item changes; every change appends one `dataset_item_versions` row
 *   stamped with the new version, so "the items as of version N" is, per item, its row with the
 *   greatest version ≤ N — earlier states are never overwritten.
 * - `experiment_runs` pin the dataset version they ran on; `experiment_results` hold one result
 *   per (run, item). Their scores live in `scores` (target `experiment_result`, linked by
 *   `experiment_result_id`) so every score reader sees them.
 */
export const datasets: Migration = {
  name: '034-datasets',
  async up(knex, dialect) {
    await knex.schema.createTable('datasets', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.text('description');
      t.text('metadata').notNullable();
      t.integer('version').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'name'], { indexName: 'datasets_project_name_unique' });
      t.index(['project_id', 'created_at', 'id'], 'datasets_project_created_idx');
    });
    await knex.schema.createTable('dataset_item_versions', (t) => {
      t.uuid('item_id').notNullable();
      t.integer('version').notNullable();
      t.uuid('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
      t.text('input').notNullable();
      t.text('expected_output').notNullable();
      t.text('metadata').notNullable();
      t.string('source_trace_id', 128);
      t.string('source_span_id', 128);
      t.string('status', 16).notNullable(); // active | archived
      // When the item was first created (the list's order), and when this state was written.
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.primary(['item_id', 'version']);
      t.index(['dataset_id', 'created_at', 'item_id', 'version'], 'dataset_item_versions_order_idx');
    });
    await knex.schema.createTable('experiment_runs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('dataset_id').notNullable().references('datasets.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.integer('dataset_version').notNullable();
      t.text('metadata').notNullable();
      t.string('status', 16).notNullable(); // running | completed | failed
      t.boolean('baseline').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('completed_at');
      t.index(['dataset_id', 'created_at', 'id'], 'experiment_runs_dataset_created_idx');
    });
    await knex.schema.createTable('experiment_results', (t) => {
      t.uuid('id').primary();
      t.uuid('run_id').notNullable().references('experiment_runs.id').onDelete('CASCADE');
      t.uuid('item_id').notNullable();
      t.text('output').notNullable();
      t.string('trace_id', 128);
      t.double('latency_ms');
      t.double('cost_usd');
      t.text('error');
      t.bigInteger('created_at').notNullable();
      t.unique(['run_id', 'item_id'], { indexName: 'experiment_results_run_item_unique' });
      t.index(['run_id', 'created_at', 'id'], 'experiment_results_run_created_idx');
    });
    // `experiment_result` is 17 characters; SQLite does not enforce varchar lengths, PostgreSQL does.
    if (dialect === 'postgres') await knex.raw('ALTER TABLE scores ALTER COLUMN target TYPE varchar(32)');
    await knex.schema.alterTable('scores', (t) => {
      // No foreign key: SQLite cannot add one to an existing table; results delete their scores.
      t.uuid('experiment_result_id');
      t.index(['experiment_result_id'], 'scores_experiment_result_idx');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('scores', (t) => {
      t.dropIndex(['experiment_result_id'], 'scores_experiment_result_idx');
      t.dropColumn('experiment_result_id');
    });
    await knex.schema.dropTableIfExists('experiment_results');
    await knex.schema.dropTableIfExists('experiment_runs');
    await knex.schema.dropTableIfExists('dataset_item_versions');
    await knex.schema.dropTableIfExists('datasets');
  },
};
