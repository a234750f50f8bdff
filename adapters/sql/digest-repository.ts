import type { Knex } from 'knex';
import type { DigestDetectionCount, DigestFix, DigestRepository, DigestTraceTotals } from '../../src/ports/digests.js';
import type { Severity } from '../../src/domain/detections/detection-types.js';
import { fromMillis, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toDigestFix = (row: Row): DigestFix => ({ id: row.id as string, title: row.title as string, severity: row.severity as Severity, at: fromMillis(row.at as number) });

export class SqlDigestRepository implements DigestRepository {
  constructor(private readonly db: Knex) {}

  async traceTotals(projectId: string, start: Date, end: Date): Promise<DigestTraceTotals> {
    const row = await this.db('traces')
      .where({ project_id: projectId })
      .andWhere('created_at', '>=', toMillis(start))
      .andWhere('created_at', '<', toMillis(end))
      .select(this.db.raw('COUNT(*) AS n'), this.db.raw("SUM(CASE WHEN status = 'error' THEN 1 ELSE 0 END) AS errors"), this.db.raw('SUM(cost) AS cost'))
      .first();
    return { count: Number(row?.n ?? 0), errorCount: Number(row?.errors ?? 0), cost: Number(row?.cost ?? 0) };
  }

  async topDetections(projectId: string, start: Date, end: Date, limit: number): Promise<DigestDetectionCount[]> {
    const rows = await this.db('detection_events as e')
      .join('detections as d', 'd.id', 'e.detection_id')
      .where('e.project_id', projectId)
      .andWhere('e.created_at', '>=', toMillis(start))
      .andWhere('e.created_at', '<', toMillis(end))
      .groupBy('d.id', 'd.slug', 'd.display_name')
      .select('d.id', 'd.slug', 'd.display_name', this.db.raw('COUNT(*) AS n'))
      .orderBy([{ column: 'n', order: 'desc' }, { column: 'd.slug', order: 'asc' }])
      .limit(limit);
    return rows.map((row: Row) => ({ detectionId: row.id as string, slug: row.slug as string, displayName: row.display_name as string, fireCount: Number(row.n) }));
  }

  async createdFixes(projectId: string, start: Date, end: Date, limit: number): Promise<{ total: number; fixes: DigestFix[] }> {
    const base = () => this.db('fixes').where({ project_id: projectId }).andWhere('created_at', '>=', toMillis(start)).andWhere('created_at', '<', toMillis(end));
    const counted = await base().count({ n: '*' }).first();
    const rows = await base()
      .select('id', 'title', 'severity', 'created_at as at')
      .orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }])
      .limit(limit);
    return { total: Number(counted?.n ?? 0), fixes: rows.map(toDigestFix) };
  }

  async resolvedFixes(projectId: string, start: Date, end: Date, limit: number): Promise<{ total: number; fixes: DigestFix[] }> {
    const base = () =>
      this.db('fix_transitions as t')
        .join('fixes as f', 'f.id', 't.fix_id')
        .where('f.project_id', projectId)
        .andWhere('t.to_status', 'resolved')
        .andWhere('t.created_at', '>=', toMillis(start))
        .andWhere('t.created_at', '<', toMillis(end));
    const counted = await base().count({ n: '*' }).first();
    const rows = await base()
      .select('f.id', 'f.title', 'f.severity', 't.created_at as at')
      .orderBy([{ column: 't.created_at', order: 'asc' }, { column: 'f.id', order: 'asc' }])
      .limit(limit);
    return { total: Number(counted?.n ?? 0), fixes: rows.map(toDigestFix) };
  }

  async madePeriods(projectIds: string[], kind: string): Promise<Map<string, number>> {
    const latest = new Map<string, number>();
    if (projectIds.length === 0) return latest;
    const rows = await this.db('project_digests').whereIn('project_id', projectIds).andWhere({ kind }).groupBy('project_id').select('project_id', this.db.raw('MAX(period_end) AS latest'));
    for (const row of rows as Row[]) latest.set(row.project_id as string, Number(row.latest));
    return latest;
  }

  async save(projectId: string, kind: string, periodEnd: Date, summary: Record<string, unknown>, now: Date): Promise<boolean> {
    const inserted = await this.db('project_digests')
      .insert({ project_id: projectId, kind, period_end: toMillis(periodEnd), summary: JSON.stringify(summary), created_at: toMillis(now) })
      .onConflict(['project_id', 'kind', 'period_end'])
      .ignore()
      .returning('project_id');
    return inserted.length === 1;
  }
}
