import type { Knex } from 'knex';
import type { Migration } from './migration.js';

/**
 * PostgreSQL only, the first half of time partitioning (docs/partitioning.md): every trace row and
 * the rows hanging off it (spans, search documents, tag rows) carry `stored_at`, the epoch ms at
 * which the trace was first stored (server clock, never rewritten), and the registry `trace_ids`
 * holds each trace id once per project with that `stored_at`. Partitioned tables (a later
 * migration) must carry the partition key in every unique constraint, so the registry is what keeps
 * a trace id unique across weeks and tells each writer which week a trace's rows belong to; the
 * foreign keys of `scores` and `annotation_items` move to it, since a partitioned `traces` could not
 * be their target.
 *
 * SQLite gets none of it: it is not partitioned, its `traces` primary key already keeps ids unique,
 * its foreign keys could only move by rebuilding `scores` and `annotation_items`, and its FTS5
 * search table cannot take a column. Its writers and readers are separate code paths already
 * (prepared statements on the SQLite thread), so the dialect branch costs no second copy of a rule.
 *
 * Existing rows get `stored_at = 0` (a constant default is kept in the catalog: no table rewrite),
 * then the default is dropped, so a writer that forgets the column fails instead of filing rows
 * into the oldest week. Replicas of the previous version must be stopped before this migration runs:
 * they write no registry row (docs/partitioning.md, "Migrating").
 */
const STORED_TABLES = ['traces', 'spans', 'trace_search', 'trace_tags'] as const;
const REFERENCING = ['scores', 'annotation_items'] as const;

/** The `trace_tags` triggers of migration 049, their rows now carrying their trace's `stored_at`. */
async function tagTriggerFunctions(knex: Knex, withStoredAt: boolean): Promise<void> {
  const column = withStoredAt ? ', stored_at' : '';
  const value = withStoredAt ? ', n.stored_at' : '';
  const sameTrace = withStoredAt ? ' AND t.stored_at = o.stored_at' : '';
  const insertFrom = (rows: string, where: string) =>
    `INSERT INTO trace_tags (project_id, trace_id, tag${column}) SELECT n.project_id, n.id, e.tag${value} FROM ${rows} ` +
    `CROSS JOIN LATERAL jsonb_array_elements_text(CAST(n.tags AS jsonb)) AS e(tag) WHERE ${where} ON CONFLICT DO NOTHING;`;
  const changed = `old_rows o JOIN new_rows n ON n.project_id = o.project_id AND n.id = o.id${withStoredAt ? ' AND n.stored_at = o.stored_at' : ''}`;
  await knex.raw(`CREATE OR REPLACE FUNCTION trace_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${insertFrom('new_rows n', "n.tags <> '[]'")}
  RETURN NULL;
END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION trace_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_tags t USING ${changed} WHERE o.tags IS DISTINCT FROM n.tags AND t.project_id = o.project_id AND t.trace_id = o.id${sameTrace};
  ${insertFrom(changed, 'o.tags IS DISTINCT FROM n.tags')}
  RETURN NULL;
END $$`);
  await knex.raw(`CREATE OR REPLACE FUNCTION trace_tags_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_tags t USING old_rows o WHERE o.tags <> '[]' AND t.project_id = o.project_id AND t.trace_id = o.id${sameTrace};
  RETURN NULL;
END $$`);
}

/** The foreign key constraints of `table` that reference `target`, by name. */
async function keysReferencing(knex: Knex, table: string, target: string): Promise<string[]> {
  const result = await knex.raw('SELECT conname FROM pg_constraint WHERE contype = ? AND conrelid = ?::regclass AND confrelid = ?::regclass', ['f', table, target]);
  return (result.rows as { conname: string }[]).map((row) => row.conname);
}

async function moveTraceKeys(knex: Knex, from: string, to: string): Promise<void> {
  for (const table of REFERENCING) {
    for (const name of await keysReferencing(knex, table, from)) await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [table, name]);
    await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (project_id, trace_id) REFERENCES ?? (project_id, id) ON DELETE CASCADE`, [table, `${table}_trace_fkey`, to]);
  }
}

export const traceRegistry: Migration = {
  name: '052-trace-registry',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw(`CREATE TABLE trace_ids (
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      id varchar(128) NOT NULL,
      stored_at bigint NOT NULL,
      PRIMARY KEY (project_id, id))`);
    // Retention walks the registry by week (docs/partitioning.md, "Retention").
    await knex.raw('CREATE INDEX trace_ids_stored_idx ON trace_ids (stored_at)');
    // Before the columns exist: the stored traces are all of the oldest week, 0.
    await knex.raw('INSERT INTO trace_ids (project_id, id, stored_at) SELECT project_id, id, 0 FROM traces');
    for (const table of STORED_TABLES) {
      await knex.raw('ALTER TABLE ?? ADD COLUMN stored_at bigint NOT NULL DEFAULT 0', [table]);
      await knex.raw('ALTER TABLE ?? ALTER COLUMN stored_at DROP DEFAULT', [table]);
    }
    await moveTraceKeys(knex, 'traces', 'trace_ids');
    await tagTriggerFunctions(knex, true);
    // A trace's registry row goes with its trace row, whoever deletes it (retention's batches, a
    // trace deleted on request, a project's cascade), as migration 049's tag rows do; the cascade
    // from the registry then removes its scores and annotation items. The stored_at condition: the
    // id may by then belong to a newer trace (docs/partitioning.md, "Retention", step 2).
    await knex.raw(`CREATE FUNCTION trace_ids_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_ids r USING old_rows o WHERE r.project_id = o.project_id AND r.id = o.id AND r.stored_at = o.stored_at;
  RETURN NULL;
END $$`);
    await knex.raw('CREATE TRIGGER traces_ids_deleted AFTER DELETE ON traces REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_ids_deleted()');
  },
  async down(knex, dialect) {
    if (dialect !== 'postgres') return;
    await knex.raw('DROP TRIGGER IF EXISTS traces_ids_deleted ON traces');
    await knex.raw('DROP FUNCTION IF EXISTS trace_ids_deleted()');
    await tagTriggerFunctions(knex, false);
    await moveTraceKeys(knex, 'trace_ids', 'traces');
    for (const table of STORED_TABLES) await knex.raw('ALTER TABLE ?? DROP COLUMN stored_at', [table]);
    await knex.raw('DROP TABLE trace_ids');
  },
};
