import type { Migration } from './migration.js';

/**
 * Learned detections (docs/detections-learning.md): one `detection_models` row per training of a
 * `custom_trained` detection — queued, then claimed under a lease by a training worker, then trained
 * (weights and hold-out evaluation kept), refused or failed. Partial unique indexes keep one active
 * version and one unfinished training per detection, whatever the number of server processes.
 */
export const detectionModels: Migration = {
  name: '041-detection-models',
  async up(knex) {
    await knex.schema.createTable('detection_models', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('detection_id').notNullable().references('detections.id').onDelete('CASCADE');
      t.integer('version').notNullable();
      t.string('status', 16).notNullable(); // queued | training | trained | refused | failed
      t.string('trigger', 16).notNullable(); // request | schedule
      t.boolean('active').notNullable();
      t.text('reason');
      t.integer('examples_positive');
      t.integer('examples_negative');
      t.text('evaluation'); // JSON: metrics, confusion matrix, class counts
      t.integer('seed').notNullable();
      t.integer('hash_bits').notNullable();
      t.double('bias');
      t.text('weights'); // base64 of the little-endian float32 weight vector
      t.text('upload'); // JSON examples of an upload-source training, cleared once it finished
      t.integer('duration_ms');
      t.string('requested_by', 255).notNullable();
      t.string('lease_owner', 128);
      t.bigInteger('lease_until');
      t.bigInteger('created_at').notNullable();
      t.bigInteger('completed_at');
      t.bigInteger('activated_at');
      t.unique(['detection_id', 'version'], { indexName: 'detection_models_version_unique' });
      t.index(['status', 'created_at'], 'detection_models_status_idx');
    });
    await knex.raw('CREATE UNIQUE INDEX detection_models_one_active ON detection_models (detection_id) WHERE active = TRUE');
    await knex.raw("CREATE UNIQUE INDEX detection_models_one_unfinished ON detection_models (detection_id) WHERE status IN ('queued', 'training')");
  },
  async down(knex) {
    await knex.schema.dropTable('detection_models');
  },
};
