import type { components } from '../../generated/openapi.js';
import { readGrantOf } from '../auth/principal.js';
import { actorOf } from '../domain/actor.js';
import type { FixDetail, FixService, FixSummary } from '../domain/fixes/fix-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { FixCommentRecord, InvestigationStepRecord } from '../ports/fixes.js';
import { tracePath } from '../domain/traces/trace-links.js';

type Fix = components['schemas']['Fix'];
type FixSummaryBody = components['schemas']['FixSummary'];
type FixComment = components['schemas']['FixComment'];
type InvestigationStep = components['schemas']['InvestigationStep'];

const toComment = (c: FixCommentRecord): FixComment => ({ id: c.id, author: c.author, text: c.text, createdAt: c.createdAt.toISOString() });

const toStep = (s: InvestigationStepRecord): InvestigationStep => ({ id: s.id, createdAt: s.createdAt.toISOString(), agent: s.agent, action: s.action, finding: s.finding });

const toSummary = ({ fix, linkedTraceIds }: FixSummary): FixSummaryBody => ({
  id: fix.id,
  title: fix.title,
  description: fix.description,
  status: fix.status,
  severity: fix.severity,
  label: fix.label,
  confidence: fix.confidence,
  creator: fix.creator,
  linkedTraceIds,
  dispatchStatus: fix.dispatchStatus,
  detectionId: fix.detectionId,
  createdAt: fix.createdAt.toISOString(),
  updatedAt: fix.updatedAt.toISOString(),
});

export const toFix = ({ fix, linkedTraces, comments }: FixDetail): Fix => ({
  id: fix.id,
  title: fix.title,
  description: fix.description,
  status: fix.status,
  severity: fix.severity,
  label: fix.label,
  confidence: fix.confidence,
  creator: fix.creator,
  linkedTraces: linkedTraces.map((t) => ({ traceId: t.traceId, name: t.name, accuracy: t.accuracy, url: tracePath(t.traceId) })),
  dispatchStatus: fix.dispatchStatus,
  detectionId: fix.detectionId,
  rootCause: fix.rootCause,
  recommendedAction: fix.recommendedAction,
  riskAssessment: fix.riskAssessment,
  verification: fix.verification,
  rollbackPlan: fix.rollbackPlan,
  feedback: fix.feedback,
  comments: comments.map(toComment),
  createdAt: fix.createdAt.toISOString(),
  updatedAt: fix.updatedAt.toISOString(),
});

type FixOperations =
  | 'listFixes'
  | 'getFix'
  | 'createFixComment'
  | 'updateFix'
  | 'acceptFix'
  | 'dismissFix'
  | 'updateFixStatus'
  | 'getFixInvestigation'
  | 'listFixSteps';

export class FixHandlers implements Pick<OperationHandlers, FixOperations> {
  constructor(private readonly fixes: FixService) {}

  listFixes: OperationHandlers['listFixes'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const filter = { status: query.status, severity: query.severity, label: query.label, dispatchStatus: query.dispatchStatus, dispatchTarget: query.dispatchTarget };
    const { fixes, page, total } = await this.fixes.listPage(
      project.id,
      filter,
      { limit: query.limit ?? 20, cursor: query.cursor, startOffset: ctx.startOffset },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: filter, sort: 'createdAt:desc,id:desc' },
    );
    return { status: 200, data: { fixes: fixes.map(toSummary), totalCount: total, page } };
  };

  getFix: OperationHandlers['getFix'] = async ({ ctx, path }) => ({
    status: 200,
    data: toFix(await this.fixes.get(selectedProject(ctx).id, path.id, readGrantOf(ctx.principal))),
  });

  createFixComment: OperationHandlers['createFixComment'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toComment(await this.fixes.addComment(selectedProject(ctx).id, path.id, body.text, actorOf(ctx.principal))),
  });

  updateFix: OperationHandlers['updateFix'] = async ({ ctx, path, body }) => {
    const projectId = selectedProject(ctx).id;
    const fix = await this.fixes.update(projectId, path.id, {
      title: body.title,
      severity: body.severity,
      label: body.label,
      recommendedAction: body.recommendedAction,
    });
    return { status: 200, data: toFix(await this.fixes.get(projectId, fix.id)) };
  };

  acceptFix: OperationHandlers['acceptFix'] = async ({ ctx, path }) => {
    const projectId = selectedProject(ctx).id;
    const fix = await this.fixes.accept(projectId, path.id, actorOf(ctx.principal));
    return { status: 200, data: toFix(await this.fixes.get(projectId, fix.id)) };
  };

  dismissFix: OperationHandlers['dismissFix'] = async ({ ctx, path, body }) => {
    const projectId = selectedProject(ctx).id;
    const fix = await this.fixes.dismiss(projectId, path.id, body?.reason ?? null, actorOf(ctx.principal));
    return { status: 200, data: toFix(await this.fixes.get(projectId, fix.id)) };
  };

  updateFixStatus: OperationHandlers['updateFixStatus'] = async ({ ctx, path, body }) => {
    const projectId = selectedProject(ctx).id;
    const fix = await this.fixes.updateStatus(projectId, path.id, body.status, body.note ?? null, actorOf(ctx.principal));
    return { status: 200, data: toFix(await this.fixes.get(projectId, fix.id)) };
  };

  getFixInvestigation: OperationHandlers['getFixInvestigation'] = async ({ ctx, path }) => {
    const { fix, steps, comments } = await this.fixes.investigation(selectedProject(ctx).id, path.id);
    return { status: 200, data: { fixId: fix.id, createdAt: fix.createdAt.toISOString(), steps: steps.map(toStep), comments: comments.map(toComment) } };
  };

  listFixSteps: OperationHandlers['listFixSteps'] = async ({ ctx, path, query }) => {
    const project = selectedProject(ctx);
    const { steps, total, page } = await this.fixes.stepsPage(
      project.id,
      path.id,
      { limit: query.limit ?? 50, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: { fixId: path.id }, sort: 'position:asc' },
    );
    return { status: 200, data: { fixId: path.id, steps: steps.map(toStep), totalCount: total, page } };
  };
}
