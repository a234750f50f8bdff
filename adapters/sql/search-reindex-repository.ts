import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { SearchReindexRecord, SearchReindexRepository } from '../../src/ports/search-reindexes.js';
import { toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toRecord = (row: Row): SearchReindexRecord => ({
  projectId: row.project_id as string,
  generation: row.generation as string,
  batches: Number(row.batches),
  processed: Number(row.processed),
  cursorTraceId: (row.cursor_trace_id as string | null) ?? null,
  createdAt: new Date(Number(row.created_at)),
});

export class SqlSearchReindexRepository implements SearchReindexRepository {
  constructor(private readonly db: Knex | Knex.Transaction) {}

  async enqueue(projectId: string, now: Date): Promise<void> {
    const at = toMillis(now);
    await this.db('search_reindexes')
      .insert({ project_id: projectId, generation: randomUUID(), batches: 0, processed: 0, cursor_trace_id: null, created_at: at, updated_at: at })
      .onConflict('project_id')
      // A rebuild in progress starts over: its earlier batches were written with the old settings.
      // The batch count keeps rising, so a slot of the earlier pass never runs twice.
      .merge({ processed: 0, cursor_trace_id: null, batches: this.db.raw('search_reindexes.batches + 1'), updated_at: at });
  }

  async running(limit: number): Promise<SearchReindexRecord[]> {
    const rows = await this.db('search_reindexes').orderBy([{ column: 'created_at' }, { column: 'project_id' }]).limit(limit);
    return rows.map(toRecord);
  }

  async find(projectId: string): Promise<SearchReindexRecord | null> {
    const row = await this.db('search_reindexes').where({ project_id: projectId }).first();
    return row ? toRecord(row) : null;
  }

  async advance(projectId: string, batch: number, progress: { processed: number; cursorTraceId: string }, now: Date): Promise<boolean> {
    const count = await this.db('search_reindexes')
      .where({ project_id: projectId, batches: batch })
      .update({ batches: batch + 1, processed: progress.processed, cursor_trace_id: progress.cursorTraceId, updated_at: toMillis(now) });
    return count === 1;
  }

  async finish(projectId: string, batch: number): Promise<boolean> {
    return (await this.db('search_reindexes').where({ project_id: projectId, batches: batch }).delete()) === 1;
  }

  async nextTraceIds(projectId: string, afterId: string | null, limit: number): Promise<string[]> {
    const query = this.db('traces').where({ project_id: projectId });
    if (afterId !== null) query.where('id', '>', afterId);
    const rows = await query.orderBy('id').limit(limit).select('id');
    return rows.map((row: Row) => row.id as string);
  }
}
