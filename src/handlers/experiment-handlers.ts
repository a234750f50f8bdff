import type { components } from '../../generated/openapi.js';
import { actorOf } from '../domain/actor.js';
import type { ComparisonView, ExperimentRunService, ResultView, RunView } from '../domain/experiments/experiment-run-service.js';
import type { ScoreComparison } from '../domain/experiments/statistics/paired-score-comparison.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import { pageRequestOf, toScore } from './evaluation-handlers.js';

type Schemas = components['schemas'];

type ExperimentOperations = 'evaluateExperimentRun' | 'scoreExperimentRun' | 'listExperimentRuns' | 'createExperimentRun' | 'getExperimentRun' | 'updateExperimentRun' | 'recordExperimentResults' | 'listExperimentResults' | 'compareExperimentRuns';

/** JSON has no infinity: a statistic that is infinite (a constant non-zero difference) reads as null. */
const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

export const toExperimentRun = ({ run: r, itemCount, resultCount }: RunView): Schemas['ExperimentRun'] => ({
  id: r.id,
  datasetId: r.datasetId,
  name: r.name,
  datasetVersion: r.datasetVersion,
  metadata: r.metadata,
  status: r.status,
  statusReason: r.statusReason,
  task: r.task === null ? null : { ...r.task, scorers: r.task.scorers as Schemas['ExperimentScorer'][] },
  baseline: r.baseline,
  itemCount,
  resultCount,
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
});

const toResult = ({ result: r, scores }: ResultView): Schemas['ExperimentResult'] => ({
  id: r.id,
  runId: r.runId,
  itemId: r.itemId,
  output: r.output,
  traceId: r.traceId,
  latencyMs: r.latencyMs,
  costUsd: r.costUsd,
  promptTokens: r.promptTokens,
  completionTokens: r.completionTokens,
  error: r.error,
  scores: scores.map(toScore),
  createdAt: r.createdAt.toISOString(),
});

const toComparison = (c: ScoreComparison): Schemas['ScoreComparison'] => ({
  score: c.score,
  candidateRunId: c.candidate,
  dataType: c.dataType,
  pairs: c.pairs,
  baselineOnly: c.baselineOnly,
  candidateOnly: c.candidateOnly,
  baselineMean: c.baselineMean,
  candidateMean: c.candidateMean,
  meanDifference: c.meanDifference,
  confidenceInterval: c.confidenceInterval ? { ...c.confidenceInterval } : null,
  primaryTest: c.primaryTest,
  pairedT: c.pairedT
    ? {
        n: c.pairedT.n,
        meanDifference: c.pairedT.meanDifference,
        standardDeviation: c.pairedT.standardDeviation,
        statistic: finite(c.pairedT.statistic),
        degreesOfFreedom: c.pairedT.degreesOfFreedom,
        pValue: c.pairedT.pValue,
        effectSize: finite(c.pairedT.effectSize),
      }
    : null,
  wilcoxon: c.wilcoxon
    ? {
        n: c.wilcoxon.n,
        zeroDifferences: c.wilcoxon.zeroDifferences,
        rankSumPositive: c.wilcoxon.rankSumPositive,
        rankSumNegative: c.wilcoxon.rankSumNegative,
        statistic: c.wilcoxon.statistic,
        method: c.wilcoxon.method,
        z: c.wilcoxon.z,
        pValue: c.wilcoxon.pValue,
        effectSize: c.wilcoxon.effectSize,
      }
    : null,
  mcnemar: c.mcnemar
    ? { n: c.mcnemar.n, baselineOnly: c.mcnemar.baselineOnly, candidateOnly: c.mcnemar.candidateOnly, statistic: c.mcnemar.statistic, pValue: c.mcnemar.pValue, effectSize: c.mcnemar.effectSize }
    : null,
  pValue: c.pValue,
  adjustedPValue: c.adjustedPValue,
  effectSize: c.effectSize,
  significant: c.significant,
  direction: c.direction,
});

export const toExperimentComparison = (view: ComparisonView): Schemas['ExperimentComparison'] => ({
  datasetId: view.datasetId,
  baselineRunId: view.baselineRunId,
  candidateRunIds: view.candidateRunIds,
  alpha: view.alpha,
  seed: view.seed,
  comparisons: view.comparisons.map(toComparison),
  skipped: view.skipped,
});

/** Experiment runs, their results and comparisons (tag datasets). */
export class ExperimentHandlers implements Pick<OperationHandlers, ExperimentOperations> {
  constructor(private readonly runs: ExperimentRunService) {}

  evaluateExperimentRun: OperationHandlers['evaluateExperimentRun'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: await this.runs.evaluate(selectedProject(ctx).id, path.id, path.runId, body.evaluatorIds),
  });

  scoreExperimentRun: OperationHandlers['scoreExperimentRun'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: await this.runs.scoreRun(selectedProject(ctx).id, path.id, path.runId, body.scorers),
  });

  listExperimentRuns: OperationHandlers['listExperimentRuns'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.runs.list(pageRequestOf(ctx, query), path.id);
    return { status: 200, data: { runs: items.map(toExperimentRun), page } };
  };

  createExperimentRun: OperationHandlers['createExperimentRun'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toExperimentRun(await this.runs.create(selectedProject(ctx).id, path.id, body, actorOf(ctx.principal))),
  });

  getExperimentRun: OperationHandlers['getExperimentRun'] = async ({ ctx, path }) => ({
    status: 200,
    data: toExperimentRun(await this.runs.get(selectedProject(ctx).id, path.id, path.runId)),
  });

  updateExperimentRun: OperationHandlers['updateExperimentRun'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toExperimentRun(await this.runs.update(selectedProject(ctx).id, path.id, path.runId, actorOf(ctx.principal), body)),
  });

  recordExperimentResults: OperationHandlers['recordExperimentResults'] = async ({ ctx, path, body }) => {
    const views = await this.runs.recordResults(selectedProject(ctx).id, path.id, path.runId, actorOf(ctx.principal), body.results);
    return { status: 200, data: { results: views.map(toResult), page: { hasMore: false, limit: views.length, nextCursor: null } } };
  };

  listExperimentResults: OperationHandlers['listExperimentResults'] = async ({ ctx, path, query }) => {
    const { items, page } = await this.runs.listResults(pageRequestOf(ctx, query), path.id, path.runId);
    return { status: 200, data: { results: items.map(toResult), page } };
  };

  compareExperimentRuns: OperationHandlers['compareExperimentRuns'] = async ({ ctx, path, query }) => ({
    status: 200,
    data: toExperimentComparison(await this.runs.compare(selectedProject(ctx).id, path.id, query.baseline, query.candidate, query.alpha)),
  });
}
