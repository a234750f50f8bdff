import type { Migration } from './migration.js';

/**
 * Administration and data lifecycle:
 * - API keys gain an optional expiry, a read-only flag and the time they were last used.
 * - Projects gain a retention period (days; null keeps traces forever) and a deletion mark: a deleted
 *   project disappears at once and its data is purged in bounded batches by the lifecycle worker.
 * - `account_links`: one-time, expiring links (password setup, password reset), stored as hashes.
 * - `invitations`: an email invited into an organization with a role, accepted through its link.
 * - `audit_events`: every administrative mutation, written in the transaction of the change.
 * - `worker_leases`: named leases, so one replica at a time runs a background sweep.
 */
export const administration: Migration = {
  name: '014-administration',
  async up(knex) {
    await knex.schema.alterTable('api_keys', (t) => {
      t.bigInteger('expires_at');
      t.boolean('read_only').notNullable().defaultTo(false);
      t.bigInteger('last_used_at');
      t.index(['organization_id', 'created_at', 'id'], 'api_keys_organization_created_idx');
    });
    await knex.schema.alterTable('projects', (t) => {
      t.integer('retention_days');
      t.bigInteger('deleted_at');
    });
    await knex.schema.createTable('account_links', (t) => {
      t.uuid('id').primary();
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('purpose', 16).notNullable(); // setup | reset
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at');
      t.bigInteger('created_at').notNullable();
      t.index(['user_id']);
    });
    await knex.schema.createTable('invitations', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
      t.string('email', 320).notNullable();
      t.string('role', 20).notNullable();
      t.string('token_hash', 64).notNullable().unique();
      t.uuid('invited_by_user_id').references('users.id').onDelete('SET NULL');
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('accepted_at');
      t.bigInteger('revoked_at');
      t.bigInteger('created_at').notNullable();
      t.index(['organization_id', 'created_at', 'id'], 'invitations_organization_created_idx');
    });
    await knex.schema.createTable('audit_events', (t) => {
      t.uuid('id').primary();
      t.uuid('organization_id').notNullable();
      t.uuid('project_id'); // the selected project of the request; kept after the project is deleted
      t.string('actor_kind', 20).notNullable(); // api_key | oauth | service_account | guest | system
      t.string('actor_credential_id', 64).notNullable();
      t.uuid('actor_user_id');
      t.string('action', 64).notNullable();
      t.string('target_type', 32).notNullable();
      t.string('target_id', 128);
      t.string('request_id', 64);
      t.text('details').notNullable().defaultTo('{}'); // JSON object
      t.bigInteger('created_at').notNullable();
      t.index(['organization_id', 'created_at', 'id'], 'audit_events_organization_created_idx');
    });
    await knex.schema.createTable('worker_leases', (t) => {
      t.string('name', 64).primary();
      t.string('owner', 64).notNullable();
      t.bigInteger('lease_until').notNullable();
    });
    // Retention and trace deletion find a trace's derived rows by trace.
    await knex.schema.alterTable('detection_events', (t) => {
      t.index(['project_id', 'trace_id'], 'detection_events_project_trace_idx');
    });
    await knex.schema.alterTable('detection_jobs', (t) => {
      t.index(['project_id', 'trace_id'], 'detection_jobs_project_trace_idx');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('detection_jobs', (t) => t.dropIndex([], 'detection_jobs_project_trace_idx'));
    await knex.schema.alterTable('detection_events', (t) => t.dropIndex([], 'detection_events_project_trace_idx'));
    for (const table of ['worker_leases', 'audit_events', 'invitations', 'account_links']) await knex.schema.dropTableIfExists(table);
    await knex.schema.alterTable('projects', (t) => {
      t.dropColumn('retention_days');
      t.dropColumn('deleted_at');
    });
    await knex.schema.alterTable('api_keys', (t) => {
      t.dropIndex([], 'api_keys_organization_created_idx');
      t.dropColumn('expires_at');
      t.dropColumn('read_only');
      t.dropColumn('last_used_at');
    });
  },
};
