import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';

/**
 * Row counts of every table of the database. SQLite's FTS5 shadow tables that hold index structure
 * (segments, config) are left out; the ones holding one row per document (`_content`, `_docsize`)
 * are counted, so a search row left behind shows.
 */
export async function countEveryTable(knex: Knex, dialect: Dialect): Promise<Record<string, number>> {
  const tables: string[] =
    dialect === 'sqlite'
      ? (await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((row: { name: string }) => row.name)
      : (await knex.raw(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)).rows.map(
          (row: { name: string }) => row.name,
        );
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    if (/^trace_search_(data|idx|config)$/.test(table) || table.startsWith('knex_migrations')) continue;
    const row = await knex(table).count<{ n: number | string }[]>({ n: '*' }).first();
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
