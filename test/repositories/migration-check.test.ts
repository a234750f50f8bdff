import { expect } from 'chai';
import { migrateToLatest, openDatabase, pendingMigrations, type Database } from '../../adapters/database.js';
import { migrations } from '../../adapters/migrations/index.js';
import { forEachAdapter, isolatedDatabase, type IsolatedDatabase } from '../support/adapters.js';

/**
 * What start-up and `/readyz` ask of the schema (adapters/database.ts): a database that has run exactly
 * this code's migrations is checked with one read of knex's table (issue #61 item 2); every other
 * state goes through knex's migrator as before.
 */
forEachAdapter((adapter) => {
  describe('migrateToLatest and pendingMigrations', () => {
    let isolated: IsolatedDatabase;
    let database: Database;
    /** Statements the database ran since the last reset, as knex reports them. */
    let statements: string[];

    beforeEach(async () => {
      isolated = isolatedDatabase(adapter);
      database = await openDatabase({ databaseUrl: isolated.databaseUrl, dataDir: isolated.dataDir, sqliteFile: isolated.sqliteFile, postgresSchema: isolated.postgresSchema });
      statements = [];
      database.knex.on('query', (query: { sql: string }) => statements.push(query.sql));
    });
    afterEach(async () => {
      await database.close();
      await isolated.drop();
    });

    const completedNames = async () => ((await database.knex('knex_migrations').orderBy('id').select('name')) as { name: string }[]).map((row) => row.name);

    it('names every migration as pending on a database never migrated, in order', async () => {
      expect(await pendingMigrations(database)).to.deep.equal(migrations.map((migration) => migration.name));
    });

    it('migrates a new database to the latest migration, and then nothing is pending', async () => {
      await migrateToLatest(database);
      expect(await completedNames()).to.deep.equal(migrations.map((migration) => migration.name));
      expect(await pendingMigrations(database)).to.deep.equal([]);
    });

    it('leaves a current database alone after one read of the migrations table', async () => {
      await migrateToLatest(database);
      statements = [];
      await migrateToLatest(database);
      expect(statements).to.have.length(1);
      expect(statements[0]).to.match(/^select .*name.* from .knex_migrations.$/i);
      expect(await completedNames()).to.deep.equal(migrations.map((migration) => migration.name));
    });

    it('reads pending migrations in one statement', async () => {
      await migrateToLatest(database);
      statements = [];
      expect(await pendingMigrations(database)).to.deep.equal([]);
      expect(statements).to.have.length(1);
    });

    it('runs the migrations a database lacks and names them as pending until then', async () => {
      await migrateToLatest(database);
      const last = migrations[migrations.length - 1]!;
      await last.down(database.knex, database.dialect);
      await database.knex('knex_migrations').where('name', last.name).delete();
      expect(await pendingMigrations(database)).to.deep.equal([last.name]);
      await migrateToLatest(database);
      expect(await pendingMigrations(database)).to.deep.equal([]);
      expect(await completedNames()).to.deep.equal(migrations.map((migration) => migration.name));
    });

    it('refuses a database that has run a migration this code does not know, as knex does', async () => {
      await migrateToLatest(database);
      await database.knex('knex_migrations').insert({ name: '999-from-a-newer-release', batch: 99, migration_time: new Date() });
      const error = await migrateToLatest(database).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).to.equal('The migration directory is corrupt, the following files are missing: 999-from-a-newer-release');
      expect(await pendingMigrations(database)).to.deep.equal([]);
    });
  });
});
