import type { Migration } from './migration.js';

/**
 * The mail the product sends (docs/integrations.md):
 * - `mail_outbox`: one row per message and recipient, rendered when queued (subject, text, HTML,
 *   headers as JSON), queued in the transaction of the change that causes it and delivered by the
 *   mail worker with a lease, attempts and a back-off like webhook deliveries.
 * - `mail_unsubscriptions`: the kinds of notification mail a user has turned off (one row each).
 */
export const mailOutbox: Migration = {
  name: '043-mail-outbox',
  async up(knex) {
    await knex.schema.createTable('mail_outbox', (t) => {
      t.uuid('id').primary();
      t.string('kind', 40).notNullable();
      t.string('recipient', 320).notNullable();
      t.uuid('user_id');
      t.text('subject').notNullable();
      t.text('text_body').notNullable();
      t.text('html_body').notNullable();
      t.text('headers').notNullable();
      t.string('status', 16).notNullable();
      t.integer('attempts').notNullable();
      t.bigInteger('next_attempt_at');
      t.string('lease_owner', 64);
      t.bigInteger('lease_until');
      t.text('last_error');
      t.bigInteger('sent_at');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'next_attempt_at', 'id'], 'mail_outbox_due_idx');
    });
    await knex.schema.createTable('mail_unsubscriptions', (t) => {
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('kind', 40).notNullable();
      t.bigInteger('created_at').notNullable();
      t.primary(['user_id', 'kind']);
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('mail_unsubscriptions');
    await knex.schema.dropTableIfExists('mail_outbox');
  },
};
