import type { Knex } from 'knex';
import type { DispatchAction, DispatchState, DispatchStatus, DispatchTarget } from '../../src/domain/dispatch/dispatch-state-machine.js';
import type { ActionItem, DispatchRequestFields, DispatchTransitionRecord, FixDispatchRecord, FixDispatchRepository } from '../../src/ports/fix-dispatch.js';
import { fromMillis, fromMillisOrNull, toMillis } from './columns.js';

type Row = Record<string, unknown>;

export class SqlFixDispatchRepository implements FixDispatchRepository {
  constructor(private readonly db: Knex) {}

  async find(projectId: string, fixId: string): Promise<FixDispatchRecord | null> {
    const row = await this.db('fixes')
      .where({ project_id: projectId, id: fixId })
      .first(
        'id',
        'project_id',
        'dispatch_status',
        'dispatch_target',
        'dispatch_webhook_id',
        'dispatch_requested_by',
        'dispatch_expires_at',
        'assignee_user_id',
        'dispatch_claimed_by',
        'github_issue_number',
        'github_issue_url',
        'github_attempts',
        'github_last_error',
      );
    if (!row) return null;
    return {
      fixId: row.id as string,
      projectId: row.project_id as string,
      status: (row.dispatch_status as DispatchStatus | null) ?? null,
      // Dispatches requested before targets had kinds went to webhooks.
      target: row.dispatch_status === null ? null : ((row.dispatch_target as DispatchTarget | null) ?? 'webhook'),
      webhookId: (row.dispatch_webhook_id as string | null) ?? null,
      requestedBy: (row.dispatch_requested_by as string | null) ?? null,
      expiresAt: fromMillisOrNull(row.dispatch_expires_at as number | null),
      assigneeUserId: (row.assignee_user_id as string | null) ?? null,
      claimedBy: (row.dispatch_claimed_by as string | null) ?? null,
      githubIssue: row.github_issue_number === null || row.github_issue_number === undefined ? null : { number: Number(row.github_issue_number), url: row.github_issue_url as string },
      githubAttempts: Number(row.github_attempts ?? 0),
      githubLastError: (row.github_last_error as string | null) ?? null,
    };
  }

  async setClaimedBy(projectId: string, fixId: string, actor: string | null): Promise<void> {
    await this.db('fixes').where({ project_id: projectId, id: fixId }).update({ dispatch_claimed_by: actor });
  }

  async transition(projectId: string, fixId: string, expected: DispatchState, to: DispatchStatus, now: Date, request?: DispatchRequestFields): Promise<boolean> {
    const values: Row = { dispatch_status: to, updated_at: toMillis(now) };
    if (request) {
      values.dispatch_target = request.target;
      values.dispatch_webhook_id = request.webhookId;
      // A new request starts a new hand-off: no claim, no issue, no creation state of the last one.
      values.dispatch_claimed_by = null;
      values.github_issue_number = null;
      values.github_issue_url = null;
      values.github_attempts = 0;
      values.github_next_attempt_at = null;
      values.github_lease_owner = null;
      values.github_lease_until = null;
      values.github_last_error = null;
      values.dispatch_requested_by = request.requestedBy;
      values.dispatch_expires_at = request.expiresAt ? toMillis(request.expiresAt) : null;
    } else if (to !== 'pending_approval') {
      // A decided approval has no deadline left.
      values.dispatch_expires_at = null;
    }
    const query = this.db('fixes').where({ project_id: projectId, id: fixId });
    if (expected === null) query.whereNull('dispatch_status');
    else query.andWhere('dispatch_status', expected);
    return (await query.update(values)) === 1;
  }

  async recordTransition(t: DispatchTransitionRecord): Promise<void> {
    await this.db('fix_dispatch_transitions').insert({
      id: t.id,
      fix_id: t.fixId,
      action: t.action,
      from_status: t.fromStatus,
      to_status: t.toStatus,
      actor: t.actor,
      note: t.note,
      position: this.db.raw('(SELECT COALESCE(MAX(position), 0) + 1 FROM fix_dispatch_transitions WHERE fix_id = ?)', [t.fixId]),
      created_at: toMillis(t.createdAt),
    });
  }

