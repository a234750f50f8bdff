import type { Migration } from './migration.js';

/**
 * Evaluations (docs/evaluations.md):
 * - `scores`: values attached to a trace, a span or a session; a trace's scores go with the trace.
 * - `model_connections`: OpenAI-compatible endpoints, the API key sealed like webhook secrets.
 * - `evaluators` and their outbox `evaluation_jobs` (same lease protocol as detection_jobs) and
 *   `evaluation_runs` (one row per evaluated trace: scored, error or skipped, with tokens and cost,
 *   from which the daily budgets are summed) and `evaluation_budgets` (one per project).
 * - annotation queues, their members, batches and items; `*_sent_at` columns make each scheduled
 *   notification happen once.
 */
export const evaluations: Migration = {
  name: '019-evaluations',
  async up(knex) {
    await knex.schema.createTable('scores', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.string('data_type', 16).notNullable(); // numeric | boolean | categorical
      t.double('numeric_value'); // numeric, and boolean as 1/0
      t.string('string_value', 100); // categorical
      t.string('target', 16).notNullable(); // trace | span | session
      t.string('trace_id', 128);
      t.string('span_id', 128);
      t.string('session_id', 256);
      t.string('source', 16).notNullable(); // api | annotation | evaluator
      t.string('author', 128);
      t.text('comment');
      t.uuid('evaluator_id');
      t.bigInteger('created_at').notNullable();
      t.foreign(['project_id', 'trace_id']).references(['project_id', 'id']).inTable('traces').onDelete('CASCADE');
      t.index(['project_id', 'created_at', 'id'], 'scores_project_created_idx');
      t.index(['project_id', 'trace_id'], 'scores_project_trace_idx');
      t.index(['project_id', 'name', 'numeric_value'], 'scores_project_name_value_idx');
    });
    await knex.schema.createTable('model_connections', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.text('base_url').notNullable();
      t.string('model', 200).notNullable();
      t.text('api_key_ciphertext').notNullable(); // AES-256-GCM envelope, the connection id as associated data
      t.bigInteger('created_at').notNullable();
      t.unique(['project_id', 'name'], { indexName: 'model_connections_project_name_unique' });
      t.index(['project_id', 'created_at', 'id'], 'model_connections_project_created_idx');
    });
    await knex.schema.createTable('evaluators', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('model_connection_id').notNullable().references('model_connections.id').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.string('template', 32).notNullable();
      t.text('prompt').notNullable();
      t.text('variables').notNullable(); // JSON object placeholder → trace field
      t.string('score_name', 100).notNullable();
      t.double('sampling_rate').notNullable();
      t.text('filters').notNullable(); // JSON filter tree
      t.double('daily_budget_usd');
      t.bigInteger('daily_budget_tokens');
      t.boolean('is_active').notNullable();
      t.text('paused_reason'); // set while the day's budget is spent
      t.bigInteger('paused_until');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'name'], { indexName: 'evaluators_project_name_unique' });
      t.index(['project_id', 'created_at', 'id'], 'evaluators_project_created_idx');
    });
    await knex.schema.createTable('evaluation_jobs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.uuid('evaluator_id').notNullable().references('evaluators.id').onDelete('CASCADE');
      t.string('trace_id', 128).notNullable();
      t.string('status', 16).notNullable(); // pending | done | failed
      t.integer('attempts').notNullable().defaultTo(0);
      t.string('lease_owner', 64);
      t.bigInteger('lease_expires_at');
      t.text('last_error');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'created_at'], 'evaluation_jobs_status_idx');
    });
    await knex.schema.createTable('evaluation_runs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.uuid('evaluator_id').notNullable().references('evaluators.id').onDelete('CASCADE');
      t.string('trace_id', 128).notNullable();
      t.string('outcome', 16).notNullable(); // scored | error | skipped
      t.uuid('score_id');
      t.text('error');
      t.integer('prompt_tokens').notNullable();
      t.integer('completion_tokens').notNullable();
      t.double('cost_usd').notNullable();
      t.bigInteger('created_at').notNullable();
      t.index(['evaluator_id', 'created_at', 'id'], 'evaluation_runs_evaluator_created_idx');
      t.index(['project_id', 'created_at'], 'evaluation_runs_project_created_idx'); // the project's daily spend
    });
    await knex.schema.createTable('evaluation_budgets', (t) => {
      t.uuid('project_id').primary().references('projects.id').onDelete('CASCADE');
      t.double('daily_budget_usd');
      t.bigInteger('daily_budget_tokens');
      t.text('paused_reason'); // set while the project's day's budget is spent
      t.bigInteger('paused_until');
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('annotation_queues', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 100).notNullable();
      t.string('target', 16).notNullable(); // trace | span
      t.text('score_config').notNullable(); // JSON
      t.bigInteger('created_at').notNullable();
      t.index(['project_id', 'created_at', 'id'], 'annotation_queues_project_created_idx');
    });
    await knex.schema.createTable('annotation_queue_members', (t) => {
      t.uuid('queue_id').notNullable().references('annotation_queues.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.bigInteger('created_at').notNullable();
      t.primary(['queue_id', 'user_id']);
    });
    await knex.schema.createTable('annotation_batches', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.uuid('queue_id').notNullable().references('annotation_queues.id').onDelete('CASCADE');
      t.string('status', 16).notNullable(); // open | completed | overdue
      t.bigInteger('deadline_at').notNullable();
      t.bigInteger('remind_at');
      t.bigInteger('reminder_sent_at');
      t.bigInteger('approaching_sent_at');
      t.bigInteger('passed_sent_at');
      t.bigInteger('completed_at');
      t.bigInteger('created_at').notNullable();
      t.index(['status', 'deadline_at'], 'annotation_batches_due_idx');
    });
    await knex.schema.createTable('annotation_items', (t) => {
      t.uuid('id').primary();
      t.uuid('batch_id').notNullable().references('annotation_batches.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable();
      t.string('trace_id', 128).notNullable();
      t.string('span_id', 128);
      t.uuid('assignee').notNullable();
      t.integer('position').notNullable();
      t.string('status', 16).notNullable(); // pending | done
      t.uuid('score_id');
      t.bigInteger('responded_at');
      t.foreign(['project_id', 'trace_id']).references(['project_id', 'id']).inTable('traces').onDelete('CASCADE');
      t.index(['batch_id', 'position'], 'annotation_items_batch_idx');
      // Deleting a trace checks this table for its items (the cascade): without the index, a scan per trace.
      t.index(['project_id', 'trace_id'], 'annotation_items_project_trace_idx');
    });
  },
  async down(knex) {
    for (const table of ['annotation_items', 'annotation_batches', 'annotation_queue_members', 'annotation_queues', 'evaluation_budgets', 'evaluation_runs', 'evaluation_jobs', 'evaluators', 'model_connections', 'scores']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
