import type { Migration } from './migration.js';

/**
 * Notifications and fix dispatch (docs/notifications-and-dispatch.md).
 *
 * - `notifications`: what one user was told in one project (mention, action items, digests,
 *   approvals, backfills), with `read_at` null while unread.
 * - `notification_settings`: a project's digest hour and timezone, action-item age and the dispatch
 *   approval policy; a project without a row uses the defaults in the domain.
 * - `fixes` learn an assignee (action items go to them), the dispatch target webhook, who requested
 *   the dispatch and when a pending approval expires; `fix_dispatch_transitions` is the dispatch trail.
 * - `project_digests`: one row per (project, kind, period end) — the summary as sent, and what the
 *   digest task reads to know which periods are done.
 * - `detection_backfills`: a detection run over historical traces on request, in bounded batches,
 *   with its keyset position and progress.
 * - `fix_action_reminders`: the last time a fix was reported as needing action, so it is reported once
 *   per age window rather than at every tick.
 */
export const notificationsDispatch: Migration = {
  name: '018-notifications-dispatch',
  async up(knex) {
    await knex.schema.createTable('notifications', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.string('type', 64).notNullable();
      t.string('title', 500).notNullable();
      t.text('data').notNullable().defaultTo('{}'); // JSON object
      t.bigInteger('read_at');
      t.bigInteger('created_at').notNullable();
      t.index(['user_id', 'project_id', 'created_at', 'id'], 'notifications_user_created_idx');
    });
    await knex.schema.createTable('notification_settings', (t) => {
      t.uuid('project_id').primary().references('projects.id').onDelete('CASCADE');
      t.integer('digest_hour').notNullable();
      t.string('timezone', 64).notNullable();
      t.integer('weekly_day').notNullable(); // 0 = Sunday … 6 = Saturday
      t.integer('action_item_age_hours').notNullable();
      t.boolean('dispatch_approval_required').notNullable();
      t.integer('approval_ttl_hours').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.alterTable('fixes', (t) => {
      t.uuid('assignee_user_id');
      t.uuid('dispatch_webhook_id');
      t.string('dispatch_requested_by', 255);
      t.bigInteger('dispatch_expires_at');
      t.index(['dispatch_status', 'dispatch_expires_at'], 'fixes_dispatch_expiry_idx');
      // The action-items task looks for assigned draft/open fixes every pass; unassigned ones are skipped by range.
      t.index(['assignee_user_id', 'status'], 'fixes_assignee_status_idx');
    });
    await knex.schema.createTable('fix_dispatch_transitions', (t) => {
      t.uuid('id').primary();
      t.uuid('fix_id').notNullable().references('fixes.id').onDelete('CASCADE');
      t.string('action', 16).notNullable();
      t.string('from_status', 24); // null: never dispatched before
      t.string('to_status', 24).notNullable();
      t.string('actor', 255).notNullable();
      t.text('note');
      t.integer('position').notNullable();
      t.bigInteger('created_at').notNullable();
      t.index(['fix_id', 'position']);
    });
    await knex.schema.createTable('project_digests', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('kind', 16).notNullable(); // daily | weekly
      t.bigInteger('period_end').notNullable();
      t.text('summary').notNullable(); // JSON
      t.bigInteger('created_at').notNullable();
      t.primary(['project_id', 'kind', 'period_end']);
    });
    await knex.schema.createTable('detection_backfills', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('detection_id').notNullable().references('detections.id').onDelete('CASCADE');
      t.string('requested_by', 255).notNullable();
      t.string('status', 16).notNullable(); // running | completed
      t.bigInteger('from_at').notNullable();
      t.bigInteger('to_at').notNullable();
      t.integer('total').notNullable(); // traces in the range when requested
      t.integer('processed').notNullable().defaultTo(0);
      t.integer('batches').notNullable().defaultTo(0);
      t.integer('fired').notNullable().defaultTo(0);
      t.bigInteger('cursor_created_at'); // keyset position of the last processed trace
      t.string('cursor_trace_id', 128);
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.bigInteger('completed_at');
      t.index(['status', 'created_at'], 'detection_backfills_status_idx');
    });
    await knex.schema.createTable('fix_action_reminders', (t) => {
      t.uuid('fix_id').primary().references('fixes.id').onDelete('CASCADE');
      t.bigInteger('reminded_at').notNullable();
    });
  },
  async down(knex) {
    for (const table of ['fix_action_reminders', 'detection_backfills', 'project_digests', 'fix_dispatch_transitions', 'notification_settings', 'notifications']) {
      await knex.schema.dropTableIfExists(table);
    }
    await knex.schema.alterTable('fixes', (t) => {
      t.dropIndex([], 'fixes_dispatch_expiry_idx');
      t.dropIndex([], 'fixes_assignee_status_idx');
      t.dropColumn('assignee_user_id');
      t.dropColumn('dispatch_webhook_id');
      t.dropColumn('dispatch_requested_by');
      t.dropColumn('dispatch_expires_at');
    });
  },
};
