import type { Knex } from 'knex';
import type { DataLifecycleRepository } from '../../src/ports/data-lifecycle.js';
import type { Dialect } from '../../src/ports/store.js';
import { scopeMatch } from '../sqlite/trace-text-index.js';
import type { TraceTextIndex } from './trace-text-index.js';

/**
 * The physical row address used to delete in bounded steps from tables without a single-column key.
 * On PostgreSQL with the partition too: a ctid is unique within one partition only (migration 053),
 * and a bare ctid would match rows of other projects in other weeks.
 */
const ROW_ADDRESS: Record<Dialect, string> = { sqlite: 'rowid', postgres: '(tableoid, ctid)' };
const ROW_ADDRESS_COLUMNS: Record<Dialect, string> = { sqlite: 'rowid', postgres: 'tableoid, ctid' };

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
    await this.removeClusterMembers(projectId, traceIds);
    await db('fix_traces')
      .whereIn('trace_id', traceIds)
      .whereIn('fix_id', db('fixes').where({ project_id: projectId }).select('id'))
      .delete();
    await this.textIndex.removeMany(db, projectId, traceIds);
    await db('spans').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    return db('traces').where({ project_id: projectId }).whereIn('id', traceIds).delete();
  }

  /** A deleted trace leaves its failure cluster: the membership goes and the cluster's count falls with it. */
  private async removeClusterMembers(projectId: string, traceIds: string[]): Promise<void> {
    const db = this.db;
    const perCluster = (await db('failure_cluster_members')
      .where({ project_id: projectId })
      .whereIn('trace_id', traceIds)
      .select('cluster_id')
      .count({ n: '*' })
      .groupBy('cluster_id')) as { cluster_id: string; n: number | string }[];
    if (perCluster.length === 0) return;
    for (const { cluster_id, n } of perCluster) {
      await db('failure_clusters')
        .where({ project_id: projectId, id: cluster_id })
        .update({ member_count: db.raw('CASE WHEN member_count > ? THEN member_count - ? ELSE 0 END', [Number(n), Number(n)]) });
    }
    await db('failure_cluster_members').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
  }

  async purgeProjectRemainder(projectId: string, limit: number): Promise<number> {
    const db = this.db;
    const address = ROW_ADDRESS[this.dialect];
    const columns = ROW_ADDRESS_COLUMNS[this.dialect];
    let deleted = 0;
    const step = async (table: string): Promise<void> => {
      if (deleted >= limit) return;
      const n = limit - deleted;
      deleted += await db(table)
        .whereIn(db.raw(address) as unknown as string, db(table).where({ project_id: projectId }).select(db.raw(columns)).limit(n))
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
    for (const table of ['spans', 'detection_events', 'detection_jobs', 'webhook_deliveries', 'idempotency_keys', 'failure_cluster_members', 'failure_clusters', 'failure_cluster_state']) await step(table);
    return deleted;
  }
}
