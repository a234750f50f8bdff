import type { Migration } from './migration.js';

/**
 * Server-side experiment runs (docs/experiments.md, "Server-side runs"):
 * - `experiment_runs.task`: what the server runs (JSON, the prompt version resolved at creation);
 *   null for a client-side run. `status_reason` says why a server-side run stopped; `started_by` is
 *   the actor whose finish is announced; `phase` is `tasks` then `judging` (the finish evaluators queued);
 *   `concurrency` bounds the run's calls in flight (read by the claim).
 * - `experiment_results.prompt_tokens` / `completion_tokens`: the model call's usage.
 * - `experiment_jobs`: the outbox of model calls (one `task:<item>` job per item, one
 *   `judge:<evaluator>:<result item>` per judgement) with the lease protocol of `evaluation_jobs`;
 *   `(run_id, job_key)` is unique, so an item is queued once per run.
 * - `experiment_calls`: what each call spent, summed into the project's daily evaluation budget (and
 *   an evaluator's own, for judgements) like `evaluation_runs` and `playground_runs`.
 */
export const experimentServerRuns: Migration = {
  name: '037-experiment-server-runs',
  async up(knex) {
    await knex.schema.alterTable('experiment_runs', (t) => {
      t.text('task');
      t.text('status_reason');
      t.string('started_by', 255);
      t.string('phase', 16);
      t.integer('concurrency');
      // The worker looks for running server-side runs with no work left every round.
      t.index(['status'], 'experiment_runs_status_idx');
    });
    await knex.schema.alterTable('experiment_results', (t) => {
      t.integer('prompt_tokens');
      t.integer('completion_tokens');
    });
    await knex.schema.createTable('experiment_jobs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.uuid('run_id').notNullable().references('experiment_runs.id').onDelete('CASCADE');
      t.string('job_key', 128).notNullable();
      t.string('kind', 16).notNullable(); // task | judge
      t.uuid('item_id').notNullable();
      t.uuid('evaluator_id');
      t.string('status', 16).notNullable(); // pending | done | failed
      t.integer('attempts').notNullable().defaultTo(0);
      t.string('lease_owner', 64);
      t.bigInteger('lease_expires_at');
      t.text('last_error');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['run_id', 'job_key'], { indexName: 'experiment_jobs_run_key_unique' });
      t.index(['status', 'created_at'], 'experiment_jobs_status_idx');
      t.index(['run_id', 'status'], 'experiment_jobs_run_status_idx');
    });
    await knex.schema.createTable('experiment_calls', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      // Not referenced: deleting a run (or its dataset) keeps the day's spend.
      t.uuid('run_id').notNullable();
      t.uuid('item_id').notNullable();
      t.uuid('evaluator_id');
      t.string('kind', 16).notNullable(); // task | judge
      t.string('outcome', 16).notNullable(); // completed | scored | error | skipped
      t.integer('prompt_tokens').notNullable();
      t.integer('completion_tokens').notNullable();
      t.double('cost_usd').notNullable();
      t.text('error');
      t.bigInteger('created_at').notNullable();
      t.index(['project_id', 'created_at'], 'experiment_calls_project_created_idx');
      t.index(['evaluator_id', 'created_at'], 'experiment_calls_evaluator_created_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('experiment_calls');
    await knex.schema.dropTableIfExists('experiment_jobs');
    await knex.schema.alterTable('experiment_results', (t) => {
      t.dropColumn('prompt_tokens');
      t.dropColumn('completion_tokens');
    });
    await knex.schema.alterTable('experiment_runs', (t) => {
      t.dropIndex(['status'], 'experiment_runs_status_idx');
      t.dropColumn('task');
      t.dropColumn('status_reason');
      t.dropColumn('started_by');
      t.dropColumn('phase');
      t.dropColumn('concurrency');
    });
  },
};
