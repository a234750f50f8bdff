import type { Dialect } from '../../src/ports/store.js';
import type { FilterDialect } from './filter-compiler.js';
import { sqliteFilterDialect } from '../sqlite/filter-dialect.js';
import { postgresFilterDialect } from '../postgres/filter-dialect.js';

/** The filter compiler's spelling for each database the SQL repositories run on. */
export const filterDialectOf = (dialect: Dialect): FilterDialect => (dialect === 'sqlite' ? sqliteFilterDialect : postgresFilterDialect);
