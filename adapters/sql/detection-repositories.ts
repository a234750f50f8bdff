import type { Knex } from 'knex';
import type {
  DetectionChanges,
  DetectionGroupRecord,
  DetectionListFilter,
  DetectionPosition,
  DetectionRecord,
  DetectionRepository,
  NewDetection,
} from '../../src/ports/detections.js';
import type { DetectionEventRecord, DetectionEventRepository, FireStats } from '../../src/ports/detection-events.js';
import type { DetectionConfig, DetectionType, Framework, IssueSemantics, Severity } from '../../src/domain/detections/detection-types.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const DETECTION_COLUMNS = ['d.*', 'g.name as group_name'];

const toDetection = (row: Row): DetectionRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  groupId: row.group_id as string,
  groupName: (row.group_name as string | null) ?? null,
  slug: row.slug as string,
  displayName: row.display_name as string,
  type: row.type as DetectionType,
  threshold: Number(row.threshold),
  isActive: toBoolean(row.is_active),
  description: (row.description as string | null) ?? null,
  severity: row.severity as Severity,
  frameworks: parseJson<Framework[]>(row.frameworks, []),
  issueSemantics: parseJson<IssueSemantics | null>(row.issue_semantics, null),
  config: parseJson<DetectionConfig>(row.config, {}),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const CHANGE_COLUMNS: { [K in keyof Required<DetectionChanges>]: [string, (value: DetectionChanges[K]) => unknown] } = {
  displayName: ['display_name', (v) => v],
  threshold: ['threshold', (v) => v],
  isActive: ['is_active', (v) => v],
  description: ['description', (v) => v],
  severity: ['severity', (v) => v],
  frameworks: ['frameworks', (v) => JSON.stringify(v)],
  issueSemantics: ['issue_semantics', (v) => (v === null ? null : JSON.stringify(v))],
  config: ['config', (v) => JSON.stringify(v)],
};

export class SqlDetectionRepository implements DetectionRepository {
  constructor(private readonly db: Knex) {}

  private detections() {
    return this.db('detections as d').join('detection_groups as g', 'g.id', 'd.group_id').select(DETECTION_COLUMNS);
  }

  async findGroup(projectId: string, groupId: string): Promise<DetectionGroupRecord | null> {
    const row = await this.db('detection_groups').where({ project_id: projectId, id: groupId }).first();
    return row ? { id: row.id, projectId: row.project_id, name: row.name ?? null } : null;
  }

  async findGroupByName(projectId: string, name: string | null): Promise<DetectionGroupRecord | null> {
    const query = this.db('detection_groups').where({ project_id: projectId });
    const row = await (name === null ? query.whereNull('name') : query.where({ name })).orderBy('created_at').first();
    return row ? { id: row.id, projectId: row.project_id, name: row.name ?? null } : null;
  }

  async createGroup(input: { id: string; projectId: string; name: string | null; now: Date }): Promise<DetectionGroupRecord> {
    await this.db('detection_groups').insert({ id: input.id, project_id: input.projectId, name: input.name, created_at: toMillis(input.now) });
    return { id: input.id, projectId: input.projectId, name: input.name };
  }

  async create(input: NewDetection): Promise<DetectionRecord> {
    await this.db('detections').insert({
      id: input.id,
      project_id: input.projectId,
      group_id: input.groupId,
      slug: input.slug,
      display_name: input.displayName,
      type: input.type,
      threshold: input.threshold,
      is_active: input.isActive,
      description: input.description,
      severity: input.severity,
      frameworks: JSON.stringify(input.frameworks),
      issue_semantics: input.issueSemantics === null ? null : JSON.stringify(input.issueSemantics),
      config: JSON.stringify(input.config),
      created_at: toMillis(input.createdAt),
      updated_at: toMillis(input.createdAt),
    });
    return (await this.findById(input.projectId, input.id))!;
  }

  async findById(projectId: string, id: string): Promise<DetectionRecord | null> {
    const row = await this.detections().where({ 'd.project_id': projectId, 'd.id': id }).first();
    return row ? toDetection(row) : null;
  }

  async findBySlug(projectId: string, slug: string): Promise<DetectionRecord | null> {
    const row = await this.detections().where({ 'd.project_id': projectId, 'd.slug': slug }).first();
    return row ? toDetection(row) : null;
  }

