import type { Migration } from './migration.js';

/**
 * Failure clustering (docs/detections-learning.md#failure-clustering): the clusters of a project (the
 * leaves of its Drain tree, keyed by `bucket`), each failing trace's membership, and one state row per
 * project that serializes its assignments and numbers its clusters in creation order.
 */
export const failureClusters: Migration = {
  name: '046-failure-clusters',
  async up(knex) {
    await knex.schema.createTable('failure_cluster_state', (t) => {
      t.uuid('project_id').primary().references('projects.id').onDelete('CASCADE');
      t.integer('clusters').notNullable();
      t.integer('next_sequence').notNullable();
    });
    await knex.schema.createTable('failure_clusters', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.integer('sequence').notNullable();
      t.string('bucket', 1024).notNullable();
      t.text('template').notNullable(); // JSON array of tokens
      t.integer('member_count').notNullable();
      t.bigInteger('first_seen_at').notNullable();
      t.bigInteger('last_seen_at').notNullable();
      t.text('detection_ids').notNullable(); // JSON array
      t.uuid('merged_into');
      t.uuid('fix_id');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'sequence'], { indexName: 'failure_clusters_sequence_unique' });
      t.index(['project_id', 'bucket', 'sequence'], 'failure_clusters_bucket_idx');
      t.index(['project_id', 'member_count', 'sequence'], 'failure_clusters_count_idx');
      t.index(['project_id', 'last_seen_at', 'sequence'], 'failure_clusters_last_seen_idx');
    });
    await knex.schema.createTable('failure_cluster_members', (t) => {
      t.uuid('project_id').notNullable();
      t.string('trace_id', 255).notNullable();
      t.uuid('cluster_id').notNullable().references('failure_clusters.id').onDelete('CASCADE');
      t.text('signature').notNullable(); // JSON array of tokens
      t.text('detection_ids').notNullable(); // JSON array
      t.bigInteger('seen_at').notNullable();
      t.bigInteger('assigned_at').notNullable();
      t.primary(['project_id', 'trace_id']);
      t.index(['cluster_id', 'seen_at', 'trace_id'], 'failure_cluster_members_cluster_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('failure_cluster_members');
    await knex.schema.dropTable('failure_clusters');
    await knex.schema.dropTable('failure_cluster_state');
  },
};
