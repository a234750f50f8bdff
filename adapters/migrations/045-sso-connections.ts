import type { Migration } from './migration.js';

/**
 * OpenID Connect single sign-on (docs/sso.md):
 * - `sso_connections`: one per organization — the identity provider's issuer, the client id, the
 *   client secret sealed with the secret box (never stored in clear), the default role of
 *   just-in-time members, the group claim and its mapping (JSON), and whether SSO is required.
 * - `sso_domains`: the email domains a connection signs in; a domain belongs to one organization, so
 *   "Continue with SSO" finds the connection from an email alone.
 * - `sso_login_states`: one row per sign-in sent to the identity provider (hash of `state`, the
 *   nonce, the PKCE verifier, what to resume afterwards); deleted when the callback takes it, so a
 *   replayed callback finds nothing.
 * - `sso_project_grants`: the project roles group mapping set at sign-in, so it removes only those.
 */
export const ssoConnections: Migration = {
  name: '045-sso-connections',
  async up(knex) {
    await knex.schema.createTable('sso_connections', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().unique('sso_connections_org_unique').references('organizations.id').onDelete('CASCADE');
      t.string('issuer', 2000).notNullable();
      t.string('client_id', 500).notNullable();
      t.text('client_secret_sealed').notNullable();
      t.string('default_role', 16).notNullable();
      t.string('group_claim', 255).notNullable();
      t.text('group_roles').notNullable();
      t.boolean('require_sso').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('sso_domains', (t) => {
      t.string('domain', 255).primary();
      t.uuid('connection_id').notNullable().references('sso_connections.id').onDelete('CASCADE');
      t.index(['connection_id'], 'sso_domains_connection_idx');
    });
    await knex.schema.createTable('sso_login_states', (t) => {
      t.string('state_hash', 64).primary();
      t.uuid('connection_id').notNullable().references('sso_connections.id').onDelete('CASCADE');
      t.string('nonce', 128).notNullable();
      t.string('code_verifier', 128).notNullable();
      t.text('resume').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('created_at').notNullable();
      t.index(['expires_at'], 'sso_login_states_expiry_idx');
    });
    await knex.schema.createTable('sso_project_grants', (t) => {
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('role', 16).notNullable();
      t.primary(['organization_id', 'user_id', 'project_id']);
    });
  },
  async down(knex) {
    for (const table of ['sso_project_grants', 'sso_login_states', 'sso_domains', 'sso_connections']) await knex.schema.dropTableIfExists(table);
  },
};
