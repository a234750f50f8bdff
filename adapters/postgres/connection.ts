import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { readInteger } from '../../src/settings/read-setting.js';
import { isConnectionLost } from '../../src/ports/storage-faults.js';

// Times are stored as epoch milliseconds in int8 columns and counts come back as int8: both fit
// in a JS number, so parse them as numbers rather than pg's default strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** PostgreSQL through `pg`. `schema` isolates a test run (created on demand) from other runs. */
export function openPostgres(databaseUrl: string, schema?: string): Knex {
  // Connections are stamped with the generation they were opened in. A statement that finds its
  // connection lost starts a new generation, and the pool refuses older ones at their next acquire:
  // after a restart or failover every idle connection is dead but looks alive until used (until its
  // socket's close is read), and without this each request would draw the next dead one in turn.
  // .NET's SqlClient clears its pool on a fatal connection error for the same reason.
  let generation = 0;
  const generationOf = new WeakMap<pg.Client, number>();
  const knex = knexFactory({
    client: 'pg',
    connection: databaseUrl,
    searchPath: schema ? [schema] : undefined,
    pool: {
      min: 0,
      max: readInteger(process.env, 'PG_POOL_MAX'),
      // JIT compilation off for our sessions (docs/deployment.md#postgresql): the planner costs our
      // statements over JSON sets and correlated sums far above jit_above_cost, and they run in
      // milliseconds; compiling them did not. A metrics settle round of 24 hours over a few hundred
      // rows ran 4.3 s, 4.1 s of it JIT (EXPLAIN ANALYZE on PostgreSQL 15), 0.1 s without.
      afterCreate(connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) {
        generationOf.set(connection, generation);
        connection.query('SET jit = off').then(
          () => done(null, connection),
          (error: Error) => done(error, connection),
        );
      },
      validate: (connection: pg.Client) => generationOf.get(connection) === generation,
    },
    acquireConnectionTimeout: 10_000,
    log: {
      // knex prints each failed connect with its stack, then rejects the query with the same error;
      // the caller reports it (start-up: one sentence naming DATABASE_URL), so the print is noise.
      warn: (message: string) => {
        if (!String(message).startsWith('Acquire connection error')) console.warn(message);
      },
    },
  });
  knex.on('query-error', (error: unknown) => {
    if (isConnectionLost(error)) generation++;
  });
  return knex;
}
