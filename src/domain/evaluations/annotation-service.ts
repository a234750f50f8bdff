import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { AnnotationBatchRecord, AnnotationItemRecord, AssignedItemPosition, AssignedItemRecord, AnnotationQueueRecord, AnnotationScoreConfig } from '../../ports/evaluations.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { createdPage, type PageRequest } from './created-pages.js';
import type { ScoreService } from './score-service.js';
import { checkScoreValue } from './score-values.js';

const BODY = '/body';

export interface AnnotationQueueInput {
  name: string;
  target?: 'trace' | 'span';
  scoreConfig: AnnotationScoreConfig;
}

export interface AnnotationBatchInput {
  items: { traceId: string; spanId?: string }[];
  deadline: string;
  remindAt?: string;
}

/** Who answers: the author recorded on the score, and the user behind it when a person signed in. */
export interface Responder {
  author: string;
  /** Set for a signed-in user (OAuth): such a user answers only their own items. */
  userId: string | null;
}

export interface BatchView {
  batch: AnnotationBatchRecord;
  items: AnnotationItemRecord[];
}

const reject = (message: string, path: string, code = 'invalid'): never => {
  throw problems.validation(`The request is invalid: ${message}.`, [{ code, message, path }]);
};

function checkScoreConfig(config: AnnotationScoreConfig): AnnotationScoreConfig {
  const path = `${BODY}/scoreConfig`;
  if (config.dataType !== 'numeric' && (config.min !== undefined || config.max !== undefined)) reject('min and max apply to numeric scores only', `${path}/min`, 'not_allowed');
  if (config.dataType !== 'categorical' && config.categories !== undefined) reject('categories apply to categorical scores only', `${path}/categories`, 'not_allowed');
  if (config.dataType === 'categorical' && config.categories === undefined) reject('categorical scores need categories', `${path}/categories`, 'required');
  if (config.min !== undefined && config.max !== undefined && config.min > config.max) reject('min cannot exceed max', `${path}/min`, 'range');
  return config;
}

/**
 * Human annotation: queues of traces or spans with one score configuration, members assigned to
 * them, batches dealt round-robin to the members with a deadline, and responses that become
 * `annotation` scores. Each step announces its notify.eval_* event in its own transaction; the
 * scheduled ones (reminder, deadline approaching, deadline passed) are AnnotationDeadlineTask's.
 */
