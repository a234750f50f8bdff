import type { Knex } from 'knex';
import type { NotificationRecord, NotificationRepository, NotificationSettingsRecord, ProjectRecipient } from '../../src/ports/notifications.js';
import type { OrganizationRole } from '../../src/ports/organizations.js';
import type { ProjectRole } from '../../src/auth/roles.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toNotification = (row: Row): NotificationRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  userId: row.user_id as string,
  type: row.type as string,
  title: row.title as string,
  data: parseJson<Record<string, unknown>>(row.data, {}),
  readAt: fromMillisOrNull(row.read_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

const toSettings = (row: Row): NotificationSettingsRecord => ({
  projectId: row.project_id as string,
  digestHour: Number(row.digest_hour),
  timezone: row.timezone as string,
  weeklyDay: Number(row.weekly_day),
  actionItemAgeHours: Number(row.action_item_age_hours),
  dispatchApprovalRequired: toBoolean(row.dispatch_approval_required),
  approvalTtlHours: Number(row.approval_ttl_hours),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlNotificationRepository implements NotificationRepository {
  constructor(private readonly db: Knex) {}

  async insert(notifications: NotificationRecord[]): Promise<void> {
    if (notifications.length === 0) return;
    await this.db('notifications').insert(
      notifications.map((n) => ({
        id: n.id,
        project_id: n.projectId,
        user_id: n.userId,
        type: n.type,
        title: n.title,
        data: JSON.stringify(n.data),
        read_at: n.readAt ? toMillis(n.readAt) : null,
        created_at: toMillis(n.createdAt),
      })),
    );
  }

  async listForUser(userId: string, projectId: string, unreadOnly: boolean, after: { createdAt: number; id: string } | null, limit: number): Promise<NotificationRecord[]> {
    const query = this.db('notifications').where({ user_id: userId, project_id: projectId });
    if (unreadOnly) query.whereNull('read_at');
    if (after) query.where((q) => q.where('created_at', '<', after.createdAt).orWhere((r) => r.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
    return rows.map(toNotification);
  }

  async countUnread(userId: string, projectId: string): Promise<number> {
    const row = await this.db('notifications').where({ user_id: userId, project_id: projectId }).whereNull('read_at').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async findForUser(userId: string, projectId: string, id: string): Promise<NotificationRecord | null> {
    const row = await this.db('notifications').where({ user_id: userId, project_id: projectId, id }).first();
    return row ? toNotification(row) : null;
  }

  async markRead(userId: string, projectId: string, id: string, now: Date): Promise<void> {
    await this.db('notifications').where({ user_id: userId, project_id: projectId, id }).whereNull('read_at').update({ read_at: toMillis(now) });
  }

  async markAllRead(userId: string, projectId: string, now: Date): Promise<number> {
    return this.db('notifications').where({ user_id: userId, project_id: projectId }).whereNull('read_at').update({ read_at: toMillis(now) });
  }

  async settings(projectId: string): Promise<NotificationSettingsRecord | null> {
    const row = await this.db('notification_settings').where({ project_id: projectId }).first();
    return row ? toSettings(row) : null;
  }

  async saveSettings(s: NotificationSettingsRecord): Promise<void> {
    const values = {
      digest_hour: s.digestHour,
      timezone: s.timezone,
      weekly_day: s.weeklyDay,
      action_item_age_hours: s.actionItemAgeHours,
      dispatch_approval_required: s.dispatchApprovalRequired,
      approval_ttl_hours: s.approvalTtlHours,
      updated_at: toMillis(s.updatedAt),
    };
    await this.db('notification_settings')
      .insert({ project_id: s.projectId, ...values })
      .onConflict('project_id')
      .merge(values);
  }

  async projectsWithSettings(afterId: string | null, limit: number): Promise<{ projectId: string; createdAt: Date; settings: NotificationSettingsRecord | null }[]> {
    const query = this.db('projects as p').leftJoin('notification_settings as s', 's.project_id', 'p.id').whereNull('p.deleted_at');
    if (afterId) query.andWhere('p.id', '>', afterId);
    const rows = await query.select('p.id as pid', 'p.created_at as project_created_at', 's.*').orderBy('p.id', 'asc').limit(limit);
    return rows.map((row: Row) => ({ projectId: row.pid as string, createdAt: fromMillis(row.project_created_at as number), settings: row.project_id ? toSettings(row) : null }));
  }

  async recipients(projectId: string): Promise<ProjectRecipient[]> {
    const rows = await this.db('projects as p')
      .join('organization_members as m', 'm.organization_id', 'p.organization_id')
      .join('users as u', 'u.id', 'm.user_id')
      .leftJoin('project_members as pm', (j) => j.on('pm.project_id', '=', 'p.id').andOn('pm.user_id', '=', 'm.user_id'))
      .where('p.id', projectId)
      .select('u.id', 'u.email', 'u.name', 'm.role as org_role', 'pm.role as project_role')
      .orderBy('u.id', 'asc');
    return rows.map((row: Row) => ({
      userId: row.id as string,
      email: row.email as string,
      name: row.name as string,
      organizationRole: row.org_role as OrganizationRole,
      projectRole: (row.project_role as ProjectRole | null) ?? null,
    }));
  }
}
