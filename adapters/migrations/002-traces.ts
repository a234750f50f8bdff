import type { Migration } from './migration.js';

/**
 * Traces and their spans. A trace's id is caller-chosen (or generated) and unique within its
 * project. The trace row carries what lists, filters and sorts need (derived from its spans at
 * ingest), so the hot list path never touches spans. JSON columns are text on both dialects.
 */
export const traces: Migration = {
  name: '002-traces',
  async up(knex) {
    await knex.schema.createTable('traces', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('id', 128).notNullable();
      t.text('name').notNullable();
      t.string('status', 16).notNullable(); // success | error
      t.bigInteger('created_at').notNullable(); // epoch ms
      t.double('latency_ms').notNullable().defaultTo(0);
      t.double('cost').notNullable().defaultTo(0); // dollars
      t.integer('span_count').notNullable().defaultTo(0);
      t.bigInteger('total_tokens').notNullable().defaultTo(0);
      t.string('framework', 100);
      t.string('agent_name', 255);
      t.text('error_message');
      t.text('metadata').notNullable().defaultTo('{}'); // JSON object
      t.primary(['project_id', 'id']);
      // Keyset pagination: newest first with id as the tiebreak.
      t.index(['project_id', 'created_at', 'id'], 'traces_project_created_idx');
    });
    await knex.schema.createTable('spans', (t) => {
      t.uuid('project_id').notNullable();
      t.string('trace_id', 128).notNullable();
      t.string('span_id', 128).notNullable();
      t.string('parent_span_id', 128);
      t.integer('position').notNullable(); // order within the trace as sent
      t.text('name').notNullable();
      t.string('span_type', 32).notNullable();
      t.string('status', 16).notNullable();
      t.double('latency_ms');
      t.double('cost');
      t.bigInteger('start_time'); // epoch ms
      t.text('input'); // JSON
      t.text('output'); // JSON
      t.text('error');
      t.text('metadata').notNullable().defaultTo('{}'); // JSON object
      t.primary(['project_id', 'trace_id', 'span_id']);
      t.foreign(['project_id', 'trace_id']).references(['project_id', 'id']).inTable('traces').onDelete('CASCADE');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('spans');
    await knex.schema.dropTableIfExists('traces');
  },
};
