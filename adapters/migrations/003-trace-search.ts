import type { Migration } from './migration.js';

/**
 * The trace full-text index and the filter indexes of the trace list. A trace's search document is
 * its name, error messages, span names and the keys and values of trace and span metadata, written
 * once at ingest (traces are immutable). SQLite keeps it in an FTS5 table whose `scope` column holds
 * one token per project, so the project restriction is part of the index match; PostgreSQL keeps a
 * tsvector per trace under a GIN index.
 */
export const traceSearch: Migration = {
  name: '003-trace-search',
  async up(knex, dialect) {
    await knex.schema.alterTable('traces', (t) => {
      t.index(['project_id', 'status', 'created_at'], 'traces_project_status_created_idx');
      t.index(['project_id', 'framework', 'created_at'], 'traces_project_framework_created_idx');
      t.index(['project_id', 'agent_name', 'created_at'], 'traces_project_agent_created_idx');
    });
    if (dialect === 'sqlite') {
      await knex.raw(
        `CREATE VIRTUAL TABLE trace_search USING fts5(scope, trace_id UNINDEXED, body, tokenize = 'porter unicode61')`,
      );
    } else {
      await knex.schema.createTable('trace_search', (t) => {
        t.uuid('project_id').notNullable();
        t.string('trace_id', 128).notNullable();
        t.specificType('document', 'tsvector').notNullable();
        t.primary(['project_id', 'trace_id']);
        t.foreign(['project_id', 'trace_id']).references(['project_id', 'id']).inTable('traces').onDelete('CASCADE');
      });
      await knex.raw('CREATE INDEX trace_search_document_idx ON trace_search USING GIN (document)');
    }
  },
  async down(knex, dialect) {
    if (dialect === 'sqlite') await knex.raw('DROP TABLE IF EXISTS trace_search');
    else await knex.schema.dropTableIfExists('trace_search');
    await knex.schema.alterTable('traces', (t) => {
      t.dropIndex([], 'traces_project_status_created_idx');
      t.dropIndex([], 'traces_project_framework_created_idx');
      t.dropIndex([], 'traces_project_agent_created_idx');
    });
  },
};
