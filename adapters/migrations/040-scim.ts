import type { Migration } from './migration.js';

/**
 * SCIM 2.0 provisioning (docs/sso.md):
 * - `scim_connections`: one row per organization — the SHA-256 hash of its SCIM bearer token (null:
 *   provisioning off), the default role and the group-to-role mapping (JSON).
 * - `scim_users`: the identity provider's view of a member (SCIM id, userName, externalId, name,
 *   emails, active) linked to the service's `users` row; `user_name_lower` and `email_lower` are the
 *   case-insensitive filter keys (RFC 7643 §4.1.1: userName is caseExact false).
 * - `scim_groups` and `scim_group_members`: pushed groups, whose names the mapping turns into roles.
 * - `scim_project_grants`: the project roles provisioning set, so it removes only what it granted.
 */
export const scim: Migration = {
  name: '040-scim',
  async up(knex) {
    await knex.schema.createTable('scim_connections', (t) => {
      t.uuid('organization_id').primary().references('organizations.id').onDelete('CASCADE');
      t.string('token_hash', 64).unique('scim_connections_token_unique');
      t.string('token_prefix', 16);
      t.bigInteger('token_created_at');
      t.string('default_role', 16).notNullable();
      t.text('group_roles').notNullable();
      t.bigInteger('updated_at');
    });
    await knex.schema.createTable('scim_users', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('user_name', 320).notNullable();
      t.string('user_name_lower', 320).notNullable();
      t.string('external_id', 255);
      t.string('display_name', 255);
      t.string('given_name', 255);
      t.string('family_name', 255);
      t.text('emails').notNullable();
      t.string('email_lower', 320).notNullable();
      t.boolean('active').notNullable();
      t.integer('version').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['organization_id', 'user_name_lower'], { indexName: 'scim_users_org_user_name_unique' });
      t.unique(['organization_id', 'user_id'], { indexName: 'scim_users_org_user_unique' });
      t.index(['organization_id', 'email_lower'], 'scim_users_org_email_idx');
      t.index(['organization_id', 'created_at', 'id'], 'scim_users_org_order_idx');
    });
    await knex.schema.createTable('scim_groups', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.string('display_name', 255).notNullable();
      t.string('display_name_lower', 255).notNullable();
      t.string('external_id', 255);
      t.integer('version').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['organization_id', 'display_name_lower'], { indexName: 'scim_groups_org_name_unique' });
      t.index(['organization_id', 'created_at', 'id'], 'scim_groups_org_order_idx');
    });
    await knex.schema.createTable('scim_group_members', (t) => {
      t.uuid('group_id').notNullable().references('scim_groups.id').onDelete('CASCADE');
      t.uuid('scim_user_id').notNullable().references('scim_users.id').onDelete('CASCADE');
      t.primary(['group_id', 'scim_user_id']);
      t.index(['scim_user_id'], 'scim_group_members_user_idx');
    });
    await knex.schema.createTable('scim_project_grants', (t) => {
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('role', 16).notNullable();
      t.primary(['organization_id', 'user_id', 'project_id']);
    });
  },
  async down(knex) {
    for (const table of ['scim_project_grants', 'scim_group_members', 'scim_groups', 'scim_users', 'scim_connections']) await knex.schema.dropTableIfExists(table);
  },
};
