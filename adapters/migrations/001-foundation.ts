import type { Migration } from './migration.js';

/**
 * Organizations, projects, users and the first two credential kinds. Times are epoch milliseconds
 * (int8) on both dialects: exact, sortable, and bucketable with plain integer arithmetic in SQL.
 */
export const foundation: Migration = {
  name: '001-foundation',
  async up(knex) {
    await knex.schema.createTable('organizations', (t) => {
      t.uuid('id').primary();
      t.string('name', 255).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('users', (t) => {
      t.uuid('id').primary();
      t.string('email', 320).notNullable().unique();
      t.string('name', 255).notNullable();
      t.text('bio');
      t.string('company_name', 255);
      t.string('language', 10).notNullable().defaultTo('en');
      t.string('timezone', 50);
      t.string('website_url', 255);
      t.boolean('avatar_configured').notNullable().defaultTo(false);
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('organization_members', (t) => {
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('role', 20).notNullable();
      t.bigInteger('created_at').notNullable();
      t.primary(['organization_id', 'user_id']);
    });
    await knex.schema.createTable('projects', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['organization_id']);
    });
    await knex.schema.createTable('api_keys', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('project_id').references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.string('display_prefix', 32).notNullable();
      t.string('key_hash', 64).notNullable().unique();
      t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('revoked_at');
    });
    await knex.schema.createTable('oauth_access_tokens', (t) => {
      t.uuid('id').primary();
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('client_id', 255).notNullable();
      t.text('scopes').notNullable();
      t.string('host', 255).notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('revoked_at');
      t.bigInteger('created_at').notNullable();
    });
  },
  async down(knex) {
    for (const table of ['oauth_access_tokens', 'api_keys', 'projects', 'organization_members', 'users', 'organizations']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
