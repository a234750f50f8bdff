import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { DatasetRecord, ExperimentResultRecord, ExperimentRunRecord, RunScoreValue } from '../../ports/datasets.js';
import type { ScoreDataType, ScoreRecord } from '../../ports/evaluations.js';
import { DEFAULT_EXPERIMENT_ALPHA } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { PageRequest } from '../evaluations/created-pages.js';
import { checkScoreValue, impliedScoreType } from '../evaluations/score-values.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { userIdOfActor } from '../notifications/notification-service.js';
import { checkJsonSize, MAX_OUTPUT_BYTES } from './dataset-limits.js';
import type { DatasetService } from './dataset-service.js';
import { experimentPage } from './experiment-pages.js';
import { compareRuns, type RunComparison } from './run-comparison.js';
import { announceSignificance } from './significance-announcement.js';
import { compileScorers, type CompiledScorer, type ScorerSpec } from './scorers/builtin-scorers.js';
import { MAX_DATASET_ITEMS } from './dataset-limits.js';
import { checkEvaluators, resolveTask, type ServerTaskInput } from './server-task.js';


/** Score values read per run for a comparison: 10,000 items × up to 20 scores each would be 200,000. */
export const MAX_COMPARED_SCORE_VALUES = 50_000;

export interface RunView {
  run: ExperimentRunRecord;
  itemCount: number;
  resultCount: number;
}

export interface ResultInput {
  itemId: string;
  output?: unknown;
  traceId?: string;
  latencyMs?: number;
  costUsd?: number;
  error?: string;
  scores?: { name: string; dataType?: ScoreDataType; value: unknown; comment?: string }[];
}

export interface ResultView {
  result: ExperimentResultRecord;
  scores: ScoreRecord[];
}

export interface ComparisonView extends RunComparison {
  datasetId: string;
  baselineRunId: string;
  candidateRunIds: string[];
  alpha: number;
}

/**
 * Experiment runs on a dataset version: results reported per item (client-side runs), finishing,
 * the baseline, and the paired comparison of runs. A run that completes is compared with the
 * dataset's baseline in its finishing transaction, and each significant score is announced as
 * `notification.experiment_significant` — once, because only the running → completed change does it.
 */
