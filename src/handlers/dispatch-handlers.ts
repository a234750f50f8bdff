import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { DispatchService, DispatchView } from '../domain/dispatch/dispatch-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type FixDispatch = components['schemas']['FixDispatch'];

export const toDispatch = ({ dispatch, transitions }: DispatchView): FixDispatch => ({
  fixId: dispatch.fixId,
  status: dispatch.status,
  target: dispatch.target,
  webhookId: dispatch.webhookId,
  claimedBy: dispatch.claimedBy,
  githubIssue: dispatch.githubIssue,
  ...(dispatch.target === 'github' ? { githubDelivery: { attempts: dispatch.githubAttempts, lastError: dispatch.githubLastError } } : {}),
  requestedBy: dispatch.requestedBy,
  expiresAt: dispatch.expiresAt?.toISOString() ?? null,
  assigneeUserId: dispatch.assigneeUserId,
  transitions: transitions.map((t) => ({ action: t.action, fromStatus: t.fromStatus, toStatus: t.toStatus, actor: t.actor, note: t.note, createdAt: t.createdAt.toISOString() })),
});

type DispatchOperations = 'getFixDispatch' | 'actOnFixDispatch' | 'decideFixDispatch' | 'assignFix' | 'claimFixDispatch' | 'reportFixProgress';

export class DispatchHandlers implements Pick<OperationHandlers, DispatchOperations> {
  constructor(private readonly dispatch: DispatchService) {}

  getFixDispatch: OperationHandlers['getFixDispatch'] = async ({ ctx, path }) => ({
    status: 200,
    data: toDispatch(await this.dispatch.get(selectedProject(ctx).id, path.id)),
  });

  actOnFixDispatch: OperationHandlers['actOnFixDispatch'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDispatch(await this.dispatch.act(selectedProject(ctx).id, path.id, body.action, { target: body.target, webhookId: body.webhookId, note: body.note ?? null }, actorOf(ctx.principal))),
  });

  decideFixDispatch: OperationHandlers['decideFixDispatch'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDispatch(await this.dispatch.decide(selectedProject(ctx).id, path.id, body.decision, body.note ?? null, actorOf(ctx.principal))),
  });

  assignFix: OperationHandlers['assignFix'] = async ({ ctx, path, body }) => {
    const projectId = selectedProject(ctx).id;
    await this.dispatch.assign(projectId, path.id, body.userId);
    return { status: 200, data: toDispatch(await this.dispatch.get(projectId, path.id)) };
  };

  claimFixDispatch: OperationHandlers['claimFixDispatch'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDispatch(await this.dispatch.claim(selectedProject(ctx).id, path.id, body?.note ?? null, actorOf(ctx.principal))),
  });

  reportFixProgress: OperationHandlers['reportFixProgress'] = async ({ ctx, path, body }) => {
    const step = await this.dispatch.progress(selectedProject(ctx).id, path.id, { action: body.action, finding: body.finding }, actorOf(ctx.principal));
    return { status: 201, data: { id: step.id, createdAt: step.createdAt.toISOString(), agent: step.agent, action: step.action, finding: step.finding } };
  };
}
