import type { Migration } from './migration.js';

/**
 * PostgreSQL only: spans and search documents stop referencing their trace by foreign key and
 * reference the project instead. PostgreSQL plans each referential check once per connection and
 * keeps the plan; made while `traces` was nearly empty, that plan is a sequential scan, so every span
 * insert scanned all traces and ingest slowed linearly with the table (measured: 90 → 42 traces/s
 * over the first 4,500 traces; 2,500 spans took 3–4 s on a pooled connection against 52 ms on a
 * fresh one). A trace and its spans are written in one transaction, so the key added nothing the
 * ingest path does not already guarantee; deleting a project still removes them (ON DELETE CASCADE).
 * SQLite checks keys through the parent's primary key directly and keeps its constraints.
 */
export const traceChildrenKeys: Migration = {
  name: '010-trace-children-keys',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    for (const table of ['spans', 'trace_search']) {
      await knex.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [table, `${table}_project_id_trace_id_foreign`]);
      await knex.raw('ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE', [
        table,
        `${table}_project_id_foreign`,
      ]);
    }
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    for (const table of ['spans', 'trace_search']) {
      await knex.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [table, `${table}_project_id_foreign`]);
      await knex.raw('ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (project_id, trace_id) REFERENCES traces (project_id, id) ON DELETE CASCADE', [
        table,
        `${table}_project_id_trace_id_foreign`,
      ]);
    }
  },
};
