import type { Migration } from './migration.js';

/**
 * Fix dispatch to GitHub and to coding agents (docs/integrations.md#github, #coding-agents).
 *
 * - `github_targets`: one per project — the repository, the access token and the secret of GitHub's
 *   `issues` webhook, both sealed with the secret box (project id as associated data), and the labels
 *   an issue gets.
 * - `github_webhook_deliveries`: the X-GitHub-Delivery ids already handled, so a redelivery changes
 *   nothing twice.
 * - `fixes` learn the kind of the dispatch target (null: a webhook, as every dispatch before this
 *   migration), who claimed an agent dispatch, the GitHub issue created for it, and the durable
 *   state of the issue creation: attempts, when the next is due, the lease of the worker making it
 *   and the last error.
 */
export const githubTargets: Migration = {
  name: '044-github-targets',
  async up(knex) {
    await knex.schema.createTable('github_targets', (t) => {
      t.uuid('project_id').primary().references('projects.id').onDelete('CASCADE');
      t.string('repository', 140).notNullable(); // owner/name
      t.text('token_ciphertext').notNullable();
      t.text('webhook_secret_ciphertext').notNullable();
      t.text('labels').notNullable(); // JSON array of strings
      t.string('updated_by', 255).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
    });
    await knex.schema.createTable('github_webhook_deliveries', (t) => {
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('delivery_id', 64).notNullable();
      t.string('event', 64).notNullable();
      t.string('outcome', 32).notNullable();
      t.bigInteger('received_at').notNullable();
      t.primary(['project_id', 'delivery_id']);
    });
    await knex.schema.alterTable('fixes', (t) => {
      t.string('dispatch_target', 16); // webhook | github | agent; null: webhook
      t.string('dispatch_claimed_by', 255);
      t.integer('github_issue_number');
      t.string('github_issue_url', 500);
      t.integer('github_attempts').notNullable().defaultTo(0);
      t.bigInteger('github_next_attempt_at'); // null: nothing to create
      t.string('github_lease_owner', 64);
      t.bigInteger('github_lease_until');
      t.string('github_last_error', 500);
      t.index(['github_next_attempt_at'], 'fixes_github_due_idx');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('fixes', (t) => {
      t.dropIndex(['github_next_attempt_at'], 'fixes_github_due_idx');
      for (const column of ['dispatch_target', 'dispatch_claimed_by', 'github_issue_number', 'github_issue_url', 'github_attempts', 'github_next_attempt_at', 'github_lease_owner', 'github_lease_until', 'github_last_error']) t.dropColumn(column);
    });
    await knex.schema.dropTable('github_webhook_deliveries');
    await knex.schema.dropTable('github_targets');
  },
};
