import type { Migration } from './migration.js';

/**
 * OpenTelemetry ingest (docs/opentelemetry.md). Traces learn where they came from (`source`: a
 * native trace is immutable, an OTLP trace grows as its spans arrive), and which session and user
 * they belong to, for the list and search filters. Detection jobs are looked up per trace, so a
 * pending evaluation of a still-growing trace can be pushed back instead of queued again. Projects
 * may override model prices.
 */
export const otlpIngest: Migration = {
  name: '015-otlp-ingest',
  async up(knex) {
    await knex.schema.alterTable('traces', (t) => {
      t.string('source', 16).notNullable().defaultTo('native'); // native | otlp
      t.string('session_id', 255);
      t.string('user_id', 255);
      t.index(['project_id', 'session_id', 'created_at'], 'traces_project_session_created_idx');
      t.index(['project_id', 'user_id', 'created_at'], 'traces_project_user_created_idx');
    });
    await knex.schema.alterTable('detection_jobs', (t) => {
      t.index(['project_id', 'trace_id', 'status'], 'detection_jobs_trace_idx');
    });
    await knex.schema.createTable('project_model_prices', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('model', 200).notNullable(); // lowercased
      t.double('input').notNullable(); // dollars per million tokens
      t.double('output').notNullable();
      t.double('cache_read');
      t.double('cache_write');
      t.double('reasoning');
      t.bigInteger('updated_at').notNullable();
      t.primary(['project_id', 'model']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('project_model_prices');
    await knex.schema.alterTable('detection_jobs', (t) => t.dropIndex([], 'detection_jobs_trace_idx'));
    await knex.schema.alterTable('traces', (t) => {
      t.dropIndex([], 'traces_project_session_created_idx');
      t.dropIndex([], 'traces_project_user_created_idx');
      t.dropColumn('source');
      t.dropColumn('session_id');
      t.dropColumn('user_id');
    });
  },
};
