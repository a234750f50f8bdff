import type { Knex } from 'knex';
import type { DataLifecycleRepository } from '../../src/ports/data-lifecycle.js';
import type { Dialect } from '../../src/ports/store.js';
import { scopeMatch } from '../sqlite/trace-text-index.js';
import type { TraceTextIndex } from './trace-text-index.js';

/** The physical row address used to delete in bounded steps from tables without a single-column key. */
const ROW_ADDRESS: Record<Dialect, string> = { sqlite: 'rowid', postgres: 'ctid' };

export class SqlDataLifecycleRepository implements DataLifecycleRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly textIndex: TraceTextIndex,
  ) {}

  async traceIdsBefore(projectId: string, beforeMs: number | undefined, limit: number): Promise<string[]> {
    const qb = this.db('traces').where({ project_id: projectId });
    if (beforeMs !== undefined) qb.where('created_at', '<', beforeMs);
    const rows = await qb.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit).select('id');
    return rows.map((row: { id: string }) => row.id);
  }

  async deleteTraces(projectId: string, traceIds: string[]): Promise<number> {
    if (traceIds.length === 0) return 0;
    const db = this.db;
    await db('detection_events').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    await db('detection_jobs').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    await db('fix_traces')
      .whereIn('trace_id', traceIds)
      .whereIn('fix_id', db('fixes').where({ project_id: projectId }).select('id'))
      .delete();
    await this.textIndex.removeMany(db, projectId, traceIds);
    await db('spans').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    return db('traces').where({ project_id: projectId }).whereIn('id', traceIds).delete();
  }

  async purgeProjectRemainder(projectId: string, limit: number): Promise<number> {
    const db = this.db;
    const address = ROW_ADDRESS[this.dialect];
    let deleted = 0;
    const step = async (table: string): Promise<void> => {
      if (deleted >= limit) return;
      const n = limit - deleted;
      deleted += await db(table)
        .whereIn(db.raw(address) as unknown as string, db(table).where({ project_id: projectId }).select(db.raw(address)).limit(n))
        .delete();
    };
    if (this.dialect === 'sqlite') {
      const result = await db.raw(
        'DELETE FROM trace_search WHERE rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ? LIMIT ?)',
        [scopeMatch(projectId), limit],
      );
      void result;
      deleted += Number((await db.raw('SELECT changes() AS n'))[0]?.n ?? 0);
    } else {
      await step('trace_search');
    }
    for (const table of ['spans', 'detection_events', 'detection_jobs', 'webhook_deliveries', 'idempotency_keys']) await step(table);
    return deleted;
  }
}
