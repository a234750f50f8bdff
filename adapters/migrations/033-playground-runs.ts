import type { Migration } from './migration.js';

/**
 * `playground_runs`: what each playground run spent (docs/prompts.md, "Playground"). The run itself is
 * a trace; this row is what the project's daily evaluation budget adds to its evaluators' runs
 * (`EvaluationRunRepository.spentByProject`), so a person trying prompts and the evaluators draw on
 * one budget. The connection is named, not referenced: deleting a connection keeps the day's spend.
 */
export const playgroundRuns: Migration = {
  name: '033-playground-runs',
  async up(knex) {
    await knex.schema.createTable('playground_runs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('trace_id', 128).notNullable();
      t.uuid('model_connection_id').notNullable();
      t.string('outcome', 16).notNullable(); // completed | error
      t.integer('prompt_tokens').notNullable();
      t.integer('completion_tokens').notNullable();
      t.double('cost_usd').notNullable();
      t.bigInteger('created_at').notNullable();
      t.index(['project_id', 'created_at'], 'playground_runs_project_created_idx'); // the project's daily spend
    });
  },
  async down(knex) {
    await knex.schema.dropTable('playground_runs');
  },
};
