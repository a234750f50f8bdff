import type { Migration } from './migration.js';

/**
 * Webhooks, their durable delivery outbox with one row per attempt, and the idempotency records
 * that any mutation may use. Deliveries carry their exact body so every attempt signs the same bytes.
 */
export const webhooks: Migration = {
  name: '009-webhooks',
  async up(knex) {
    await knex.schema.createTable('webhooks', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.text('destination_url').notNullable();
      t.text('secret_ciphertext'); // AES-256-GCM envelope; null → deliveries go unsigned
      t.boolean('enabled').notNullable();
      t.text('event_types').notNullable(); // JSON array
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'name'], { indexName: 'webhooks_project_name_unique' });
      t.index(['project_id', 'created_at', 'id'], 'webhooks_project_created_idx');
    });
    await knex.schema.createTable('webhook_deliveries', (t) => {
      t.uuid('id').primary();
      t.uuid('webhook_id').notNullable().references('webhooks.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable();
      t.uuid('event_id').notNullable();
      t.string('event_type', 100).notNullable();
      t.text('body').notNullable(); // the exact JSON sent and signed
      t.string('status', 16).notNullable(); // pending | succeeded | failed | cancelled
      t.integer('attempts').notNullable().defaultTo(0);
      t.bigInteger('next_attempt_at'); // null once settled
      t.string('lease_owner', 64);
      t.bigInteger('lease_until');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'next_attempt_at'], 'webhook_deliveries_due_idx');
      t.index(['webhook_id', 'created_at', 'id'], 'webhook_deliveries_webhook_created_idx');
    });
    await knex.schema.createTable('webhook_delivery_attempts', (t) => {
      t.uuid('delivery_id').notNullable().references('webhook_deliveries.id').onDelete('CASCADE');
      t.integer('attempt').notNullable();
      t.bigInteger('started_at').notNullable();
      t.integer('duration_ms').notNullable();
      t.integer('status_code');
      t.string('error', 500);
      // One record per attempt number: a second worker can never log the same attempt twice.
      t.primary(['delivery_id', 'attempt']);
    });
    await knex.schema.createTable('idempotency_keys', (t) => {
      t.string('credential_id', 64).notNullable();
      t.uuid('project_id').notNullable();
      t.string('idempotency_key', 64).notNullable();
      t.string('fingerprint', 64).notNullable();
      t.integer('response_status');
      t.text('response_body');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.primary(['credential_id', 'project_id', 'idempotency_key']);
      t.index(['expires_at'], 'idempotency_keys_expires_idx');
    });
  },
  async down(knex) {
    for (const table of ['idempotency_keys', 'webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
