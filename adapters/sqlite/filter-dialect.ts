import type { FilterDialect, SqlFragment, ValueType } from '../sql/filter-compiler.js';

/** A JSON path naming one key; keys match JSON_KEY_PATTERN, so quoting them needs no escaping. */
const pathOf = (key: string): string => `$."${key}"`;

/**
 * The rule language's SQLite spelling. The built-in lower() folds A–Z only, exactly `foldAscii`;
 * a metadata key's type is json_type's, and CASE guarantees a value is only read as its own type.
 */
export const sqliteFilterDialect: FilterDialect = {
  fold: (sql) => `lower(${sql})`,
  jsonValue(column: string, key: string, type: ValueType): SqlFragment {
    const path = pathOf(key);
    switch (type) {
      case 'string':
        return { sql: `(CASE WHEN json_type(${column}, ?) = 'text' THEN json_extract(${column}, ?) END)`, bindings: [path, path] };
      case 'number':
        return { sql: `(CASE WHEN json_type(${column}, ?) IN ('integer', 'real') THEN json_extract(${column}, ?) END)`, bindings: [path, path] };
      case 'boolean':
        return { sql: `(CASE json_type(${column}, ?) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`, bindings: [path] };
    }
  },
  // Missing key and JSON null read as SQL NULL, "" as ''.
  jsonEmpty: (column, key) => ({ sql: `(coalesce(json_extract(${column}, ?), '') = '')`, bindings: [pathOf(key)] }),
  contains: (haystack) => `instr(${haystack}, ?) > 0`,
  // One trace of an id at a time: its rows go with it.
  sameStoredTrace: () => '',
};
