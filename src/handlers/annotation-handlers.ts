import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { AnnotationService, BatchView } from '../domain/evaluations/annotation-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { AnnotationBatchRecord, AnnotationQueueRecord, AssignedItemRecord } from '../ports/evaluations.js';
import { pageRequestOf } from './evaluation-handlers.js';

type Schemas = components['schemas'];

type AnnotationOperations =
  | 'createAnnotationQueue'
  | 'listAnnotationQueues'
  | 'getAnnotationQueue'
  | 'addAnnotationQueueMember'
  | 'removeAnnotationQueueMember'
  | 'createAnnotationBatch'
  | 'getAnnotationBatch'
  | 'submitAnnotationResponse'
  | 'listMyAnnotationItems'
  | 'listAnnotationBatches';

const toQueue = (q: AnnotationQueueRecord): Schemas['AnnotationQueue'] => ({
  id: q.id,
  name: q.name,
  target: q.target,
  scoreConfig: q.scoreConfig,
  members: q.members,
  createdAt: q.createdAt.toISOString(),
});

const toSummary = (batch: AnnotationBatchRecord): Schemas['AnnotationBatchSummary'] => ({
  id: batch.id,
  queueId: batch.queueId,
  status: batch.status,
  deadline: batch.deadlineAt.toISOString(),
  remindAt: batch.remindAt?.toISOString() ?? null,
  createdAt: batch.createdAt.toISOString(),
  completedAt: batch.completedAt?.toISOString() ?? null,
});

const toBatch = ({ batch, items }: BatchView): Schemas['AnnotationBatch'] => ({
  ...toSummary(batch),
  items: items.map((i) => ({
    id: i.id,
    traceId: i.traceId,
    spanId: i.spanId,
    assignee: i.assignee,
    status: i.status,
    scoreId: i.scoreId,
    respondedAt: i.respondedAt?.toISOString() ?? null,
  })),
});

const toAssigned = (i: AssignedItemRecord): Schemas['MyAnnotationItem'] => ({
  id: i.id,
  queueId: i.queueId,
  queueName: i.queueName,
  batchId: i.batchId,
  traceId: i.traceId,
  spanId: i.spanId,
  status: i.status,
  deadline: i.deadlineAt.toISOString(),
  respondedAt: i.respondedAt?.toISOString() ?? null,
  scoreId: i.scoreId,
});

/** Human annotation queues and their batches (tags evaluations and batches). */
export class AnnotationHandlers implements Pick<OperationHandlers, AnnotationOperations> {
  constructor(private readonly annotations: AnnotationService) {}

  createAnnotationQueue: OperationHandlers['createAnnotationQueue'] = async ({ ctx, body }) => ({
    status: 201,
    data: toQueue(await this.annotations.createQueue(selectedProject(ctx).id, body)),
  });

  listAnnotationQueues: OperationHandlers['listAnnotationQueues'] = async ({ ctx, query }) => {
    const { items, page } = await this.annotations.listQueues(pageRequestOf(ctx, query));
    return { status: 200, data: { annotationQueues: items.map(toQueue), page } };
  };

  getAnnotationQueue: OperationHandlers['getAnnotationQueue'] = async ({ ctx, path }) => ({
    status: 200,
    data: toQueue(await this.annotations.getQueue(selectedProject(ctx).id, path.id)),
  });

  addAnnotationQueueMember: OperationHandlers['addAnnotationQueueMember'] = async ({ ctx, path, body }) => {
    const project = selectedProject(ctx);
    return { status: 201, data: toQueue(await this.annotations.addMember(project.id, project.organizationId, path.id, body.userId)) };
  };

  removeAnnotationQueueMember: OperationHandlers['removeAnnotationQueueMember'] = async ({ ctx, path }) => ({
    status: 200,
    data: toQueue(await this.annotations.removeMember(selectedProject(ctx).id, path.id, path.userId)),
  });

  createAnnotationBatch: OperationHandlers['createAnnotationBatch'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toBatch(await this.annotations.dispatchBatch(selectedProject(ctx).id, path.id, body)),
  });

  getAnnotationBatch: OperationHandlers['getAnnotationBatch'] = async ({ ctx, path }) => ({
    status: 200,
    data: toBatch(await this.annotations.getBatch(selectedProject(ctx).id, path.id, path.batchId)),
  });

  submitAnnotationResponse: OperationHandlers['submitAnnotationResponse'] = async ({ ctx, path, body }) => {
    // A person signed in through OAuth answers only their own items; keys and service accounts answer for the team.
    const responder = { author: actorOf(ctx.principal), userId: ctx.principal.kind === 'oauth' ? ctx.principal.userId : null };
    return { status: 201, data: toBatch(await this.annotations.respond(selectedProject(ctx).id, path.id, path.batchId, path.itemId, responder, body)) };
  };

  listMyAnnotationItems: OperationHandlers['listMyAnnotationItems'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const status = query.status;
    const { items, page } = await this.annotations.assignedTo(
      ctx.principal.userId,
      project.id,
      { limit: query.limit ?? 20, cursor: query.cursor, status },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: { status }, sort: 'status:desc,deadline:asc,id:asc' },
    );
    return { status: 200, data: { items: items.map(toAssigned), page } };
  };

  listAnnotationBatches: OperationHandlers['listAnnotationBatches'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.annotations.listBatches(pageRequestOf(ctx, query), path.id);
    return { status: 200, data: { batches: items.map(toSummary), page } };
  };
}
