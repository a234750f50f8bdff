import type { Migration } from './migration.js';

/**
 * `detection_jobs` gets a row in every ingest transaction, one per trace, and had two indexes
 * starting with (project_id, trace_id): `detection_jobs_project_trace_idx` (migration 014, for
 * retention and trace deletion) and `detection_jobs_trace_idx` (migration 015, the same columns and
 * the status, for OTLP's pending-job lookup). The longer one answers every lookup the shorter one
 * did, so the shorter one is dropped: one index fewer for each ingested trace to be written into.
 * (The jobs' ids became time-ordered UUIDs in the same change: src/domain/time-ordered-id.ts.)
 */
export const detectionJobKeys: Migration = {
  name: '027-detection-job-keys',
  async up(knex) {
    await knex.schema.alterTable('detection_jobs', (t) => t.dropIndex([], 'detection_jobs_project_trace_idx'));
  },
  async down(knex) {
    await knex.schema.alterTable('detection_jobs', (t) => t.index(['project_id', 'trace_id'], 'detection_jobs_project_trace_idx'));
  },
};
