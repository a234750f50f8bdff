import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { PageRequest } from '../domain/evaluations/created-pages.js';
import type { EvaluatorService, EvaluatorView } from '../domain/evaluations/evaluator-service.js';
import type { BudgetGuard } from '../domain/evaluations/budget-guard.js';
import type { ModelConnectionService } from '../domain/evaluations/model-connection-service.js';
import type { ScoreService } from '../domain/evaluations/score-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject, type RequestContext } from '../http/request-context.js';
import type { EvaluationRunRecord, ModelConnectionRecord, ScoreRecord } from '../ports/evaluations.js';

type Schemas = components['schemas'];

type EvaluationOperations =
  | 'createScore'
  | 'listScores'
  | 'deleteScore'
  | 'createModelConnection'
  | 'listModelConnections'
  | 'updateModelConnection'
  | 'deleteModelConnection'
  | 'createEvaluator'
  | 'listEvaluators'
  | 'getEvaluator'
  | 'updateEvaluator'
  | 'deleteEvaluator'
  | 'listEvaluatorRuns'
  | 'getEvaluationBudget'
  | 'setEvaluationBudget';

export const pageRequestOf = (ctx: RequestContext, query: { limit?: number; cursor?: string }): PageRequest => ({
  projectId: selectedProject(ctx).id,
  credentialId: ctx.principal.credentialId,
  endpoint: ctx.operationId,
  limit: query.limit,
  cursor: query.cursor,
});

const iso = (date: Date): string => date.toISOString();

export const toScore = (s: ScoreRecord): Schemas['Score'] => ({
  id: s.id,
  name: s.name,
  dataType: s.dataType,
  value: s.value,
  target: s.target,
  traceId: s.traceId,
  spanId: s.spanId,
  sessionId: s.sessionId,
  source: s.source,
  author: s.author,
  comment: s.comment,
  evaluatorId: s.evaluatorId,
  // Only on experiment scores, so every other score reads exactly as before.
  ...(s.experimentResultId ? { experimentResultId: s.experimentResultId } : {}),
  createdAt: iso(s.createdAt),
});

const toConnection = (c: ModelConnectionRecord): Schemas['ModelConnection'] => ({ id: c.id, name: c.name, baseUrl: c.baseUrl, model: c.model, createdAt: iso(c.createdAt) });

const toEvaluator = ({ evaluator: e, state, spentTodayUsd, spentTodayTokens }: EvaluatorView): Schemas['Evaluator'] => ({
  id: e.id,
  name: e.name,
  template: e.template,
  prompt: e.prompt,
  variables: e.variables,
  scoreName: e.scoreName,
  modelConnectionId: e.modelConnectionId,
  samplingRate: e.samplingRate,
  filters: e.filters as unknown as Schemas['Evaluator']['filters'],
  dailyBudgetUsd: e.dailyBudgetUsd,
  dailyBudgetTokens: e.dailyBudgetTokens,
  state,
  pausedReason: state === 'paused' ? e.pausedReason : null,
  spentTodayUsd,
  spentTodayTokens,
  createdAt: iso(e.createdAt),
  updatedAt: iso(e.updatedAt),
});

const toRun = (r: EvaluationRunRecord): Schemas['EvaluatorRun'] => ({
  id: r.id,
  traceId: r.traceId,
  outcome: r.outcome,
  scoreId: r.scoreId,
  error: r.error,
  promptTokens: r.promptTokens,
  completionTokens: r.completionTokens,
  costUsd: r.costUsd,
  createdAt: iso(r.createdAt),
});

/** Scores, model connections and evaluators (tags evaluations and evaluators). */
export class EvaluationHandlers implements Pick<OperationHandlers, EvaluationOperations> {
  constructor(
    private readonly scores: ScoreService,
    private readonly connections: ModelConnectionService,
    private readonly evaluators: EvaluatorService,
    private readonly budgets: BudgetGuard,
  ) {}

  getEvaluationBudget: OperationHandlers['getEvaluationBudget'] = async ({ ctx }) => ({ status: 200, data: await this.budgetOf(selectedProject(ctx).id) });

