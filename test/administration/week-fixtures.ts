import type { Knex } from 'knex';
import { legacyPartitionName, PARTITIONED_TABLES } from '../../adapters/postgres/time-partitions.js';
import type { TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';

/** A new project of the test tenant's organization, with `retentionDays` set through the API (null: kept for ever); its id. */
export async function projectWithRetention(server: TestServer, name: string, retentionDays: number | null): Promise<string> {
  const project = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name }), 201);
  if (retentionDays !== null) await server.request().patch('/api/v1/public/project').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': project.id }).send({ retentionDays }).expect(200);
  return project.id;
}

/** Every row of the traces moved to the week starting at `week`, as if they had been stored then (PostgreSQL, partitioned storage). */
export async function moveToWeek(knex: Knex, projectId: string, ids: string[], week: number): Promise<void> {
  await knex('trace_ids').where({ project_id: projectId }).whereIn('id', ids).update({ stored_at: week });
  await knex('traces').where({ project_id: projectId }).whereIn('id', ids).update({ stored_at: week });
  for (const table of ['spans', 'trace_search', 'trace_tags']) await knex(table).where({ project_id: projectId }).whereIn('trace_id', ids).update({ stored_at: week });
}

/**
 * The legacy partition of every partitioned table (empty on a new test database) made to end at
 * `bound`, so the weeks from there on can be created as past weeks of their own (PostgreSQL).
 */
export async function endLegacyPartitionAt(knex: Knex, bound: number): Promise<void> {
  for (const table of PARTITIONED_TABLES) {
    await knex.raw('ALTER TABLE ?? DETACH PARTITION ??', [table, legacyPartitionName(table)]);
    await knex.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO (${bound})`, [table, legacyPartitionName(table)]);
  }
}
