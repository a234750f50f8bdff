import type { Migration } from './migration.js';

/**
 * Notification channels (Slack, PagerDuty, email, a project webhook) with their routing rule, and
 * their durable delivery outbox. A delivery keeps the event envelope it renders its message from, so
 * every attempt sends the same message; the last error and response code are the delivery log.
 */
export const channels: Migration = {
  name: '042-channels',
  async up(knex) {
    await knex.schema.createTable('channels', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.string('kind', 16).notNullable(); // slack | pagerduty | email | webhook
      t.boolean('enabled').notNullable();
      t.text('event_types').notNullable(); // JSON array
      t.text('secret_ciphertext'); // slack URL or PagerDuty routing key, AES-256-GCM envelope
      t.text('recipients'); // JSON array, email only
      // A deleted webhook takes its channels with it: a channel to nowhere would only fail.
      t.uuid('webhook_id').references('webhooks.id').onDelete('CASCADE');
      t.text('events_url');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'name'], { indexName: 'channels_project_name_unique' });
      t.index(['project_id', 'created_at', 'id'], 'channels_project_created_idx');
    });
    await knex.schema.createTable('channel_deliveries', (t) => {
      t.uuid('id').primary();
      t.uuid('channel_id').notNullable().references('channels.id').onDelete('CASCADE');
      t.uuid('project_id').notNullable();
      t.uuid('event_id').notNullable();
      t.string('event_type', 100).notNullable();
      t.text('body').notNullable();
      t.string('status', 16).notNullable(); // pending | succeeded | failed | cancelled
      t.integer('attempts').notNullable().defaultTo(0);
      t.string('last_error', 500);
      t.integer('response_code');
      t.bigInteger('next_attempt_at'); // null once settled
      t.string('lease_owner', 64);
      t.bigInteger('lease_until');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'next_attempt_at'], 'channel_deliveries_due_idx');
      t.index(['channel_id', 'created_at', 'id'], 'channel_deliveries_channel_created_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('channel_deliveries');
    await knex.schema.dropTableIfExists('channels');
  },
};