export class ExperimentRunService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly datasets: DatasetService,
    private readonly notifications: NotificationService,
    private readonly publicBaseUrl: string,
  ) {}

  /**
   * Starts a run. With `task` it is a server-side run: the task is resolved (400 at its path when it
   * names what the project does not have) and one job per item active at the pinned version is
   * queued for the worker in the creating transaction, so the run and its work exist together.
   */
  async create(
    projectId: string,
    datasetId: string,
    input: { name: string; datasetVersion?: number; metadata?: Record<string, unknown>; baseline?: boolean; task?: ServerTaskInput },
    actor: string | null = null,
  ): Promise<RunView> {
    const name = input.name.trim();
    if (name.length === 0) throw problems.validation('The name is empty.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: '/body/name' }]);
    checkJsonSize(input.metadata ?? {}, MAX_OUTPUT_BYTES, '/body/metadata');
    const task = input.task === undefined ? null : await resolveTask(this.store, projectId, input.task);
    const run = await this.store.transaction(async (tx) => {
      const dataset = await this.datasets.find(tx, projectId, datasetId);
      const version = input.datasetVersion ?? dataset.version;
      if (version > dataset.version) {
        throw problems.validation(`The dataset is at version ${dataset.version}.`, [{ code: 'maximum', message: `must be at most the current version ${dataset.version}`, path: '/body/datasetVersion' }]);
      }
      if (input.baseline === true) {
        // The dataset row lock serializes baseline changes: two at once cannot leave two baselines.
        await tx.datasets.findForUpdate(projectId, dataset.id);
        await tx.experiments.clearBaseline(dataset.id);
      }
      const record: ExperimentRunRecord = {
        id: randomUUID(),
        projectId,
        datasetId: dataset.id,
        name,
        datasetVersion: version,
        metadata: input.metadata ?? {},
        status: 'running',
        baseline: input.baseline === true,
        createdAt: this.clock.now(),
        completedAt: null,
        task,
        statusReason: null,
        startedBy: actor,
        phase: task === null ? null : 'tasks',
      };
      await tx.experiments.insertRun(record);
      if (task !== null) await this.enqueueItems(tx, record);
      return record;
    });
    return this.view(run);
  }

  /** One task job per item active at the run's version, read 500 at a time (at most MAX_DATASET_ITEMS). */
  private async enqueueItems(tx: Store, run: ExperimentRunRecord): Promise<void> {
    const now = this.clock.now();
    let after: { createdAt: number; id: string } | null = null;
    for (;;) {
      const items = await tx.datasets.listItems(run.datasetId, run.datasetVersion, false, 500, after);
      if (items.length === 0) return;
      await tx.experimentJobs.enqueue(
        items.map((item) => ({ id: randomUUID(), projectId: run.projectId, runId: run.id, kind: 'task' as const, itemId: item.id, evaluatorId: null })),
        now,
      );
      const last = items[items.length - 1]!;
      after = { createdAt: last.createdAt.getTime(), id: last.id };
    }
  }

  /**
   * Queues one judgement per (result without error, evaluator) for the worker — never judged on the
   * request. A judgement asked again replaces the pending or done one (its score is replaced when it runs).
   */
  async evaluate(projectId: string, datasetId: string, runId: string, evaluatorIds: readonly string[]): Promise<{ results: number; queued: number }> {
    await checkEvaluators(this.store, projectId, evaluatorIds, '/body/evaluatorIds');
    const ids = [...new Set(evaluatorIds.map((id) => id.toLowerCase()))];
    return this.store.transaction(async (tx) => {
      const { run } = await this.find(tx, projectId, datasetId, runId);
      const results = await tx.experiments.listResults(run.id, MAX_DATASET_ITEMS, null);
      const judged = results.filter((r) => r.error === null);
      await tx.experimentJobs.requeue(
        judged.flatMap((result) => ids.map((evaluatorId) => ({ id: randomUUID(), projectId, runId: run.id, kind: 'judge' as const, itemId: result.itemId, evaluatorId }))),
        this.clock.now(),
      );
      return { results: results.length, queued: judged.length * ids.length };
    });
  }

  /**
   * The worker's finish of a server-side run whose jobs are all done: the task's scorers, then the
   * comparison with the baseline and its event — the path of a client-side `status: completed`.
   * False when the run is no longer running or has work again (a judgement asked meanwhile).
   */
  async completeServerRun(run: ExperimentRunRecord): Promise<boolean> {
    const scorers = compileScorers((run.task?.scorers ?? []) as unknown as ScorerSpec[]);
    return this.store.transaction(async (tx) => {
      const dataset = await tx.datasets.find(run.projectId, run.datasetId);
      if (!dataset || (await tx.experimentJobs.pendingCount(run.id)) > 0) return false;
      return this.finish(tx, dataset, run, 'completed', scorers, run.startedBy ?? 'system');
    });
  }

  /**
   * Moves a running run to `status` once (false when it is not running). Completing scores first, so
   * the comparison with the baseline (and its event) sees those scores; any status ends the run's
   * unstarted server-side work.
   */
  private async finish(tx: Store, dataset: DatasetRecord, run: ExperimentRunRecord, status: 'completed' | 'failed' | 'cancelled', scorers: readonly CompiledScorer[], actor: string): Promise<boolean> {
    const now = this.clock.now();
    if (!(await tx.experiments.updateRun(run.id, { status, completedAt: now }, 'running'))) return false;
    await tx.experimentJobs.dropPending(run.id, now);
    if (status === 'completed') {
      if (scorers.length > 0) await this.applyScorers(tx, dataset, run, scorers);
      await this.judgeAgainstBaseline(tx, dataset, run.id, actor);
    }
    return true;
  }

  /** Stops a server-side run that cannot go on (the budget is spent): failed, with the reason, its unstarted work dropped. */
  async stopServerRun(tx: Store, run: ExperimentRunRecord, reason: string): Promise<boolean> {
    const dataset = await tx.datasets.find(run.projectId, run.datasetId);
    if (!dataset || !(await this.finish(tx, dataset, run, 'failed', [], run.startedBy ?? 'system'))) return false;
    await tx.experiments.updateRun(run.id, { statusReason: reason });
    return true;
  }

  async get(projectId: string, datasetId: string, runId: string): Promise<RunView> {
    const { run } = await this.find(this.store, projectId, datasetId, runId);
    return this.view(run);
  }

  async list(request: PageRequest, datasetId: string): Promise<{ items: RunView[]; page: Page }> {
    const dataset = await this.datasets.find(this.store, request.projectId, datasetId);
    const { items, page } = await experimentPage(this.cursors, request, { datasetId: dataset.id }, 'createdAt:desc,id:desc', (limit, after) => this.store.experiments.listRuns(dataset.id, limit, after));
    return { items: await Promise.all(items.map((run) => this.view(run))), page };
  }

  async update(
    projectId: string,
    datasetId: string,
    runId: string,
    actor: string,
    changes: { name?: string; status?: 'completed' | 'failed' | 'cancelled'; baseline?: boolean; scorers?: readonly ScorerSpec[] },
  ): Promise<RunView> {
    const name = changes.name?.trim();
    if (name !== undefined && name.length === 0) throw problems.validation('The name is empty.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: '/body/name' }]);
    if (changes.scorers !== undefined && changes.status !== 'completed') {
      throw problems.validation('scorers run when a run completes.', [{ code: 'dependent_required', message: 'scorers need status completed', path: '/body/scorers' }]);
    }
    const scorers = changes.scorers === undefined ? [] : compileScorers(changes.scorers);
    const run = await this.store.transaction(async (tx) => {
      const { dataset, run } = await this.find(tx, projectId, datasetId, runId);
      if (changes.baseline === true) {
        await tx.datasets.findForUpdate(projectId, dataset.id);
        await tx.experiments.clearBaseline(dataset.id);
      }
      // The worker finishes a server-side run once its items are answered; a client may only cancel it.
      if (run.task !== null && (changes.status === 'completed' || changes.status === 'failed')) throw serverSideRun(run.status);
      await tx.experiments.updateRun(run.id, { name, baseline: changes.baseline });
      if (changes.status !== undefined && !(await this.finish(tx, dataset, run, changes.status, scorers, actor))) {
        throw problems.conflict('PUBLIC_API_EXPERIMENT_RUN_FINISHED', `The run is ${run.status}; only a running run can be finished.`);
      }
      return (await tx.experiments.findRun(dataset.id, run.id))!;
    });
    return this.view(run);
  }

  async recordResults(projectId: string, datasetId: string, runId: string, author: string, inputs: readonly ResultInput[]): Promise<ResultView[]> {
    const prepared = inputs.map((input, index) => this.prepare(input, `/body/results/${index}`));
    const seen = new Map<string, number>();
    prepared.forEach(({ input }, index) => {
      const first = seen.get(input.itemId.toLowerCase());
      if (first !== undefined) throw problems.validation('An item appears twice in the batch.', [{ code: 'unique', message: `repeats the item of /body/results/${first}`, path: `/body/results/${index}/itemId` }]);
      seen.set(input.itemId.toLowerCase(), index);
    });
    return this.store.transaction(async (tx) => {
      const { dataset, run } = await this.find(tx, projectId, datasetId, runId);
      if (run.status !== 'running') throw problems.conflict('PUBLIC_API_EXPERIMENT_RUN_FINISHED', `The run is ${run.status}; results are accepted while it is running.`);
      // A server-side run's results are its worker's answers; one posted beside them would mix two tasks in one run.
      if (run.task !== null) throw serverSideRun(run.status);
      const views: ResultView[] = [];
      for (const [index, { input, scores }] of prepared.entries()) {
        const itemId = input.itemId.toLowerCase();
        const item = await tx.datasets.findItem(dataset.id, itemId, run.datasetVersion);
        if (!item || item.status !== 'active') {
          throw problems.validation(`No active item ${input.itemId} at dataset version ${run.datasetVersion}.`, [
            { code: 'not_found', message: `must name an item active at dataset version ${run.datasetVersion}`, path: `/body/results/${index}/itemId` },
          ]);
        }
        const earlier = await tx.experiments.findResultByItem(run.id, itemId);
        if (earlier) await tx.experiments.deleteResult(earlier.id);
        const now = this.clock.now();
        const result: ExperimentResultRecord = {
          id: randomUUID(),
          runId: run.id,
          itemId,
          output: input.output === undefined ? null : input.output,
          traceId: input.traceId ?? null,
          latencyMs: input.latencyMs ?? null,
          costUsd: input.costUsd ?? null,
          promptTokens: null,
          completionTokens: null,
          error: input.error ?? null,
          createdAt: now,
        };
        await tx.experiments.insertResult(result);
        const records: ScoreRecord[] = [];
        for (const score of scores) {
          const record: ScoreRecord = {
            id: randomUUID(),
            projectId,
            name: score.name,
            dataType: score.dataType,
            value: score.value,
            target: 'experiment_result',
            // The result keeps its trace id; the score's would tie it to the trace's lifetime (the foreign key).
            traceId: null,
            spanId: null,
            sessionId: null,
            source: 'api',
            author,
            comment: score.comment ?? null,
            evaluatorId: null,
            experimentResultId: result.id,
            createdAt: now,
          };
          await tx.scores.insert(record);
          records.push(record);
        }
        views.push({ result, scores: records });
      }
      return views;
    });
  }

  /**
   * Scores every result of the run with deterministic scorers, in one transaction: the scorers are
   * compiled (and a bad one refused) first; each result is compared with its item's expected output
   * at the run's pinned version. At most MAX_DATASET_ITEMS results (a run has one per item).
   */
  async scoreRun(projectId: string, datasetId: string, runId: string, specs: readonly ScorerSpec[]): Promise<{ results: number; scores: number }> {
    const scorers = compileScorers(specs);
    return this.store.transaction(async (tx) => {
      const { dataset, run } = await this.find(tx, projectId, datasetId, runId);
      return this.applyScorers(tx, dataset, run, scorers);
    });
  }

  /**
   * Scores every result of the run (at most MAX_DATASET_ITEMS: one per item) against its item's
   * expected output at the pinned version, through `tx`; a result's earlier score of a scorer's name is replaced.
   */
  private async applyScorers(tx: Store, dataset: DatasetRecord, run: ExperimentRunRecord, scorers: readonly CompiledScorer[]): Promise<{ results: number; scores: number }> {
    const results = await tx.experiments.listResults(run.id, MAX_DATASET_ITEMS, null);
    let written = 0;
    const now = this.clock.now();
    for (const result of results) {
      const item = await tx.datasets.findItem(dataset.id, result.itemId, run.datasetVersion);
      for (const scorer of scorers) {
        await tx.experiments.deleteResultScoresNamed(result.id, scorer.name);
        const value = scorer.score(result.output, item?.expectedOutput ?? null);
        if (value === null) continue;
        await tx.scores.insert({
          id: randomUUID(),
          projectId: dataset.projectId,
          name: scorer.name,
          dataType: scorer.dataType,
          value,
          target: 'experiment_result',
          traceId: null,
          spanId: null,
          sessionId: null,
          source: 'evaluator',
          author: `scorer:${scorer.kind}`,
          comment: null,
          evaluatorId: null,
          experimentResultId: result.id,
          createdAt: now,
        });
        written += 1;
      }
    }
    return { results: results.length, scores: written };
  }

  async listResults(request: PageRequest, datasetId: string, runId: string): Promise<{ items: ResultView[]; page: Page }> {
    const { run } = await this.find(this.store, request.projectId, datasetId, runId);
    const { items, page } = await experimentPage(this.cursors, request, { runId: run.id }, 'createdAt:asc,id:asc', (limit, after) => this.store.experiments.listResults(run.id, limit, after));
    const scores = await this.store.experiments.resultScores(items.map((r) => r.id));
    return { items: items.map((result) => ({ result, scores: scores.filter((s) => s.experimentResultId === result.id) })), page };
  }

  /** `alpha` when given, else the project's experimentAlpha. */
  async compare(projectId: string, datasetId: string, baselineRunId: string, candidateRunIds: readonly string[], requestedAlpha?: number): Promise<ComparisonView> {
    const dataset = await this.datasets.find(this.store, projectId, datasetId);
    const alpha = requestedAlpha ?? (await this.projectAlpha(this.store, projectId));
    const baseline = await this.runOf(this.store, dataset, baselineRunId);
    const candidates = [];
    for (const id of candidateRunIds) candidates.push(await this.runOf(this.store, dataset, id));
    const comparison = compareRuns(
      { runId: baseline.id, values: await this.scoresOf(this.store, baseline.id, '/query/baseline') },
      await Promise.all(candidates.map(async (c) => ({ runId: c.id, values: await this.scoresOf(this.store, c.id, '/query/candidate') }))),
      alpha,
    );
    return { datasetId: dataset.id, baselineRunId: baseline.id, candidateRunIds: candidates.map((c) => c.id), alpha, ...comparison };
  }

  /** A completed run against the dataset's baseline: every significant score is announced, in the finishing transaction. */
  private async judgeAgainstBaseline(tx: Store, dataset: DatasetRecord, runId: string, actor: string): Promise<void> {
    const baseline = await tx.experiments.findBaseline(dataset.id);
    if (!baseline || baseline.id === runId) return;
    const run = (await tx.experiments.findRun(dataset.id, runId))!;
    const alpha = await this.projectAlpha(tx, dataset.projectId);
    const comparison = compareRuns(
      { runId: baseline.id, values: await this.scoresOf(tx, baseline.id, '/query/baseline') },
      [{ runId, values: await this.scoresOf(tx, runId, '/query/candidate') }],
      alpha,
    );
    const requester = userIdOfActor(actor);
    for (const significant of comparison.comparisons.filter((c) => c.significant)) {
      await announceSignificance(this.notifications, tx, {
        dataset,
        run,
        baseline,
        comparison: significant,
        alpha,
        seed: comparison.seed,
        publicBaseUrl: this.publicBaseUrl,
        userIds: requester ? [requester] : [],
      });
    }
  }

  /** Read from the store, not the credential's (possibly cached) copy of the project, so a change applies at once. */
  private async projectAlpha(store: Store, projectId: string): Promise<number> {
    return (await store.projects.findById(projectId))?.experimentAlpha ?? DEFAULT_EXPERIMENT_ALPHA;
  }

  private async scoresOf(store: Store, runId: string, path: string): Promise<RunScoreValue[]> {
    const values = await store.experiments.runScores(runId, MAX_COMPARED_SCORE_VALUES + 1);
    if (values.length > MAX_COMPARED_SCORE_VALUES) {
      throw problems.validation(`The run has more than ${MAX_COMPARED_SCORE_VALUES} score values; compare fewer.`, [{ code: 'max_items', message: `run has more than ${MAX_COMPARED_SCORE_VALUES} score values`, path }]);
    }
    return values;
  }

  private async runOf(store: Store, dataset: DatasetRecord, runId: string): Promise<ExperimentRunRecord> {
    const run = isUuid(runId) ? await store.experiments.findRun(dataset.id, runId.toLowerCase()) : null;
    // Another dataset's or project's run is indistinguishable from none.
    if (!run) throw problems.notFound('The experiment run');
    return run;
  }

  private async find(store: Store, projectId: string, datasetId: string, runId: string): Promise<{ dataset: DatasetRecord; run: ExperimentRunRecord }> {
    const dataset = await this.datasets.find(store, projectId, datasetId);
    return { dataset, run: await this.runOf(store, dataset, runId) };
  }

  private async view(run: ExperimentRunRecord): Promise<RunView> {
    return {
      run,
      itemCount: await this.store.datasets.countActiveItems(run.datasetId, run.datasetVersion),
      resultCount: await this.store.experiments.countResults(run.id),
    };
  }

  /** Checks one result's scores and output before any write, so a bad one rejects the batch. */
  private prepare(input: ResultInput, path: string): { input: ResultInput; scores: { name: string; dataType: ScoreDataType; value: number | boolean | string; comment?: string }[] } {
    checkJsonSize(input.output ?? null, MAX_OUTPUT_BYTES, `${path}/output`);
    const names = new Set<string>();
    const scores = (input.scores ?? []).map((score, index) => {
      if (names.has(score.name)) throw problems.validation('A score name repeats in one result.', [{ code: 'unique', message: 'repeats a score name of this result', path: `${path}/scores/${index}/name` }]);
      names.add(score.name);
      const dataType = score.dataType ?? impliedScoreType(score.value);
      return { name: score.name, dataType, value: checkScoreValue(dataType, score.value, `${path}/scores/${index}/value`), comment: score.comment };
    });
    return { input, scores };
  }
}

/** 409 for a client reporting results into, or finishing, a run whose task the server executes. */
function serverSideRun(status: string): Error {
  return problems.conflict('PUBLIC_API_EXPERIMENT_RUN_SERVER_SIDE', `The server executes this run's task (it is ${status}); its worker records the results and finishes it. A client may cancel it.`);
}
