import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';

/** A schema step. `dialect` lets a step add what only one database has (FTS5, tsvector + GIN). */
export interface Migration {
  name: string;
  /**
   * false: the step runs outside a transaction (CREATE INDEX CONCURRENTLY cannot run in one) and
   * opens its own short ones; the steps before and after it then run each in a transaction of its own.
   */
  transaction?: false;
  up(knex: Knex, dialect: Dialect): Promise<void>;
  down(knex: Knex, dialect: Dialect): Promise<void>;
}
