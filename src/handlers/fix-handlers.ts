import type { components } from '../../generated/openapi.js';
import { readGrantOf } from '../auth/principal.js';
import { actorOf } from '../domain/actor.js';
import type { FixDetail, FixService, FixSummary } from '../domain/fixes/fix-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { FixCommentRecord } from '../ports/fixes.js';

type Fix = components['schemas']['Fix'];
type FixSummaryBody = components['schemas']['FixSummary'];
type FixComment = components['schemas']['FixComment'];

/** Path of a trace's REST resource. */
export const tracePath = (traceId: string): string => `/api/v1/public/traces/${encodeURIComponent(traceId)}`;

const toComment = (c: FixCommentRecord): FixComment => ({ id: c.id, author: c.author, text: c.text, createdAt: c.createdAt.toISOString() });

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

const toFix = ({ fix, linkedTraces, comments }: FixDetail): Fix => ({
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

export class FixHandlers implements Pick<OperationHandlers, 'listFixes' | 'getFix' | 'createFixComment'> {
  constructor(private readonly fixes: FixService) {}

  listFixes: OperationHandlers['listFixes'] = async ({ ctx, query }) => {
    const project = selectedProject(ctx);
    const filter = { status: query.status, severity: query.severity, label: query.label };
    const { fixes, page } = await this.fixes.listPage(
      project.id,
      filter,
      { limit: query.limit ?? 20, cursor: query.cursor },
      { credentialId: ctx.principal.credentialId, projectId: project.id, endpoint: ctx.operationId, filters: filter, sort: 'createdAt:desc,id:desc' },
    );
    return { status: 200, data: { fixes: fixes.map(toSummary), page } };
  };

  getFix: OperationHandlers['getFix'] = async ({ ctx, path }) => ({
    status: 200,
    data: toFix(await this.fixes.get(selectedProject(ctx).id, path.id, readGrantOf(ctx.principal))),
  });

  createFixComment: OperationHandlers['createFixComment'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toComment(await this.fixes.addComment(selectedProject(ctx).id, path.id, body.text, actorOf(ctx.principal))),
  });
}
