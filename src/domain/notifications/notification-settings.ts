import type { NotificationSettingsRecord } from '../../ports/notifications.js';

/** What a project without saved settings uses. */
export const DEFAULT_NOTIFICATION_SETTINGS: Omit<NotificationSettingsRecord, 'projectId' | 'updatedAt'> = {
  digestHour: 9,
  timezone: 'UTC',
  weeklyDay: 1,
  actionItemAgeHours: 72,
  dispatchApprovalRequired: true,
  approvalTtlHours: 48,
};

export const withDefaults = (projectId: string, saved: NotificationSettingsRecord | null): NotificationSettingsRecord =>
  saved ?? { projectId, ...DEFAULT_NOTIFICATION_SETTINGS, updatedAt: new Date(0) };

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
