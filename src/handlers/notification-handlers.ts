import type { components } from '../../generated/openapi.js';
import type { DigestService } from '../domain/notifications/digest-service.js';
import type { NotificationService } from '../domain/notifications/notification-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { NotificationRecord, NotificationSettingsRecord } from '../ports/notifications.js';

type Notification = components['schemas']['Notification'];
type Settings = components['schemas']['NotificationSettings'];

const toNotification = (n: NotificationRecord): Notification => ({
  id: n.id,
  type: n.type as Notification['type'],
  title: n.title,
  data: n.data,
  read: n.readAt !== null,
  readAt: n.readAt?.toISOString() ?? null,
  createdAt: n.createdAt.toISOString(),
});

const toSettings = (s: NotificationSettingsRecord): Settings => ({
  digestHour: s.digestHour,
  timezone: s.timezone,
  weeklyDay: s.weeklyDay,
  actionItemAgeHours: s.actionItemAgeHours,
  dispatchApprovalRequired: s.dispatchApprovalRequired,
  approvalTtlHours: s.approvalTtlHours,
});

type NotificationOperations = 'listNotifications' | 'markNotificationRead' | 'markAllNotificationsRead' | 'getNotificationSettings' | 'updateNotificationSettings' | 'getDigest';

export class NotificationHandlers implements Pick<OperationHandlers, NotificationOperations> {
  constructor(
    private readonly notifications: NotificationService,
    private readonly digests: DigestService,
  ) {}

  listNotifications: OperationHandlers['listNotifications'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const unreadOnly = query.unread === true;
    const { notifications, unreadCount, page } = await this.notifications.list(
      ctx.principal.userId,
      project.id,
      { limit: query.limit ?? 20, cursor: query.cursor, unreadOnly },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: { unreadOnly }, sort: 'createdAt:desc,id:desc' },
    );
    return { status: 200, data: { notifications: notifications.map(toNotification), unreadCount, page } };
  };

  markNotificationRead: OperationHandlers['markNotificationRead'] = async ({ ctx, path }) => ({
    status: 200,
    data: toNotification(await this.notifications.markRead(ctx.principal.userId, selectedProject(ctx).id, path.id)),
  });

  markAllNotificationsRead: OperationHandlers['markAllNotificationsRead'] = async ({ ctx }) => ({
    status: 200,
    data: { marked: await this.notifications.markAllRead(ctx.principal.userId, selectedProject(ctx).id) },
  });

  getNotificationSettings: OperationHandlers['getNotificationSettings'] = async ({ ctx }) => ({
    status: 200,
    data: toSettings(await this.notifications.settings(selectedProject(ctx).id)),
  });

  updateNotificationSettings: OperationHandlers['updateNotificationSettings'] = async ({ ctx, body }) => ({
    status: 200,
    data: toSettings(await this.notifications.updateSettings(selectedProject(ctx).id, body)),
  });

  getDigest: OperationHandlers['getDigest'] = async ({ ctx, path, query }) => ({
    status: 200,
    data: await this.digests.summary(selectedProject(ctx).id, path.kind, query.at ? new Date(query.at) : undefined),
  });
}
