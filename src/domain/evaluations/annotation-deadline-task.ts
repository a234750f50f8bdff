import type { Store } from '../../ports/store.js';
import type { BatchNotice } from '../../ports/evaluations.js';
import type { EventPublisher, EventType } from '../events/event-publisher.js';
import type { ScheduledTask } from '../scheduling/scheduler.js';
import { perAssignee } from './annotation-service.js';

/** How long before a batch's deadline members with open items hear notify.eval_deadline_approaching. */
export const DEADLINE_APPROACHING_MS = 24 * 3_600_000;

/** Batches looked at per notice kind and pass: the slots of one pass stay bounded (the scheduler takes 50 at a time). */
const SLOTS_PER_NOTICE = 50;

const PER_MEMBER: Record<BatchNotice, EventType> = {
  reminder: 'notify.eval_reminder',
  approaching: 'notify.eval_deadline_approaching',
  passed: 'notify.eval_deadline_passed',
};

/**
 * The scheduled part of annotation queues, as a ScheduledTask of the durable scheduler
 * (src/domain/scheduling/scheduler.ts): a slot per due notice of an open batch,
 * `<reminder|approaching|passed>:<batchId>`. Running a slot marks the notice sent (a column per
 * notice, so it happens once even if two processes race) and announces, to each member who still
 * has open items, notify.eval_reminder / notify.eval_deadline_approaching /
 * notify.eval_deadline_passed; a passed deadline also announces notify.eval_batch_deadline_passed
 * once for the batch and marks it overdue.
 */
export class AnnotationDeadlineTask implements ScheduledTask {
  readonly name = 'annotation-deadlines';

  constructor(
    private readonly store: Store,
    private readonly events: EventPublisher,
    private readonly approachingMs: number = DEADLINE_APPROACHING_MS,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    const slots: string[] = [];
    for (const notice of ['reminder', 'approaching', 'passed'] as const) {
      for (const batch of await this.store.annotations.dueNotices(notice, now, this.approachingMs, SLOTS_PER_NOTICE)) slots.push(`${notice}:${batch.id}`);
    }
    return slots;
  }

  /** Runs in the scheduler's transaction: `this.store` is the ambient store, which joins it. */
  async run(slot: string, now: Date): Promise<void> {
    const [notice, batchId] = slot.split(':') as [BatchNotice, string];
    if (!(notice in PER_MEMBER) || !batchId) return;
    const tx = this.store;
    const batch = await tx.annotations.findBatchById(batchId);
    if (!batch || batch.status !== 'open') return;
    if (!(await tx.annotations.markNotice(batch.id, notice, now))) return;
    const items = await tx.annotations.items(batch.id);
    const base = { queueId: batch.queueId, batchId: batch.id, deadline: batch.deadlineAt.toISOString() };
    for (const { userId, itemCount } of perAssignee(items)) {
      await this.events.publish(tx, { type: PER_MEMBER[notice], projectId: batch.projectId, occurredAt: now, data: { ...base, userId, pendingItems: itemCount } });
    }
    if (notice === 'passed') {
      await tx.annotations.setBatchStatus(batch.id, 'overdue', null);
      const pending = items.filter((i) => i.status === 'pending').length;
      await this.events.publish(tx, {
        type: 'notify.eval_batch_deadline_passed',
        projectId: batch.projectId,
        occurredAt: now,
        data: { ...base, itemCount: items.length, pendingItems: pending, doneItems: items.length - pending },
      });
    }
  }
}
