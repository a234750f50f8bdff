import type { Migration } from './migration.js';

/**
 * The session and end-user lists (docs/sessions.md) group a project's traces by session or user and
 * sum them at read time. These indexes carry every column those aggregates read, so the GROUP BY is
 * answered from the index alone (an index-only scan), in key order, without a lookup of each trace
 * row. They replace 015's (project_id, session_id, created_at) and (project_id, user_id, created_at):
 * the same leading columns, so the trace list's sessionId / userId filters seek them as before, and
 * ingest keeps the same number of trace indexes.
 */
const SESSION_COLUMNS = ['project_id', 'session_id', 'created_at', 'latency_ms', 'cost', 'total_tokens', 'status', 'user_id'];
const USER_COLUMNS = ['project_id', 'user_id', 'created_at', 'session_id', 'cost', 'total_tokens', 'status'];

export const sessionActivityIndexes: Migration = {
  name: '039-session-activity-indexes',
  async up(knex) {
    await knex.schema.alterTable('traces', (t) => {
      t.index(SESSION_COLUMNS, 'traces_project_session_activity_idx');
      t.index(USER_COLUMNS, 'traces_project_user_activity_idx');
    });
    await knex.schema.alterTable('traces', (t) => {
      t.dropIndex([], 'traces_project_session_created_idx');
      t.dropIndex([], 'traces_project_user_created_idx');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('traces', (t) => {
      t.index(['project_id', 'session_id', 'created_at'], 'traces_project_session_created_idx');
      t.index(['project_id', 'user_id', 'created_at'], 'traces_project_user_created_idx');
    });
    await knex.schema.alterTable('traces', (t) => {
      t.dropIndex([], 'traces_project_session_activity_idx');
      t.dropIndex([], 'traces_project_user_activity_idx');
    });
  },
};
