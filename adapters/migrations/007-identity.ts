import type { Migration } from './migration.js';

/** The CLI's public client, seeded so the device flow works on a fresh deployment. */
export const CLI_CLIENT_ID = 'tracewell-cli';

/**
 * Identity: project roles, user passwords (for the OAuth consent step), the OAuth 2.0 authorization
 * server's clients and grants, service accounts with project bindings and tokens, guest review
 * tokens, and the security-lifecycle token buckets. Every secret is stored as a SHA-256 hash.
 */
export const identity: Migration = {
  name: '007-identity',
  async up(knex) {
    await knex.schema.createTable('project_members', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('role', 20).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.primary(['project_id', 'user_id']);
    });
    await knex.schema.createTable('user_passwords', (t) => {
      t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
      t.string('password_hash', 255).notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('oauth_clients', (t) => {
      t.string('id', 100).primary();
      t.string('name', 255).notNullable();
      t.string('client_type', 20).notNullable(); // public | confidential
      t.string('secret_hash', 64);
      t.text('redirect_uris').notNullable(); // JSON array
      t.text('grant_types').notNullable(); // JSON array
      t.bigInteger('created_at').notNullable();
    });
    await knex.schema.createTable('oauth_authorization_codes', (t) => {
      t.uuid('id').primary();
      t.string('code_hash', 64).notNullable().unique();
      t.string('client_id', 100).notNullable().references('oauth_clients.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('redirect_uri', 2000).notNullable();
      t.text('scopes').notNullable();
      t.string('code_challenge', 128);
      t.string('host', 255).notNullable();
      t.uuid('family_id').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at');
      t.bigInteger('created_at').notNullable();
    });
    await knex.schema.createTable('oauth_refresh_tokens', (t) => {
      t.uuid('id').primary();
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('family_id').notNullable().index();
      t.string('client_id', 100).notNullable().references('oauth_clients.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.text('scopes').notNullable();
      t.string('host', 255).notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('rotated_at');
      t.bigInteger('revoked_at');
      t.bigInteger('created_at').notNullable();
    });
    // Access tokens issued by a grant belong to its family, so reuse detection can revoke them all.
    await knex.schema.alterTable('oauth_access_tokens', (t) => {
      t.uuid('family_id').index();
    });
    await knex.schema.createTable('oauth_device_codes', (t) => {
      t.uuid('id').primary();
      t.string('device_code_hash', 64).notNullable().unique();
      t.string('user_code', 16).notNullable().unique();
      t.string('client_id', 100).notNullable().references('oauth_clients.id').onDelete('CASCADE');
      t.text('scopes').notNullable();
      t.string('status', 16).notNullable(); // pending | approved | denied | consumed
      t.uuid('user_id').references('users.id').onDelete('CASCADE');
      t.integer('interval_seconds').notNullable();
      t.bigInteger('last_polled_at');
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('created_at').notNullable();
    });
    await knex.schema.createTable('service_accounts', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.string('description', 1000);
      t.uuid('created_by_user_id').references('users.id').onDelete('SET NULL');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['organization_id', 'created_at', 'id']);
    });
    await knex.schema.createTable('service_account_bindings', (t) => {
      t.uuid('service_account_id').notNullable().references('service_accounts.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('role', 20).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.primary(['service_account_id', 'project_id']);
    });
    await knex.schema.createTable('service_account_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('service_account_id').notNullable().references('service_accounts.id').onDelete('CASCADE');
      t.string('token_hash', 64).notNullable().unique();
      t.string('display_prefix', 32).notNullable();
      t.text('scopes').notNullable();
      t.uuid('rotated_from_id');
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('revoked_at');
      t.bigInteger('created_at').notNullable();
      t.index(['service_account_id']);
    });
    await knex.schema.createTable('guest_tokens', (t) => {
      t.uuid('id').primary();
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('resource_type', 16).notNullable(); // trace | fix
      t.string('resource_id', 128).notNullable();
      t.string('created_by_credential_id', 64).notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('revoked_at');
      t.bigInteger('created_at').notNullable();
    });
    await knex.schema.createTable('security_lifecycle_buckets', (t) => {
      t.string('bucket_key', 100).primary();
      t.double('tokens').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex('oauth_clients').insert({
      id: CLI_CLIENT_ID,
      name: 'Tracewell CLI',
      client_type: 'public',
      secret_hash: null,
      redirect_uris: JSON.stringify(['http://127.0.0.1/callback', 'http://localhost/callback']),
      grant_types: JSON.stringify(['urn:ietf:params:oauth:grant-type:device_code', 'authorization_code', 'refresh_token']),
      created_at: Date.now(),
    });
  },
  async down(knex) {
    for (const table of [
      'security_lifecycle_buckets',
      'guest_tokens',
      'service_account_tokens',
      'service_account_bindings',
      'service_accounts',
      'oauth_device_codes',
      'oauth_refresh_tokens',
      'oauth_authorization_codes',
      'oauth_clients',
      'user_passwords',
      'project_members',
    ]) {
      await knex.schema.dropTableIfExists(table);
    }
    await knex.schema.alterTable('oauth_access_tokens', (t) => {
      t.dropColumn('family_id');
    });
  },
};
