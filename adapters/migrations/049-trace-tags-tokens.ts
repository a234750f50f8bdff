import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { Migration } from './migration.js';

/**
 * Trace tags and per-trace input/output tokens (docs/traces.md#tags, docs/sessions.md).
 *
 * `traces.tags` holds the trace's tag set as a JSON array (read with the row, written with it by
 * every path that writes a trace); `trace_tags` holds one row per tag, for filtering and grouping
 * by tag through an index (project, tag, trace). Triggers keep the rows equal to the column in the
 * writing transaction itself — an insert, an OTLP append that recomputes the trace row, a delete (of
 * a trace, by retention, by a project purge's cascade) — as the rollup marks of migration 047 are
 * kept, so no write path can forget them. No foreign key to `traces`: on PostgreSQL its per-row check
 * (a key-share lock of the trace row) made a batch of tagged traces ingest 5–10× slower (measured:
 * 1,500 traces of 3 tags, 222–484 traces/s with it against 3,681 without); the delete triggers do
 * what its cascade did.
 *
 * `traces.input_tokens` / `output_tokens` are the spans' `input_tokens` / `output_tokens` summed,
 * maintained where `total_tokens` is (SpanTotals); stored traces are filled from their spans here.
 */
async function createTriggers(knex: Knex, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // Statement triggers over transition tables, as migration 047's marks: a multi-row ingest runs
    // one INSERT … SELECT for all its traces, not a function call per row.
    const insertFrom = (rows: string, where: string) =>
      `INSERT INTO trace_tags (project_id, trace_id, tag) SELECT n.project_id, n.id, e.tag FROM ${rows} ` +
      `CROSS JOIN LATERAL jsonb_array_elements_text(CAST(n.tags AS jsonb)) AS e(tag) WHERE ${where} ON CONFLICT DO NOTHING;`;
    await knex.raw(`CREATE FUNCTION trace_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${insertFrom('new_rows n', "n.tags <> '[]'")}
  RETURN NULL;
END $$`);
    // Only the traces whose tags changed (an OTLP append usually changes none): their rows replaced.
    const changed = 'old_rows o JOIN new_rows n ON n.project_id = o.project_id AND n.id = o.id';
    await knex.raw(`CREATE FUNCTION trace_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_tags t USING ${changed} WHERE o.tags IS DISTINCT FROM n.tags AND t.project_id = o.project_id AND t.trace_id = o.id;
  ${insertFrom(changed, 'o.tags IS DISTINCT FROM n.tags')}
  RETURN NULL;
END $$`);
    await knex.raw(`CREATE FUNCTION trace_tags_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_tags t USING old_rows o WHERE o.tags <> '[]' AND t.project_id = o.project_id AND t.trace_id = o.id;
  RETURN NULL;
END $$`);
    await knex.raw('CREATE TRIGGER traces_tags_inserted AFTER INSERT ON traces REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_tags_inserted()');
    await knex.raw('CREATE TRIGGER traces_tags_deleted AFTER DELETE ON traces REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_tags_deleted()');
    await knex.raw(
      'CREATE TRIGGER traces_tags_updated AFTER UPDATE ON traces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trace_tags_updated()',
    );
    return;
  }
  const insert = `INSERT OR IGNORE INTO trace_tags (project_id, trace_id, tag) SELECT new.project_id, new.id, j.value FROM json_each(new.tags) AS j;`;
  await knex.raw(`CREATE TRIGGER traces_tags_inserted AFTER INSERT ON traces WHEN new.tags <> '[]' BEGIN ${insert} END`);
  // Fired for the traces a project's cascade deletes too (SQLite runs a cascade's deletes as statements).
  await knex.raw(`CREATE TRIGGER traces_tags_deleted AFTER DELETE ON traces WHEN old.tags <> '[]' BEGIN DELETE FROM trace_tags WHERE project_id = old.project_id AND trace_id = old.id; END`);
  await knex.raw(
    `CREATE TRIGGER traces_tags_updated AFTER UPDATE OF tags ON traces WHEN old.tags IS NOT new.tags BEGIN ` +
      `DELETE FROM trace_tags WHERE project_id = old.project_id AND trace_id = old.id; ${insert} END`,
  );
}

/** The sum over a trace's spans of one numeric span metadata key, as spanTokens reads it (a number, else nothing). */
function spanSum(dialect: Dialect, key: string): string {
  const value =
    dialect === 'postgres'
      ? `CASE WHEN jsonb_typeof(CAST(s.metadata AS jsonb) -> '${key}') = 'number' THEN CAST(CAST(s.metadata AS jsonb) ->> '${key}' AS double precision) END`
      : `CASE WHEN json_type(s.metadata, '$.${key}') IN ('integer', 'real') THEN json_extract(s.metadata, '$.${key}') END`;
  return `COALESCE((SELECT SUM(${value}) FROM spans s WHERE s.project_id = traces.project_id AND s.trace_id = traces.id), 0)`;
}

export const traceTagsTokens: Migration = {
  name: '049-trace-tags-tokens',
  async up(knex, dialect) {
    await knex.schema.alterTable('traces', (t) => {
      t.double('input_tokens').notNullable().defaultTo(0);
      t.double('output_tokens').notNullable().defaultTo(0);
      t.text('tags').notNullable().defaultTo('[]'); // JSON array of strings, ascending by bytes
    });
    await knex.schema.createTable('trace_tags', (t) => {
      t.uuid('project_id').notNullable();
      t.string('trace_id', 128).notNullable();
      t.string('tag', 200).notNullable();
      t.primary(['project_id', 'trace_id', 'tag']);
      // Traces of a tag in a project: the filter's EXISTS probes the primary key, a tag's traces this.
      t.index(['project_id', 'tag', 'trace_id'], 'trace_tags_project_tag_idx');
    });
    await createTriggers(knex, dialect);
    // Only the traces with a span naming either key (its JSON text holds the quoted key) are updated:
    // the others keep their 0 without being rewritten. Not `total_tokens > 0`: a span's stated
    // `tokens_used: 0` makes the total 0 whatever input and output it names.
    const named = `EXISTS (SELECT 1 FROM spans s WHERE s.project_id = traces.project_id AND s.trace_id = traces.id AND (s.metadata LIKE '%"input_tokens"%' OR s.metadata LIKE '%"output_tokens"%'))`;
    await knex.raw(`UPDATE traces SET input_tokens = ${spanSum(dialect, 'input_tokens')}, output_tokens = ${spanSum(dialect, 'output_tokens')} WHERE ${named}`);
  },
  async down(knex, dialect) {
    for (const name of ['traces_tags_inserted', 'traces_tags_updated', 'traces_tags_deleted']) {
      await knex.raw(dialect === 'postgres' ? `DROP TRIGGER IF EXISTS ${name} ON traces` : `DROP TRIGGER IF EXISTS ${name}`);
    }
    if (dialect === 'postgres') for (const name of ['trace_tags_inserted', 'trace_tags_updated', 'trace_tags_deleted']) await knex.raw(`DROP FUNCTION IF EXISTS ${name}()`);
    await knex.schema.dropTableIfExists('trace_tags');
    await knex.schema.alterTable('traces', (t) => {
      t.dropColumn('input_tokens');
      t.dropColumn('output_tokens');
      t.dropColumn('tags');
    });
  },
};
