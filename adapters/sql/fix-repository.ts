import type { Knex } from 'knex';
import type {
  FixCommentRecord,
  FixContentChanges,
  FixListFilter,
  FixRecord,
  FixRepository,
  FixStatus,
  FixTraceLink,
  FixTransitionRecord,
  InvestigationStepRecord,
} from '../../src/ports/fixes.js';
import type { Severity } from '../../src/domain/detections/detection-types.js';
import { fromMillis, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toFix = (row: Row): FixRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  detectionId: (row.detection_id as string | null) ?? null,
  title: row.title as string,
  description: (row.description as string | null) ?? null,
  status: row.status as FixStatus,
  severity: row.severity as Severity,
  label: (row.label as string | null) ?? null,
  confidence: Number(row.confidence),
  creator: row.creator as string,
  dispatchStatus: (row.dispatch_status as string | null) ?? null,
  rootCause: (row.root_cause as string | null) ?? null,
  recommendedAction: (row.recommended_action as string | null) ?? null,
  riskAssessment: (row.risk_assessment as string | null) ?? null,
  verification: (row.verification as string | null) ?? null,
  rollbackPlan: (row.rollback_plan as string | null) ?? null,
  feedback: (row.feedback as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const CONTENT_COLUMNS: Record<keyof FixContentChanges, string> = {
  title: 'title',
  severity: 'severity',
  label: 'label',
  recommendedAction: 'recommended_action',
};

export class SqlFixRepository implements FixRepository {
  constructor(private readonly db: Knex) {}

  /** The next position within a fix; concurrent writers to one fix are serialized by its row lock. */
  private nextPosition(table: string, fixId: string): Knex.Raw {
    return this.db.raw('(SELECT COALESCE(MAX(position), 0) + 1 FROM ?? WHERE fix_id = ?)', [table, fixId]);
  }

  async create(fix: FixRecord): Promise<void> {
    await this.db('fixes').insert({
      id: fix.id,
      project_id: fix.projectId,
      detection_id: fix.detectionId,
      title: fix.title,
      description: fix.description,
      status: fix.status,
      severity: fix.severity,
      label: fix.label,
      confidence: fix.confidence,
      creator: fix.creator,
      dispatch_status: fix.dispatchStatus,
      root_cause: fix.rootCause,
      recommended_action: fix.recommendedAction,
      risk_assessment: fix.riskAssessment,
      verification: fix.verification,
      rollback_plan: fix.rollbackPlan,
      feedback: fix.feedback,
      created_at: toMillis(fix.createdAt),
      updated_at: toMillis(fix.updatedAt),
    });
  }

  async findById(projectId: string, id: string): Promise<FixRecord | null> {
    const row = await this.db('fixes').where({ project_id: projectId, id }).first();
    return row ? toFix(row) : null;
  }

  async findOpenForDetection(projectId: string, detectionId: string): Promise<FixRecord | null> {
    const row = await this.db('fixes')
      .where({ project_id: projectId, detection_id: detectionId })
      .whereNotIn('status', ['resolved', 'archived'])
      .first();
    return row ? toFix(row) : null;
  }

  async transition(projectId: string, id: string, expected: FixStatus, to: FixStatus, now: Date, extra: { feedback?: string | null } = {}): Promise<boolean> {
    const values: Row = { status: to, updated_at: toMillis(now) };
    if (extra.feedback !== undefined) values.feedback = extra.feedback;
    const count = await this.db('fixes').where({ project_id: projectId, id, status: expected }).update(values);
    return count === 1;
  }

  async updateContent(projectId: string, id: string, changes: FixContentChanges, now: Date): Promise<boolean> {
    const values: Row = { updated_at: toMillis(now) };
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) values[CONTENT_COLUMNS[key as keyof FixContentChanges]] = value;
    }
    return (await this.db('fixes').where({ project_id: projectId, id }).update(values)) === 1;
  }

  async linkTrace(fixId: string, link: FixTraceLink, now: Date): Promise<boolean> {
    const inserted = await this.db('fix_traces')
      .insert({ fix_id: fixId, trace_id: link.traceId, span_id: link.spanId, accuracy: link.accuracy, linked_at: toMillis(link.linkedAt) })
      .onConflict(['fix_id', 'trace_id'])
      .ignore()
      .returning('trace_id');
    if (inserted.length === 0) return false;
    const mean = await this.db('fix_traces').where({ fix_id: fixId }).avg({ value: 'accuracy' }).first();
    await this.db('fixes').where({ id: fixId }).update({ confidence: Number(mean?.value ?? 0), updated_at: toMillis(now) });
    return true;
  }

  async linkedTraces(fixId: string): Promise<FixTraceLink[]> {
    const rows = await this.db('fix_traces').where({ fix_id: fixId }).orderBy([{ column: 'linked_at' }, { column: 'trace_id' }]);
    return rows.map((row: Row) => ({
      traceId: row.trace_id as string,
      spanId: (row.span_id as string | null) ?? null,
      accuracy: Number(row.accuracy),
      linkedAt: fromMillis(row.linked_at as number),
    }));
  }

  async linkedTraceIds(fixIds: string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(fixIds.map((id) => [id, []]));
    if (fixIds.length === 0) return result;
    const rows = await this.db('fix_traces').whereIn('fix_id', fixIds).orderBy([{ column: 'linked_at' }, { column: 'trace_id' }]).select('fix_id', 'trace_id');
    for (const row of rows) result.get(row.fix_id as string)?.push(row.trace_id as string);
    return result;
  }

  private filtered(projectId: string, filter: FixListFilter) {
    const query = this.db('fixes').where({ project_id: projectId });
    if (filter.status) query.where('status', filter.status);
    if (filter.severity) query.where('severity', filter.severity);
    if (filter.label) query.where('label', filter.label);
    if (filter.dispatchStatus) query.where('dispatch_status', filter.dispatchStatus);
    // Dispatches from before targets had kinds (null) went to webhooks.
    if (filter.dispatchTarget) query.whereNotNull('dispatch_status').andWhereRaw("COALESCE(dispatch_target, 'webhook') = ?", [filter.dispatchTarget]);
    return query;
  }

  async listByOffset(projectId: string, filter: FixListFilter, offset: number, limit: number): Promise<{ fixes: FixRecord[]; total: number }> {
    const counted = await this.filtered(projectId, filter).count({ n: '*' }).first();
    const rows = await this.filtered(projectId, filter)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset(offset)
      .limit(limit);
    return { fixes: rows.map(toFix), total: Number(counted?.n ?? 0) };
  }

  async count(projectId: string, filter: FixListFilter): Promise<number> {
    const counted = await this.filtered(projectId, filter).count({ n: '*' }).first();
    return Number(counted?.n ?? 0);
  }

  async listAfter(projectId: string, filter: FixListFilter, after: { createdAt: number; id: string } | null, limit: number): Promise<FixRecord[]> {
    const query = this.filtered(projectId, filter);
    if (after) {
      query.where((q) => q.where('created_at', '<', after.createdAt).orWhere((r) => r.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    }
    const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
    return rows.map(toFix);
  }

  async recordTransition(t: FixTransitionRecord): Promise<void> {
    await this.db('fix_transitions').insert({
      id: t.id,
      fix_id: t.fixId,
      from_status: t.fromStatus,
      to_status: t.toStatus,
      actor: t.actor,
      note: t.note,
      position: this.nextPosition('fix_transitions', t.fixId),
      created_at: toMillis(t.createdAt),
    });
  }

  async transitions(fixId: string): Promise<FixTransitionRecord[]> {
    const rows = await this.db('fix_transitions').where({ fix_id: fixId }).orderBy([{ column: 'position' }, { column: 'id' }]);
    return rows.map((row: Row) => ({
      id: row.id as string,
      fixId: row.fix_id as string,
      fromStatus: (row.from_status as FixStatus | null) ?? null,
      toStatus: row.to_status as FixStatus,
      actor: row.actor as string,
      note: (row.note as string | null) ?? null,
      createdAt: fromMillis(row.created_at as number),
    }));
  }

  async addStep(step: InvestigationStepRecord): Promise<void> {
    await this.db('fix_investigation_steps').insert({
      id: step.id,
      fix_id: step.fixId,
      agent: step.agent,
      action: step.action,
      finding: step.finding,
      position: this.nextPosition('fix_investigation_steps', step.fixId),
      created_at: toMillis(step.createdAt),
    });
  }

  async steps(fixId: string, limit?: number, offset = 0): Promise<InvestigationStepRecord[]> {
    const query = this.db('fix_investigation_steps').where({ fix_id: fixId }).orderBy([{ column: 'position' }, { column: 'id' }]);
    if (limit !== undefined) query.limit(limit);
    if (offset > 0) query.offset(offset);
    const rows = await query;
    return rows.map((row: Row) => ({
      id: row.id as string,
      fixId: row.fix_id as string,
      agent: row.agent as string,
      action: row.action as string,
      finding: row.finding as string,
      createdAt: fromMillis(row.created_at as number),
    }));
  }

  async countSteps(fixId: string): Promise<number> {
    const row = await this.db('fix_investigation_steps').where({ fix_id: fixId }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async addComment(comment: FixCommentRecord): Promise<void> {
    await this.db('fix_comments').insert({
      id: comment.id,
      fix_id: comment.fixId,
      author: comment.author,
      text: comment.text,
      position: this.nextPosition('fix_comments', comment.fixId),
      created_at: toMillis(comment.createdAt),
    });
  }

  async comments(fixId: string): Promise<FixCommentRecord[]> {
    const rows = await this.db('fix_comments').where({ fix_id: fixId }).orderBy([{ column: 'position' }, { column: 'id' }]);
    return rows.map((row: Row) => ({
      id: row.id as string,
      fixId: row.fix_id as string,
      author: row.author as string,
      text: row.text as string,
      createdAt: fromMillis(row.created_at as number),
    }));
  }
}
