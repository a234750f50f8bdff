import type { Clock } from '../../clock.js';
import type { ActionItem } from '../../ports/fix-dispatch.js';
import type { Store } from '../../ports/store.js';
import type { NotificationService } from './notification-service.js';
import { withDefaults } from './notification-settings.js';

/** Fixes reported per project per run; the rest are reported at the next run. */
export const ACTION_ITEMS_PER_RUN = 200;

/**
 * `notification.action_items`: a draft or open fix assigned to someone and unchanged for the
 * project's `actionItemAgeHours` is reported to its assignee — once per change, so a fix nobody
 * touches is not reported again every hour; assigning, editing or moving it starts the age anew.
 */
export class ActionItemService {
  constructor(
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
  ) {}

  /** Reports the project's due action items, one notification per assignee, in the caller's transaction. */
  async remind(tx: Store, projectId: string): Promise<number> {
    const now = this.clock.now();
    const settings = withDefaults(projectId, await tx.notifications.settings(projectId));
    const items = await tx.fixDispatch.needingAction(projectId, new Date(now.getTime() - settings.actionItemAgeHours * 3_600_000), ACTION_ITEMS_PER_RUN);
    const byAssignee = new Map<string, ActionItem[]>();
    for (const item of items) byAssignee.set(item.assigneeUserId, [...(byAssignee.get(item.assigneeUserId) ?? []), item]);
    for (const [userId, fixes] of byAssignee) {
      await this.notifications.announce(tx, {
        type: 'notification.action_items',
        projectId,
        title: `${fixes.length} fix${fixes.length === 1 ? '' : 'es'} assigned to you need${fixes.length === 1 ? 's' : ''} action`,
        data: {
          assigneeUserId: userId,
          ageHours: settings.actionItemAgeHours,
          fixes: fixes.map((f) => ({ id: f.fixId, title: f.title, status: f.status, severity: f.severity, unchangedSince: f.updatedAt.toISOString() })),
        },
        userIds: [userId],
      });
    }
    await tx.fixDispatch.markReminded(items.map((i) => i.fixId), now);
    return items.length;
  }
}
