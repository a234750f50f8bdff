import type { Migration } from './migration.js';

/**
 * Detections, what they found, the evaluation outbox, and fixes with their triage trail.
 *
 * - `detection_jobs` is the outbox between ingestion and evaluation: a row is written in the ingest
 *   transaction and leased by a worker (`lease_owner`, `lease_expires_at`); an expired lease is
 *   reclaimed, and `status = done` is set in the same transaction as the findings.
 * - `detection_events` keeps one firing per (detection, trace), so a re-evaluation cannot count twice.
 * - `fixes_one_open_per_detection` (partial unique index, both dialects) enforces the grouping rule:
 *   at most one fix per detection that is neither resolved nor archived.
 */
export const detections: Migration = {
  name: '003-detections',
  async up(knex) {
    await knex.schema.createTable('detection_groups', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255); // null: the project's unnamed default group
      t.bigInteger('created_at').notNullable();
      t.index(['project_id', 'name']);
    });
    await knex.schema.createTable('detections', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('group_id').notNullable().references('detection_groups.id');
      t.string('slug', 100).notNullable();
      t.string('display_name', 255).notNullable();
      t.string('type', 32).notNullable();
      t.double('threshold').notNullable();
      t.boolean('is_active').notNullable();
      t.text('description');
      t.string('severity', 16).notNullable();
      t.text('frameworks').notNullable().defaultTo('[]'); // JSON array
      t.text('issue_semantics'); // JSON object or null
      t.text('config').notNullable().defaultTo('{}'); // JSON object
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'slug']);
      t.index(['project_id', 'created_at', 'id'], 'detections_project_created_idx');
    });
    await knex.schema.createTable('detection_jobs', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.string('trace_id', 128).notNullable();
      t.string('status', 16).notNullable(); // pending | done | failed
      t.integer('attempts').notNullable().defaultTo(0);
      t.string('lease_owner', 64);
      t.bigInteger('lease_expires_at');
      t.text('last_error');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['status', 'created_at'], 'detection_jobs_status_idx');
    });
    await knex.schema.createTable('detection_events', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable();
      t.uuid('detection_id').notNullable().references('detections.id').onDelete('CASCADE');
      t.string('trace_id', 128).notNullable();
      t.string('span_id', 128);
      t.double('score').notNullable();
      t.text('evidence');
      t.bigInteger('trace_created_at').notNullable(); // bucketing key of trends
      t.bigInteger('created_at').notNullable(); // when the firing was recorded
      t.unique(['detection_id', 'trace_id']);
      t.index(['project_id', 'detection_id', 'trace_created_at'], 'detection_events_trend_idx');
    });
    await knex.schema.createTable('fixes', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('detection_id').references('detections.id').onDelete('SET NULL');
      t.string('title', 500).notNullable();
      t.text('description');
      t.string('status', 16).notNullable();
      t.string('severity', 16).notNullable();
      t.string('label', 255);
      t.double('confidence').notNullable().defaultTo(0);
      t.string('creator', 255).notNullable();
      t.string('dispatch_status', 32);
      t.text('root_cause');
      t.text('recommended_action');
      t.text('risk_assessment');
      t.text('verification');
      t.text('rollback_plan');
      t.text('feedback');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.index(['project_id', 'created_at', 'id'], 'fixes_project_created_idx');
    });
    await knex.raw(
      `CREATE UNIQUE INDEX fixes_one_open_per_detection ON fixes (detection_id) WHERE detection_id IS NOT NULL AND status NOT IN ('resolved', 'archived')`,
    );
    await knex.schema.createTable('fix_traces', (t) => {
      t.uuid('fix_id').notNullable().references('fixes.id').onDelete('CASCADE');
      t.string('trace_id', 128).notNullable();
      t.string('span_id', 128);
      t.double('accuracy').notNullable();
      t.bigInteger('linked_at').notNullable();
      t.primary(['fix_id', 'trace_id']);
    });
    await knex.schema.createTable('fix_transitions', (t) => {
      t.uuid('id').primary();
      t.uuid('fix_id').notNullable().references('fixes.id').onDelete('CASCADE');
      t.string('from_status', 16); // null: creation
      t.string('to_status', 16).notNullable();
      t.string('actor', 255).notNullable();
      t.text('note');
      t.integer('position').notNullable(); // order within the fix: times can tie
      t.bigInteger('created_at').notNullable();
      t.index(['fix_id', 'position']);
    });
    await knex.schema.createTable('fix_investigation_steps', (t) => {
      t.uuid('id').primary();
      t.uuid('fix_id').notNullable().references('fixes.id').onDelete('CASCADE');
      t.string('agent', 255).notNullable();
      t.string('action', 255).notNullable();
      t.text('finding').notNullable();
      t.integer('position').notNullable(); // order within the fix: times can tie
      t.bigInteger('created_at').notNullable();
      t.index(['fix_id', 'position']);
    });
    await knex.schema.createTable('fix_comments', (t) => {
      t.uuid('id').primary();
      t.uuid('fix_id').notNullable().references('fixes.id').onDelete('CASCADE');
      t.string('author', 255).notNullable();
      t.text('text').notNullable();
      t.integer('position').notNullable(); // order within the fix: times can tie
      t.bigInteger('created_at').notNullable();
      t.index(['fix_id', 'position']);
    });
  },
  async down(knex) {
    for (const table of ['fix_comments', 'fix_investigation_steps', 'fix_transitions', 'fix_traces', 'fixes', 'detection_events', 'detection_jobs', 'detections', 'detection_groups']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
