import { expect } from 'chai';
import { migrateToLatest, type Database } from '../../adapters/database.js';
import { forEachAdapter } from '../support/adapters.js';
import { onDatabaseThrough } from '../support/migrated-store.js';

/** The indexes on detection_jobs, by name, as the database lists them. */
async function jobIndexes(database: Database): Promise<string[]> {
  const { knex } = database;
  if (database.dialect === 'sqlite') {
    const rows: { name: string }[] = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'detection_jobs' AND sql IS NOT NULL ORDER BY name");
    return rows.map((row) => row.name);
  }
  const result = await knex.raw('SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ? AND indexname <> ? ORDER BY indexname', ['detection_jobs', 'detection_jobs_pkey']);
  return (result.rows as { indexname: string }[]).map((row) => row.indexname);
}

forEachAdapter((adapter) => {
  describe('migration 027-detection-job-keys', () => {
    it('drops detection_jobs_project_trace_idx, a prefix of detection_jobs_trace_idx, and keeps the jobs already queued', async () => {
      await onDatabaseThrough(adapter, '026-search-facets', async (database) => {
        expect(await jobIndexes(database)).to.deep.equal(['detection_jobs_project_trace_idx', 'detection_jobs_status_idx', 'detection_jobs_trace_idx']);
        const job = { id: '9d3f1c2e-5b7a-4c1d-8e2f-0a1b2c3d4e5f', project_id: '0f6c4a1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b', trace_id: 'trace-1', status: 'pending', attempts: 0, created_at: 1, updated_at: 1 };
        await database.knex('detection_jobs').insert(job);
        await migrateToLatest(database);
        expect(await jobIndexes(database)).to.deep.equal(['detection_jobs_status_idx', 'detection_jobs_trace_idx']);
        const kept = await database.knex('detection_jobs').where({ project_id: job.project_id, trace_id: 'trace-1' }).select('id', 'status');
        expect(kept).to.deep.equal([{ id: job.id, status: 'pending' }]);
      });
    });
  });
});