export class AnnotationService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly events: EventPublisher,
    private readonly scores: ScoreService,
  ) {}

  async createQueue(projectId: string, input: AnnotationQueueInput): Promise<AnnotationQueueRecord> {
    const record: AnnotationQueueRecord = {
      id: randomUUID(),
      projectId,
      name: input.name,
      target: input.target ?? 'trace',
      scoreConfig: checkScoreConfig(input.scoreConfig),
      members: [],
      createdAt: this.clock.now(),
    };
    await this.store.annotations.insertQueue(record);
    return record;
  }

  async getQueue(projectId: string, id: string): Promise<AnnotationQueueRecord> {
    const queue = isUuid(id) ? await this.store.annotations.findQueue(projectId, id) : null;
    if (!queue) throw problems.notFound('The annotation queue');
    return queue;
  }

  listQueues(request: PageRequest): Promise<{ items: AnnotationQueueRecord[]; page: Page }> {
    return createdPage(this.cursors, request, {}, (limit, after) => this.store.annotations.listQueues(request.projectId, limit, after));
  }

  /** Emits notify.eval_assigned. The user must belong to the project's organization. */
  async addMember(projectId: string, organizationId: string, queueId: string, userId: string): Promise<AnnotationQueueRecord> {
    const queue = await this.getQueue(projectId, queueId);
    return this.store.transaction(async (tx) => {
      if (!(await tx.organizations.findMemberRole(organizationId, userId))) reject("the user is not a member of the project's organization", `${BODY}/userId`, 'not_member');
      const now = this.clock.now();
      if (!(await tx.annotations.addMember(queue.id, userId, now))) throw problems.conflict('PUBLIC_API_ALREADY_ASSIGNED', 'The user is already a member of this queue.');
      await this.events.publish(tx, { type: 'notify.eval_assigned', projectId, occurredAt: now, data: { queueId: queue.id, queueName: queue.name, userId } });
      return { ...queue, members: [...queue.members, userId] };
    });
  }

  /**
   * Later batches skip the removed member; items already dealt to them stay theirs, so an answer in
   * progress is not lost and nobody else's work changes under them.
   */
  async removeMember(projectId: string, queueId: string, userId: string): Promise<AnnotationQueueRecord> {
    const queue = await this.getQueue(projectId, queueId);
    if (!(await this.store.annotations.removeMember(queue.id, userId))) throw problems.notFound('The queue member');
    return { ...queue, members: queue.members.filter((m) => m !== userId) };
  }

  /** Deals the items round-robin to the members; emits notify.eval_batch_dispatched. */
  async dispatchBatch(projectId: string, queueId: string, input: AnnotationBatchInput): Promise<BatchView> {
    const queue = await this.getQueue(projectId, queueId);
    if (queue.members.length === 0) throw problems.conflict('PUBLIC_API_QUEUE_HAS_NO_MEMBERS', 'Assign members to the queue before dispatching a batch.');
    const now = this.clock.now();
    const deadline = new Date(input.deadline);
    if (!(deadline.getTime() > now.getTime())) reject('the deadline must lie in the future', `${BODY}/deadline`, 'range');
    const remindAt = input.remindAt === undefined ? null : new Date(input.remindAt);
    if (remindAt && !(remindAt.getTime() > now.getTime() && remindAt.getTime() < deadline.getTime())) reject('remindAt must lie between now and the deadline', `${BODY}/remindAt`, 'range');
    const seen = new Set<string>();
    for (const [index, item] of input.items.entries()) {
      const path = `${BODY}/items/${index}`;
      if (queue.target === 'span' && item.spanId === undefined) reject('a span queue needs spanId on every item', `${path}/spanId`, 'required');
      if (queue.target === 'trace' && item.spanId !== undefined) reject('a trace queue takes traces, not spans', `${path}/spanId`, 'not_allowed');
      const key = `${item.traceId}\u0000${item.spanId ?? ''}`;
      if (seen.has(key)) reject('the item appears twice in the batch', path, 'duplicate');
      seen.add(key);
      if (!(await this.store.scores.targetExists(projectId, item.traceId, item.spanId ?? null))) reject(`no such ${queue.target} in the project`, path, 'unknown_item');
    }
    const batch: AnnotationBatchRecord = {
      id: randomUUID(),
      projectId,
      queueId: queue.id,
      status: 'open',
      deadlineAt: deadline,
      remindAt,
      reminderSentAt: null,
      approachingSentAt: null,
      passedSentAt: null,
      completedAt: null,
      createdAt: now,
    };
    const items: AnnotationItemRecord[] = input.items.map((item, position) => ({
      id: randomUUID(),
      batchId: batch.id,
      projectId,
      traceId: item.traceId,
      spanId: item.spanId ?? null,
      assignee: queue.members[position % queue.members.length],
      position,
      status: 'pending',
      scoreId: null,
      respondedAt: null,
    }));
    await this.store.transaction(async (tx) => {
      await tx.annotations.insertBatch(batch, items);
      await this.events.publish(tx, {
        type: 'notify.eval_batch_dispatched',
        projectId,
        occurredAt: now,
        data: { queueId: queue.id, batchId: batch.id, deadline: deadline.toISOString(), itemCount: items.length, assignees: perAssignee(items) },
      });
    });
    return { batch, items };
  }

  async getBatch(projectId: string, queueId: string, batchId: string): Promise<BatchView> {
    const batch = isUuid(queueId) && isUuid(batchId) ? await this.store.annotations.findBatch(projectId, queueId, batchId) : null;
    if (!batch) throw problems.notFound('The annotation batch');
    return { batch, items: await this.store.annotations.items(batch.id) };
  }

  async listBatches(request: PageRequest, queueId: string): Promise<{ items: AnnotationBatchRecord[]; page: Page }> {
    const queue = await this.getQueue(request.projectId, queueId);
    return createdPage(this.cursors, request, { queueId: queue.id }, (limit, after) => this.store.annotations.listBatches(queue.id, limit, after));
  }

  /**
   * The items assigned to the calling user: pending first, then soonest deadline, then id. A
   * credential that acts for no user (a service account) has no items to list and is refused.
   */
  async assignedTo(
    userId: string | null,
    projectId: string,
    request: { limit: number; cursor?: string; status?: 'pending' | 'done' },
    binding: CursorBinding,
  ): Promise<{ items: AssignedItemRecord[]; page: Page }> {
    if (!userId) throw new ProblemError(403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED', 'Annotation items are assigned to users; this credential acts for none.');
    const decoded = request.cursor ? this.cursors.decode<AssignedItemPosition>(request.cursor, binding) : null;
    const rows = await this.store.annotations.assignedItems(projectId, userId, request.status, decoded?.position ?? null, request.limit + 1);
    const items = rows.slice(0, request.limit);
    const hasMore = rows.length > request.limit;
    const last = items[items.length - 1];
    const position: AssignedItemPosition | null = last ? { status: last.status, deadline: last.deadlineAt.getTime(), id: last.id } : null;
    const nextCursor = hasMore && position ? this.cursors.encode(binding, position, decoded?.chainStartedAt) : null;
    return { items, page: { hasMore, limit: request.limit, nextCursor } };
  }

  /**
   * Records the answer as an `annotation` score; emits notify.eval_response_submitted, and
   * notify.eval_completed when no item of the batch is left open.
   */
  async respond(projectId: string, queueId: string, batchId: string, itemId: string, responder: Responder, input: { value: unknown; comment?: string }): Promise<BatchView> {
    const queue = await this.getQueue(projectId, queueId);
    const { batch, items } = await this.getBatch(projectId, queueId, batchId);
    const item = items.find((i) => i.id === itemId);
    if (!item) throw problems.notFound('The annotation item');
    if (responder.userId !== null && responder.userId !== item.assignee) throw new ProblemError(403, 'PUBLIC_API_NOT_ASSIGNEE', 'This item is assigned to another member.');
    const value = checkScoreValue(queue.scoreConfig.dataType, input.value, `${BODY}/value`, queue.scoreConfig);
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      const score = await this.scores.record(
        tx,
        projectId,
        { name: queue.scoreConfig.name, dataType: queue.scoreConfig.dataType, value, source: 'annotation', author: responder.author, comment: input.comment ?? null, evaluatorId: null },
        { traceId: item.traceId, spanId: item.spanId, sessionId: null },
      );
      if (!(await tx.annotations.answerItem(batch.id, item.id, score.id, now))) throw problems.conflict('PUBLIC_API_ALREADY_ANSWERED', 'This item has been answered.');
      await this.events.publish(tx, {
        type: 'notify.eval_response_submitted',
        projectId,
        occurredAt: now,
        data: { queueId, batchId, itemId, traceId: item.traceId, spanId: item.spanId, assignee: item.assignee, author: responder.author, scoreId: score.id },
      });
      const after = await tx.annotations.items(batch.id);
      let current = batch;
      if (after.every((i) => i.status === 'done')) {
        await tx.annotations.setBatchStatus(batch.id, 'completed', now);
        current = { ...batch, status: 'completed', completedAt: now };
        await this.events.publish(tx, {
          type: 'notify.eval_completed',
          projectId,
          occurredAt: now,
          data: { queueId, batchId, itemCount: after.length, completedAt: now.toISOString(), deadline: batch.deadlineAt.toISOString(), late: now.getTime() > batch.deadlineAt.getTime() },
        });
      }
      return { batch: current, items: after };
    });
  }
}

/** Open items per assignee, in member order of first appearance. */
export function perAssignee(items: readonly AnnotationItemRecord[]): { userId: string; itemCount: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) if (item.status === 'pending') counts.set(item.assignee, (counts.get(item.assignee) ?? 0) + 1);
  return [...counts].map(([userId, itemCount]) => ({ userId, itemCount }));
}
