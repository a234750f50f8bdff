import type { Store } from '../../ports/store.js';
import { SLOTS_PER_TASK, type ScheduledTask } from '../scheduling/scheduler.js';
import type { BackfillService } from '../backfills/backfill-service.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';
import type { ActionItemService } from './action-items.js';
import { DIGEST_KINDS, latestPeriod, type DigestKind } from './digest-periods.js';
import type { DigestService } from './digest-service.js';
import { DEFAULT_NOTIFICATION_SETTINGS, withDefaults } from './notification-settings.js';

export type NotificationTask = ScheduledTask;

/** Slots one task names per pass: what the scheduler takes (it asks again at once while more remain). */
export const MAX_SLOTS_PER_TICK = SLOTS_PER_TASK;
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
    // Projects sharing a schedule (most keep the defaults) share its period: worked out once a pass.
    const periods = new Map<string, ReturnType<typeof latestPeriod>>();
    const periodOf = (kind: DigestKind, settings: ReturnType<typeof withDefaults>) => {
      const key = `${kind} ${settings.timezone} ${settings.digestHour} ${settings.weeklyDay}`;
      let period = periods.get(key);
      if (!period) periods.set(key, (period = latestPeriod(kind, now, settings)));
      return period;
    };
    const flush = async () => {
      for (const kind of DIGEST_KINDS) {
        const made = await this.store.digests.madePeriods(batch.map((p) => p.projectId), kind);
        for (const project of batch) {
          const period = periodOf(kind, project.settings);
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

  /** A period whose digest keeps failing is recorded as made (with the error), so later periods are not held up. */
  async giveUp(slot: string, error: string, now: Date): Promise<void> {
    const [kind, projectId, endMs] = slot.split(':');
    await this.store.digests.save(projectId, kind, new Date(Number(endMs)), { failed: error.slice(0, 500) }, now);
  }
}

/**
 * Per project with fixes that need action now: they are reported to their assignees. A run marks
 * them reported, so the project drops out of the due list (the slot's hour only keeps a project
 * with more than a run's worth from being named twice in one hour). One slot per project keeps
 * each transaction short.
 */
export class ActionItemsTask implements NotificationTask {
  readonly name = 'notification-action-items';

  constructor(
    private readonly store: Store,
    private readonly actionItems: ActionItemService,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    const hour = now.toISOString().slice(0, 13); // e.g. 2026-11-01T12
    const projectIds = await this.store.fixDispatch.projectsWithActionItems(now, DEFAULT_NOTIFICATION_SETTINGS.actionItemAgeHours, MAX_SLOTS_PER_TICK);
    return projectIds.map((projectId) => `${hour}|${projectId}`);
  }

  async run(slot: string): Promise<void> {
    const projectId = slot.split('|')[1];
    await this.store.transaction((tx) => this.actionItems.remind(tx, projectId));
  }
}

/**
 * Detection backfills: the slot of a running backfill is its next batch number, which the batch's
 * run advances, so each batch runs once and a restarted process continues where the last stopped.
 */
export class DetectionBackfillTask implements NotificationTask {
  readonly name = 'detection-backfill';

  constructor(
    private readonly store: Store,
    private readonly backfills: BackfillService,
  ) {}

  async dueSlots(): Promise<string[]> {
    return (await this.store.detectionBackfills.running(MAX_SLOTS_PER_TICK)).map((b) => `${b.projectId}:${b.id}:${b.batches}`);
  }

  async run(slot: string): Promise<void> {
    const [projectId, backfillId, batch] = slot.split(':');
    await this.backfills.runBatch(projectId, backfillId, Number(batch));
  }
}

/** Every scheduled task of notifications, dispatch and backfills, for the runtime to register. */
export function notificationTasks(
  store: Store,
  services: { dispatch: DispatchService; digests: DigestService; actionItems: ActionItemService; backfills: BackfillService },
): NotificationTask[] {
  return [
    new ApprovalExpiryTask(store, services.dispatch),
    new DigestTask(store, services.digests),
    new ActionItemsTask(store, services.actionItems),
    new DetectionBackfillTask(store, services.backfills),
  ];
}
