import type { FilterDialect, SqlFragment, ValueType } from '../sql/filter-compiler.js';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The rule language's PostgreSQL spelling. lower() folds by locale, so translate() folds exactly
 * A–Z → a–z (as SQLite's lower() and `foldAscii`); a metadata key's type is jsonb_typeof's, and
 * CASE guarantees the cast to a number only runs on numbers.
 */
export const postgresFilterDialect: FilterDialect = {
  fold: (sql) => `translate(${sql}, '${UPPER}', '${LOWER}')`,
  jsonValue(column: string, key: string, type: ValueType): SqlFragment {
    const json = `CAST(${column} AS jsonb)`;
    switch (type) {
      case 'string':
        return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'string' THEN ${json} ->> ? END)`, bindings: [key, key] };
      case 'number':
        return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'number' THEN CAST(${json} ->> ? AS double precision) END)`, bindings: [key, key] };
      case 'boolean':
        return { sql: `(CASE WHEN jsonb_typeof(${json} -> ?) = 'boolean' THEN (CASE WHEN ${json} ->> ? = 'true' THEN 1 ELSE 0 END) END)`, bindings: [key, key] };
    }
  },
  // Missing key and JSON null read as SQL NULL, "" as ''.
  jsonEmpty: (column, key) => ({ sql: `(coalesce(CAST(${column} AS jsonb) ->> ?, '') = '')`, bindings: [key] }),
  contains: (haystack) => `strpos(${haystack}, ?) > 0`,
  sameStoredTrace: (row, trace) => ` AND ${row}.stored_at = ${trace}.stored_at`,
};
