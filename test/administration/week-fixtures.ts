import type { Knex } from 'knex';

/** Every row of the traces moved to the week starting at `week`, as if they had been stored then (PostgreSQL, partitioned storage). */
export async function moveToWeek(knex: Knex, projectId: string, ids: string[], week: number): Promise<void> {
  await knex('trace_ids').where({ project_id: projectId }).whereIn('id', ids).update({ stored_at: week });
  await knex('traces').where({ project_id: projectId }).whereIn('id', ids).update({ stored_at: week });
  for (const table of ['spans', 'trace_search', 'trace_tags']) await knex(table).where({ project_id: projectId }).whereIn('trace_id', ids).update({ stored_at: week });
}
