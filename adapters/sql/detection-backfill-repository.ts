import type { Knex } from 'knex';
import type { BackfillProgress, BackfillStatus, DetectionBackfillRecord, DetectionBackfillRepository } from '../../src/ports/detection-backfills.js';
import { fromMillis, fromMillisOrNull, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toBackfill = (row: Row): DetectionBackfillRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  detectionId: row.detection_id as string,
  requestedBy: row.requested_by as string,
  status: row.status as BackfillStatus,
  from: fromMillis(row.from_at as number),
  to: fromMillis(row.to_at as number),
  total: Number(row.total),
  processed: Number(row.processed),
  batches: Number(row.batches),
  fired: Number(row.fired),
  cursor: row.cursor_trace_id ? { createdAt: Number(row.cursor_created_at), traceId: row.cursor_trace_id as string } : null,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
  completedAt: fromMillisOrNull(row.completed_at as number | null),
});

export class SqlDetectionBackfillRepository implements DetectionBackfillRepository {
  constructor(private readonly db: Knex) {}

  async create(b: DetectionBackfillRecord): Promise<void> {
    await this.db('detection_backfills').insert({
      id: b.id,
      project_id: b.projectId,
      detection_id: b.detectionId,
      requested_by: b.requestedBy,
      status: b.status,
      from_at: toMillis(b.from),
      to_at: toMillis(b.to),
      total: b.total,
      processed: b.processed,
      batches: b.batches,
      fired: b.fired,
      cursor_created_at: b.cursor?.createdAt ?? null,
      cursor_trace_id: b.cursor?.traceId ?? null,
      created_at: toMillis(b.createdAt),
      updated_at: toMillis(b.updatedAt),
      completed_at: b.completedAt ? toMillis(b.completedAt) : null,
    });
  }

  async find(projectId: string, id: string): Promise<DetectionBackfillRecord | null> {
    const row = await this.db('detection_backfills').where({ project_id: projectId, id }).first();
    return row ? toBackfill(row) : null;
  }

  async runningFor(projectId: string, detectionId: string): Promise<DetectionBackfillRecord | null> {
    const row = await this.db('detection_backfills').where({ project_id: projectId, detection_id: detectionId, status: 'running' }).first();
    return row ? toBackfill(row) : null;
  }

  async running(limit: number): Promise<DetectionBackfillRecord[]> {
    const rows = await this.db('detection_backfills').where({ status: 'running' }).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit);
    return rows.map(toBackfill);
  }

  async advance(id: string, batch: number, p: BackfillProgress, now: Date): Promise<boolean> {
    const count = await this.db('detection_backfills')
      .where({ id, status: 'running', batches: batch })
      .update({
        batches: batch + 1,
        processed: p.processed,
        fired: p.fired,
        cursor_created_at: p.cursor?.createdAt ?? null,
        cursor_trace_id: p.cursor?.traceId ?? null,
        status: p.completedAt ? 'completed' : 'running',
        completed_at: p.completedAt ? toMillis(p.completedAt) : null,
        updated_at: toMillis(now),
      });
    return count === 1;
  }

  async countTraces(projectId: string, from: Date, to: Date): Promise<number> {
    const row = await this.db('traces').where({ project_id: projectId }).andWhere('created_at', '>=', toMillis(from)).andWhere('created_at', '<', toMillis(to)).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async nextTraces(projectId: string, from: Date, to: Date, after: { createdAt: number; traceId: string } | null, limit: number): Promise<{ id: string; createdAt: number }[]> {
    const query = this.db('traces').where({ project_id: projectId }).andWhere('created_at', '>=', toMillis(from)).andWhere('created_at', '<', toMillis(to));
    if (after) query.andWhere((q) => q.where('created_at', '>', after.createdAt).orWhere((r) => r.where('created_at', after.createdAt).andWhere('id', '>', after.traceId)));
    const rows = await query.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit).select('id', 'created_at');
    return rows.map((row: Row) => ({ id: row.id as string, createdAt: Number(row.created_at) }));
  }
}
