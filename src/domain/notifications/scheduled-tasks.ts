import type { Store } from '../../ports/store.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';
import type { ActionItemService } from './action-items.js';
import { DIGEST_KINDS, latestPeriod, type DigestKind } from './digest-periods.js';
import type { DigestService } from './digest-service.js';
import { withDefaults } from './notification-settings.js';

/** The scheduler's task shape (src/domain/scheduling/scheduler.ts): slots are named once, each run happens once. */
export interface NotificationTask {
  readonly name: string;
  dueSlots(now: Date): Promise<string[]>;
  run(slot: string, now: Date): Promise<void>;
}

/** Slots one task names per tick; the rest are named at the next tick. */
export const MAX_SLOTS_PER_TICK = 100;
const PROJECT_PAGE = 500;

/** Pages through the live projects with their settings. */
async function* projects(store: Store) {
  let after: string | null = null;
  for (;;) {
    const page = await store.notifications.projectsWithSettings(after, PROJECT_PAGE);
    yield* page;
    if (page.length < PROJECT_PAGE) return;
    after = page[page.length - 1].projectId;
  }
}

/**
 * Pending approvals past their deadline become expired (`notification.approval_expired`). One slot
 * per approval and deadline, so a re-requested approval with a new deadline is a new slot.
 */
export class ApprovalExpiryTask implements NotificationTask {
  readonly name = 'fix-approval-expiry';

  constructor(
    private readonly store: Store,
    private readonly dispatch: DispatchService,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    return (await this.store.fixDispatch.dueExpiries(now, MAX_SLOTS_PER_TICK)).map((due) => `${due.projectId}:${due.fixId}:${due.expiresAt.getTime()}`);
  }

  async run(slot: string): Promise<void> {
    const [projectId, fixId] = slot.split(':');
    // A decision made since the slot was named leaves nothing to expire: expire answers false.
    await this.dispatch.expire(projectId, fixId);
  }
}

/**
 * The daily digest and the weekly report of each project: the slot of a project is the latest
 * period end at its digest hour and zone that has no digest yet, so a process that was down sends
 * the latest missed digest once (older missed periods are not sent late), and a period already made
 * is never named again.
 */
export class DigestTask implements NotificationTask {
  readonly name = 'notification-digests';

  constructor(
    private readonly store: Store,
    private readonly digests: DigestService,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    const slots: string[] = [];
    let batch: { projectId: string; createdAt: Date; settings: ReturnType<typeof withDefaults> }[] = [];
    const flush = async () => {
      for (const kind of DIGEST_KINDS) {
        const made = await this.store.digests.madePeriods(batch.map((p) => p.projectId), kind);
        for (const project of batch) {
          const period = latestPeriod(kind, now, project.settings);
          // A project gets no digest of a period that ended before it existed.
          if (period.end < project.createdAt || (made.get(project.projectId) ?? -Infinity) >= period.end.getTime()) continue;
          slots.push(`${kind}:${project.projectId}:${period.end.getTime()}`);
        }
      }
      batch = [];
    };
    for await (const project of projects(this.store)) {
      batch.push({ projectId: project.projectId, createdAt: project.createdAt, settings: withDefaults(project.projectId, project.settings) });
      if (batch.length === PROJECT_PAGE) await flush();
      if (slots.length >= MAX_SLOTS_PER_TICK) break;
    }
    if (batch.length > 0) await flush();
    return slots.slice(0, MAX_SLOTS_PER_TICK);
  }

  async run(slot: string): Promise<void> {
    const [kind, projectId, endMs] = slot.split(':') as [DigestKind, string, string];
    const settings = withDefaults(projectId, await this.store.notifications.settings(projectId));
    const period = latestPeriod(kind, new Date(Number(endMs)), settings);
    // Settings changed since the slot was named: that period is no longer one of the project's.
    if (period.end.getTime() !== Number(endMs)) return;
    await this.store.transaction((tx) => this.digests.send(tx, projectId, period));
  }
}

/** Hourly: each project's assigned fixes that need action are reported to their assignees. */
export class ActionItemsTask implements NotificationTask {
  readonly name = 'notification-action-items';

  constructor(
    private readonly store: Store,
    private readonly actionItems: ActionItemService,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    return [now.toISOString().slice(0, 13)]; // the hour, e.g. 2026-11-01T12
  }

  async run(): Promise<void> {
    for await (const project of projects(this.store)) {
      await this.store.transaction((tx) => this.actionItems.remind(tx, project.projectId));
    }
  }
}

/** Every scheduled task of notifications and dispatch, for the runtime to register. */
export function notificationTasks(store: Store, services: { dispatch: DispatchService; digests: DigestService; actionItems: ActionItemService }): NotificationTask[] {
  return [new ApprovalExpiryTask(store, services.dispatch), new DigestTask(store, services.digests), new ActionItemsTask(store, services.actionItems)];
}
