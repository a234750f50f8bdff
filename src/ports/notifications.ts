import type { OrganizationRole } from './organizations.js';
import type { ProjectRole } from '../auth/roles.js';

export interface NotificationRecord {
  id: string;
  projectId: string;
  userId: string;
  /** One of the spec's `notification.*` event types. */
  type: string;
  title: string;
  data: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
}

export interface NotificationSettingsRecord {
  projectId: string;
  /** Local hour (0–23) at which the daily digest and the weekly report are due. */
  digestHour: number;
  /** IANA time zone of `digestHour` and `weeklyDay`. */
  timezone: string;
  /** 0 = Sunday … 6 = Saturday. */
  weeklyDay: number;
  /** A draft or open fix assigned to someone needs action once unchanged this long. */
  actionItemAgeHours: number;
  dispatchApprovalRequired: boolean;
  /** A pending approval expires this long after it was requested. */
  approvalTtlHours: number;
  updatedAt: Date;
}

/** A user who can read the project, with the roles that decide what they are told. */
export interface ProjectRecipient {
  userId: string;
  email: string;
  name: string;
  organizationRole: OrganizationRole;
  projectRole: ProjectRole | null;
}

export interface NotificationRepository {
  insert(notifications: NotificationRecord[]): Promise<void>;
  /** Newest first after a keyset position. */
  listForUser(userId: string, projectId: string, unreadOnly: boolean, after: { createdAt: number; id: string } | null, limit: number): Promise<NotificationRecord[]>;
  countUnread(userId: string, projectId: string): Promise<number>;
  findForUser(userId: string, projectId: string, id: string): Promise<NotificationRecord | null>;
  /** Sets read_at once (an already read notification keeps its first read time). */
  markRead(userId: string, projectId: string, id: string, now: Date): Promise<void>;
  markAllRead(userId: string, projectId: string, now: Date): Promise<number>;

  settings(projectId: string): Promise<NotificationSettingsRecord | null>;
  saveSettings(settings: NotificationSettingsRecord): Promise<void>;
  /** Projects not being deleted, with their settings (null: defaults), ordered by id. */
  projectsWithSettings(afterId: string | null, limit: number): Promise<{ projectId: string; createdAt: Date; settings: NotificationSettingsRecord | null }[]>;
  /** Members of the project's organization (organization members see every project). */
  recipients(projectId: string): Promise<ProjectRecipient[]>;
}