  async update(projectId: string, id: string, changes: DetectionChanges, now: Date): Promise<DetectionRecord | null> {
    const values: Row = { updated_at: toMillis(now) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      const [column, convert] = CHANGE_COLUMNS[key as keyof DetectionChanges] as [string, (v: unknown) => unknown];
      values[column] = convert(value);
    }
    const count = await this.db('detections').where({ project_id: projectId, id }).update(values);
    return count ? this.findById(projectId, id) : null;
  }

  async list(projectId: string, filter: DetectionListFilter, after: DetectionPosition | null, limit: number): Promise<DetectionRecord[]> {
    const query = this.detections().where('d.project_id', projectId);
    if (filter.type) query.where('d.type', filter.type);
    if (filter.active !== undefined) query.where('d.is_active', filter.active);
    if (filter.groupId) query.where('d.group_id', filter.groupId);
    if (after) {
      query.where((q) => q.where('d.created_at', '<', after.createdAt).orWhere((r) => r.where('d.created_at', after.createdAt).andWhere('d.id', '<', after.id)));
    }
    const rows = await query.orderBy([{ column: 'd.created_at', order: 'desc' }, { column: 'd.id', order: 'desc' }]).limit(limit);
    return rows.map(toDetection);
  }

  async listAll(projectId: string): Promise<DetectionRecord[]> {
    const rows = await this.detections().where('d.project_id', projectId).orderBy([{ column: 'd.created_at', order: 'desc' }, { column: 'd.id', order: 'desc' }]);
    return rows.map(toDetection);
  }
}

export const toEvent = (row: Row): DetectionEventRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  detectionId: row.detection_id as string,
  traceId: row.trace_id as string,
  spanId: (row.span_id as string | null) ?? null,
  score: Number(row.score),
  evidence: parseJson<Record<string, unknown>>(row.evidence, {}),
  traceCreatedAt: fromMillis(row.trace_created_at as number),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlDetectionEventRepository implements DetectionEventRepository {
  constructor(private readonly db: Knex) {}

  async insert(event: DetectionEventRecord): Promise<boolean> {
    const inserted = await this.db('detection_events')
      .insert({
        id: event.id,
        project_id: event.projectId,
        detection_id: event.detectionId,
        trace_id: event.traceId,
        span_id: event.spanId,
        score: event.score,
        evidence: JSON.stringify(event.evidence),
        trace_created_at: toMillis(event.traceCreatedAt),
        created_at: toMillis(event.createdAt),
      })
      .onConflict(['detection_id', 'trace_id'])
      .ignore()
      .returning('id');
    return inserted.length > 0;
  }

  async fireStats(projectId: string, since24h: Date, since7d: Date): Promise<FireStats[]> {
    const rows = await this.db('detection_events')
      .where({ project_id: projectId })
      .groupBy('detection_id')
      .select(
        'detection_id',
        this.db.raw('SUM(CASE WHEN trace_created_at >= ? THEN 1 ELSE 0 END) AS since_24h', [toMillis(since24h)]),
        this.db.raw('SUM(CASE WHEN trace_created_at >= ? THEN 1 ELSE 0 END) AS since_7d', [toMillis(since7d)]),
        this.db.raw('MAX(created_at) AS last_fired_at'),
      );
    return rows.map((row: Row) => ({
      detectionId: row.detection_id as string,
      since24h: Number(row.since_24h ?? 0),
      since7d: Number(row.since_7d ?? 0),
      lastFiredAt: fromMillisOrNull(row.last_fired_at as number | null),
    }));
  }

  async countByBucket(projectId: string, detectionId: string, from: Date, to: Date, bucketMs: number): Promise<Map<number, number>> {
    const rows = await this.db('detection_events')
      .where({ project_id: projectId, detection_id: detectionId })
      .where('trace_created_at', '>=', toMillis(from))
      .where('trace_created_at', '<', toMillis(to))
      .select(this.db.raw('(trace_created_at - (trace_created_at % ?)) AS bucket', [bucketMs]))
      .count({ n: '*' })
      .groupByRaw('1'); // by position: PostgreSQL would not match the bucket expression to a second placeholder
    return new Map(rows.map((row: Row) => [Number(row.bucket), Number(row.n)]));
  }

  async listForTrace(projectId: string, traceId: string): Promise<DetectionEventRecord[]> {
    const rows = await this.db('detection_events').where({ project_id: projectId, trace_id: traceId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toEvent);
  }
}
