import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, migrateToLatest } from '../../adapters/database.js';
import { POSTGRES_URL } from '../support/adapters.js';

/** The search index over btree_gin's operator classes, as the last migration leaves it (030). */
const SEARCH_INDEX = 'trace_search_document_project_idx';

/**
 * Migrations 025, 026 and 030 need btree_gin. On a database without it, it is created in `public` (a test run's
 * schema, once dropped, would take it and every other schema's search index along), and two
 * migrations at once both succeed. Runs in a database of its own, which the shared test database
 * cannot be: dropping the extension there would drop the other runs' indexes.
 */
describe('[postgres] the search index migrations and the btree_gin extension', () => {
  const name = `tw_ext_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = POSTGRES_URL.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  const admin = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } });

  before(async () => {
    await admin.raw('CREATE DATABASE ??', [name]);
  });
  after(async () => {
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await admin.destroy();
  });

  it('creates the extension in public once when two schemas migrate at the same time, and each gets its index', async () => {
    const databases = await Promise.all(['one', 'two'].map((schema) => openDatabase({ databaseUrl: url, dataDir: '/tmp', postgresSchema: schema })));
    try {
      await Promise.all(databases.map((database) => migrateToLatest(database)));
      const inspect = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        const extensions = await inspect.raw("SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'btree_gin'");
        expect(extensions.rows).to.deep.equal([{ nspname: 'public' }]);
        const indexes = await inspect.raw('SELECT schemaname FROM pg_indexes WHERE indexname = ? ORDER BY schemaname', [SEARCH_INDEX]);
        expect(indexes.rows).to.deep.equal([{ schemaname: 'one' }, { schemaname: 'two' }]);
        // Dropping one schema leaves the other's index (the extension is not the schema's).
        await inspect.raw('DROP SCHEMA one CASCADE');
        const left = await inspect.raw('SELECT schemaname FROM pg_indexes WHERE indexname = ?', [SEARCH_INDEX]);
        expect(left.rows).to.deep.equal([{ schemaname: 'two' }]);
      } finally {
        await inspect.destroy();
      }
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