  async transitions(fixId: string): Promise<DispatchTransitionRecord[]> {
    const rows = await this.db('fix_dispatch_transitions').where({ fix_id: fixId }).orderBy([{ column: 'position' }, { column: 'id' }]);
    return rows.map((row: Row) => ({
      id: row.id as string,
      fixId: row.fix_id as string,
      action: row.action as DispatchAction,
      fromStatus: (row.from_status as DispatchStatus | null) ?? null,
      toStatus: row.to_status as DispatchStatus,
      actor: row.actor as string,
      note: (row.note as string | null) ?? null,
      createdAt: fromMillis(row.created_at as number),
    }));
  }

  async dueExpiries(now: Date, limit: number): Promise<{ projectId: string; fixId: string; expiresAt: Date }[]> {
    const rows = await this.db('fixes')
      .where({ dispatch_status: 'pending_approval' })
      .andWhere('dispatch_expires_at', '<=', toMillis(now))
      .orderBy([{ column: 'dispatch_expires_at' }, { column: 'id' }])
      .limit(limit)
      .select('project_id', 'id', 'dispatch_expires_at');
    return rows.map((row: Row) => ({ projectId: row.project_id as string, fixId: row.id as string, expiresAt: fromMillis(row.dispatch_expires_at as number) }));
  }

  async setAssignee(projectId: string, fixId: string, userId: string | null, now: Date): Promise<boolean> {
    return (await this.db('fixes').where({ project_id: projectId, id: fixId }).update({ assignee_user_id: userId, updated_at: toMillis(now) })) === 1;
  }

  async needingAction(projectId: string, unchangedSince: Date, limit: number): Promise<ActionItem[]> {
    const rows = await this.db('fixes as f')
      .leftJoin('fix_action_reminders as r', 'r.fix_id', 'f.id')
      .where('f.project_id', projectId)
      .whereIn('f.status', ['draft', 'open'])
      .whereNotNull('f.assignee_user_id')
      .andWhere('f.updated_at', '<=', toMillis(unchangedSince))
      .andWhere((q) => q.whereNull('r.reminded_at').orWhere('r.reminded_at', '<', this.db.ref('f.updated_at')))
      .orderBy([{ column: 'f.updated_at' }, { column: 'f.id' }])
      .limit(limit)
      .select('f.id', 'f.title', 'f.status', 'f.severity', 'f.assignee_user_id', 'f.updated_at');
    return rows.map((row: Row) => ({
      fixId: row.id as string,
      title: row.title as string,
      status: row.status as string,
      severity: row.severity as string,
      assigneeUserId: row.assignee_user_id as string,
      updatedAt: fromMillis(row.updated_at as number),
    }));
  }

  async markReminded(fixIds: string[], now: Date): Promise<void> {
    if (fixIds.length === 0) return;
    await this.db('fix_action_reminders')
      .insert(fixIds.map((fixId) => ({ fix_id: fixId, reminded_at: toMillis(now) })))
      .onConflict('fix_id')
      .merge({ reminded_at: toMillis(now) });
  }

  async projectsWithActionItems(now: Date, defaultAgeHours: number, limit: number): Promise<string[]> {
    const rows = await this.db('fixes as f')
      .leftJoin('notification_settings as s', 's.project_id', 'f.project_id')
      .leftJoin('fix_action_reminders as r', 'r.fix_id', 'f.id')
      .whereIn('f.status', ['draft', 'open'])
      .whereNotNull('f.assignee_user_id')
      .andWhere('f.updated_at', '<=', this.db.raw('CAST(? AS BIGINT) - CAST(COALESCE(s.action_item_age_hours, ?) AS BIGINT) * 3600000', [toMillis(now), defaultAgeHours]))
      .andWhere((q) => q.whereNull('r.reminded_at').orWhere('r.reminded_at', '<', this.db.ref('f.updated_at')))
      .distinct('f.project_id')
      .orderBy('f.project_id')
      .limit(limit);
    return rows.map((row: Row) => row.project_id as string);
  }
}