  setEvaluationBudget: OperationHandlers['setEvaluationBudget'] = async ({ ctx, body }) => {
    const projectId = selectedProject(ctx).id;
    await this.budgets.put(projectId, body);
    return { status: 200, data: await this.budgetOf(projectId) };
  };

  private async budgetOf(projectId: string): Promise<Schemas['EvaluationBudget']> {
    const { budget, spent, pausedReason, resumesAt } = await this.budgets.view(projectId);
    return {
      dailyBudgetUsd: budget?.dailyBudgetUsd ?? null,
      dailyBudgetTokens: budget?.dailyBudgetTokens ?? null,
      spentTodayUsd: spent.usd,
      spentTodayTokens: spent.tokens,
      state: pausedReason === null ? 'active' : 'paused',
      pausedReason,
      resumesAt: resumesAt?.toISOString() ?? null,
    };
  }

  createScore: OperationHandlers['createScore'] = async ({ ctx, body }) => ({
    status: 201,
    data: toScore(await this.scores.create(selectedProject(ctx).id, actorOf(ctx.principal), body)),
  });

  listScores: OperationHandlers['listScores'] = async ({ ctx, query }) => {
    const { items, page } = await this.scores.list(pageRequestOf(ctx, query), {
      traceId: query.traceId,
      spanId: query.spanId,
      sessionId: query.sessionId,
      name: query.name,
      source: query.source,
    });
    return { status: 200, data: { scores: items.map(toScore), page } };
  };

  deleteScore: OperationHandlers['deleteScore'] = async ({ ctx, path }) => {
    await this.scores.delete(selectedProject(ctx).id, path.id);
    return { status: 200, data: { id: path.id, deleted: true } };
  };

  createModelConnection: OperationHandlers['createModelConnection'] = async ({ ctx, body }) => ({
    status: 201,
    data: toConnection(await this.connections.create(selectedProject(ctx).id, body)),
  });

  listModelConnections: OperationHandlers['listModelConnections'] = async ({ ctx, query }) => {
    const { items, page } = await this.connections.list(pageRequestOf(ctx, query));
    return { status: 200, data: { modelConnections: items.map(toConnection), page } };
  };

  updateModelConnection: OperationHandlers['updateModelConnection'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toConnection(await this.connections.update(selectedProject(ctx).id, path.id, body)),
  });

  deleteModelConnection: OperationHandlers['deleteModelConnection'] = async ({ ctx, path }) => {
    await this.connections.delete(selectedProject(ctx).id, path.id);
    return { status: 200, data: { id: path.id, deleted: true } };
  };

  createEvaluator: OperationHandlers['createEvaluator'] = async ({ ctx, body }) => ({
    status: 201,
    data: toEvaluator(await this.evaluators.create(selectedProject(ctx).id, body)),
  });

  listEvaluators: OperationHandlers['listEvaluators'] = async ({ ctx, query }) => {
    const { items, page } = await this.evaluators.list(pageRequestOf(ctx, query));
    return { status: 200, data: { evaluators: items.map(toEvaluator), page } };
  };

  getEvaluator: OperationHandlers['getEvaluator'] = async ({ ctx, path }) => ({
    status: 200,
    data: toEvaluator(await this.evaluators.get(selectedProject(ctx).id, path.id)),
  });

  updateEvaluator: OperationHandlers['updateEvaluator'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toEvaluator(await this.evaluators.update(selectedProject(ctx).id, path.id, body)),
  });

  deleteEvaluator: OperationHandlers['deleteEvaluator'] = async ({ ctx, path }) => {
    await this.evaluators.delete(selectedProject(ctx).id, path.id);
    return { status: 200, data: { id: path.id, deleted: true } };
  };

  listEvaluatorRuns: OperationHandlers['listEvaluatorRuns'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.evaluators.runs(pageRequestOf(ctx, query), path.id);
    return { status: 200, data: { runs: items.map(toRun), page } };
  };
}
