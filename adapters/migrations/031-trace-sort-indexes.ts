import type { Migration } from './migration.js';

/**
 * The trace list sorts by latency, cost or tokens (`GET /traces?sort=`, docs/traces.md): each order
 * is a (project_id, column, id) index, as newest-first is (traces_project_created_idx), so a page is
 * a seek along the index after the cursor's row, not a sort of the project's traces.
 */
const INDEXES = [
  ['latency_ms', 'traces_project_latency_idx'],
  ['cost', 'traces_project_cost_idx'],
  ['total_tokens', 'traces_project_tokens_idx'],
] as const;

export const traceSortIndexes: Migration = {
  name: '031-trace-sort-indexes',
  async up(knex) {
    await knex.schema.alterTable('traces', (t) => {
      for (const [column, name] of INDEXES) t.index(['project_id', column, 'id'], name);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('traces', (t) => {
      for (const [column, name] of INDEXES) t.dropIndex(['project_id', column, 'id'], name);
    });
  },
};
