import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';

/** A schema step. `dialect` lets a step add what only one database has (FTS5, tsvector + GIN). */
export interface Migration {
  name: string;
  up(knex: Knex, dialect: Dialect): Promise<void>;
  down(knex: Knex, dialect: Dialect): Promise<void>;
}
