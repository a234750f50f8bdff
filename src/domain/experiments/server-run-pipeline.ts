import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { ExperimentRunRecord } from '../../ports/datasets.js';
import type { ExperimentCallRecord, ExperimentJobRecord } from '../../ports/experiment-jobs.js';
import type { Store } from '../../ports/store.js';
import type { BudgetGuard } from '../evaluations/budget-guard.js';
import type { JudgeClient, JudgeReply, JudgeRequest } from '../evaluations/judge-client.js';
import { parseVerdict } from '../evaluations/judge-output.js';
import { JUDGE_SYSTEM_PROMPT, renderResultPrompt } from '../evaluations/judge-templates.js';
import type { ModelConnectionService } from '../evaluations/model-connection-service.js';
import { costOf, type PriceTable } from '../pricing/price-table.js';
import { MAX_DATASET_ITEMS } from './dataset-limits.js';
import type { ExperimentRunService } from './experiment-run-service.js';
import { DEFAULT_RUN_CONCURRENCY, fillMessages, MAX_RUN_CONCURRENCY } from './server-task.js';

/** The evaluator outbox's settings (EVALUATOR_*): one set of knobs for "calling a model in the background". */
export interface ServerRunSettings {
  leaseMs: number;
  /** Jobs one round claims across runs, at least MAX_RUN_CONCURRENCY (each run still bounded by its concurrency). */
  batchSize: number;
  /** Attempts of one call (a 429/5xx/timeout is retried with back-off until then). */
  maxAttempts: number;
  timeoutMs: number;
  /** First back-off after a retryable failure; doubles per attempt, at most 10 minutes. */
  retryBaseMs: number;
}

export type ServerRunOutcome = 'answered' | 'error' | 'retry' | 'lost' | 'dropped' | 'stopped' | 'scored' | 'skipped' | 'judging' | 'completed';

/** Idle runs looked at per round. */
const IDLE_RUNS_PER_ROUND = 20;

type Call = { kind: 'answer'; content: string; promptTokens: number; completionTokens: number; latencyMs: number } | { kind: 'error'; error: string } | { kind: 'retry' };

/**
 * Server-side experiment runs, executed through the `experiment_jobs` outbox. A round claims due
 * jobs (never more of one run in flight than its concurrency), calls the model for each outside any
 * transaction, then writes the result (or score) in ONE transaction that completes the job only
 * while the lease is held — so a worker that died leaves its jobs to be claimed again when the lease
 * lapses, and a late answer from it is dropped rather than recorded twice. A 429/5xx/timeout
 * releases the job with a back-off (Retry-After honoured). What a call spent is recorded first, in
 * its own write: the money is spent whatever happens to the lease. A round then advances runs with
 * no pending work: queues their evaluators' judgements, or completes them.
 */
export class ServerRunPipeline {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly connections: ModelConnectionService,
    private readonly prices: PriceTable,
    private readonly client: JudgeClient,
    private readonly budgets: BudgetGuard,
    private readonly runs: ExperimentRunService,
    private readonly settings: ServerRunSettings,
  ) {}

  async runOnce(owner: string): Promise<ServerRunOutcome[]> {
    const jobs = await this.store.transaction((tx) => tx.experimentJobs.claim(owner, this.clock.now(), this.settings.leaseMs, Math.max(this.settings.batchSize, MAX_RUN_CONCURRENCY), DEFAULT_RUN_CONCURRENCY));
    // The claimed calls run together: the claim already bounded each run's share.
    const settled = await Promise.allSettled(jobs.map((job) => this.process(job, owner)));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const outcomes = settled.map((s) => (s as PromiseFulfilledResult<ServerRunOutcome>).value);
    return [...outcomes, ...(await this.advanceIdleRuns())];
  }

  async process(job: ExperimentJobRecord, owner: string): Promise<ServerRunOutcome> {
    const run = await this.store.experiments.findRunById(job.runId);
    if (!run) return this.complete(job, owner, 'dropped', async () => undefined);
    return job.kind === 'task' ? this.processTask(job, run, owner) : this.processJudgement(job, run, owner);
  }

  private async processTask(job: ExperimentJobRecord, run: ExperimentRunRecord, owner: string): Promise<ServerRunOutcome> {
    const task = run.task;
    const item = await this.store.datasets.findItem(run.datasetId, job.itemId, run.datasetVersion);
    if (run.status !== 'running' || task === null || !item || item.status !== 'active') return this.complete(job, owner, 'dropped', async () => undefined);

    const filled = fillMessages(task.messages, item.input);
    if (!filled.ok) return this.recordResult(job, run, owner, { output: null, error: filled.error, latencyMs: null, costUsd: null, promptTokens: null, completionTokens: null });

    const refusal = await this.budgets.projectRefusal(run.projectId);
    if (refusal !== null) {
      return this.complete(job, owner, 'stopped', async (tx) => {
        await this.runs.stopServerRun(tx, run, `the project's evaluation budget is spent: ${refusal}`);
        return undefined;
      });
    }

    const call = await this.call(job, owner, run.projectId, task.modelConnectionId, (connection) => ({ connection: { ...connection, model: task.model }, messages: filled.messages, parameters: { ...task.parameters }, timeoutMs: this.settings.timeoutMs }));
    if (call.kind === 'retry') return 'retry';
    if (call.kind === 'error') {
      await this.spend(job, run, null, { outcome: 'error', error: call.error });
      return this.recordResult(job, run, owner, { output: null, error: call.error, latencyMs: null, costUsd: null, promptTokens: null, completionTokens: null });
    }
    const costUsd = await this.costOf(run.projectId, task.model, call.promptTokens, call.completionTokens);
    await this.spend(job, run, null, { outcome: 'completed', promptTokens: call.promptTokens, completionTokens: call.completionTokens, costUsd });
    return this.recordResult(job, run, owner, { output: call.content, error: null, latencyMs: call.latencyMs, costUsd, promptTokens: call.promptTokens, completionTokens: call.completionTokens });
  }

  private async processJudgement(job: ExperimentJobRecord, run: ExperimentRunRecord, owner: string): Promise<ServerRunOutcome> {
    const evaluator = job.evaluatorId === null ? null : await this.store.evaluators.find(run.projectId, job.evaluatorId);
    const result = await this.store.experiments.findResultByItem(run.id, job.itemId);
    if (!evaluator || !result || result.error !== null) return this.complete(job, owner, 'dropped', async () => undefined);
    const item = await this.store.datasets.findItem(run.datasetId, job.itemId, run.datasetVersion);

    const refusal = await this.budgets.refusal(evaluator);
    if (refusal !== null) {
      await this.spend(job, run, evaluator.id, { outcome: 'skipped', error: refusal });
      return this.complete(job, owner, 'skipped', async () => undefined);
    }
    const prompt = renderResultPrompt(evaluator.prompt, evaluator.variables, { input: item?.input ?? null, output: result.output, expectedOutput: item?.expectedOutput ?? null });
    const call = await this.call(job, owner, run.projectId, evaluator.modelConnectionId, (connection) => ({ connection, system: JUDGE_SYSTEM_PROMPT, prompt, timeoutMs: this.settings.timeoutMs }));
    if (call.kind === 'retry') return 'retry';
    if (call.kind === 'error') {
      await this.spend(job, run, evaluator.id, { outcome: 'error', error: call.error });
      return this.complete(job, owner, 'error', async () => undefined);
    }
    const connection = await this.store.modelConnections.find(run.projectId, evaluator.modelConnectionId);
    const usage = { promptTokens: call.promptTokens, completionTokens: call.completionTokens, costUsd: await this.costOf(run.projectId, connection?.model ?? '', call.promptTokens, call.completionTokens) };
    const parsed = parseVerdict(call.content);
    if (!parsed.ok) {
      await this.spend(job, run, evaluator.id, { outcome: 'error', error: parsed.error, ...usage });
      return this.complete(job, owner, 'error', async () => undefined);
    }
    await this.spend(job, run, evaluator.id, { outcome: 'scored', ...usage });
    return this.complete(job, owner, 'scored', async (tx) => {
      // The result may have been replaced since the call: the score goes to the current one, judged on what it read.
      const current = await tx.experiments.findResultByItem(run.id, job.itemId);
      if (!current || current.id !== result.id) return undefined;
      await tx.experiments.deleteResultScoresNamed(result.id, evaluator.scoreName); // a re-judged result keeps the latest
      await tx.scores.insert({
        id: randomUUID(),
        projectId: run.projectId,
        name: evaluator.scoreName,
        dataType: 'numeric',
        value: parsed.verdict.score,
        target: 'experiment_result',
        traceId: null,
        spanId: null,
        sessionId: null,
        source: 'evaluator',
        author: `evaluator:${evaluator.id}`,
        comment: parsed.verdict.reasoning,
        evaluatorId: evaluator.id,
        experimentResultId: result.id,
        createdAt: this.clock.now(),
      });
      return undefined;
    });
  }

  /**
   * One model call: the connection re-vetted and opened, a retryable failure released with a back-off
   * while attempts remain, the measured latency of an answer.
   */
  private async call(job: ExperimentJobRecord, owner: string, projectId: string, connectionId: string, request: (connection: Awaited<ReturnType<ModelConnectionService['open']>>) => JudgeRequest): Promise<Call> {
    let reply: JudgeReply;
    let latencyMs = 0;
    try {
      const connection = await this.store.modelConnections.find(projectId, connectionId);
      if (!connection) throw new Error('the model connection no longer exists');
      const opened = await this.connections.open(connection);
      const started = performance.now();
      reply = await this.client(request(opened));
      latencyMs = Math.round(performance.now() - started);
    } catch (error) {
      reply = { kind: 'failed', reason: (error as Error).message };
    }
    if (reply.kind === 'retryable') {
      if (job.attempts < this.settings.maxAttempts) {
        const now = this.clock.now();
        const backoff = Math.max(reply.retryAfterMs ?? 0, Math.min(600_000, this.settings.retryBaseMs * 2 ** (job.attempts - 1)));
        await this.store.experimentJobs.release(job.id, owner, reply.reason, now, new Date(now.getTime() + backoff));
        return { kind: 'retry' };
      }
      return { kind: 'error', error: `gave up after ${job.attempts} attempts: ${reply.reason}` };
    }
    if (reply.kind === 'failed') return { kind: 'error', error: reply.reason };
    return { kind: 'answer', content: reply.content, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, latencyMs };
  }

  /** Writes the item's result — only while the run is running and the lease is held, so an item is answered once. */
  private recordResult(
    job: ExperimentJobRecord,
    run: ExperimentRunRecord,
    owner: string,
    fields: { output: string | null; error: string | null; latencyMs: number | null; costUsd: number | null; promptTokens: number | null; completionTokens: number | null },
  ): Promise<ServerRunOutcome> {
    return this.complete(job, owner, fields.error === null ? 'answered' : 'error', async (tx) => {
      const current = await tx.experiments.findRunById(run.id);
      if (current?.status !== 'running') return 'dropped'; // cancelled or stopped meanwhile: the answer is not recorded
      const earlier = await tx.experiments.findResultByItem(run.id, job.itemId);
      if (earlier) await tx.experiments.deleteResult(earlier.id);
      await tx.experiments.insertResult({ id: randomUUID(), runId: run.id, itemId: job.itemId, traceId: null, createdAt: this.clock.now(), ...fields });
      return undefined;
    });
  }

  /** Completes the job and records its effects in one transaction; nothing is recorded if the lease was lost. */
  private complete(job: ExperimentJobRecord, owner: string, outcome: ServerRunOutcome, effects: (tx: Store) => Promise<ServerRunOutcome | undefined>): Promise<ServerRunOutcome> {
    return this.store.transaction(async (tx) => {
      if (!(await tx.experimentJobs.complete(job.id, owner, this.clock.now()))) return 'lost';
      return (await effects(tx)) ?? outcome;
    });
  }

  private async spend(job: ExperimentJobRecord, run: ExperimentRunRecord, evaluatorId: string | null, fields: Partial<Pick<ExperimentCallRecord, 'promptTokens' | 'completionTokens' | 'costUsd' | 'error'>> & { outcome: ExperimentCallRecord['outcome'] }): Promise<void> {
    await this.store.experimentCalls.insert({
      id: randomUUID(),
      projectId: run.projectId,
      runId: run.id,
      itemId: job.itemId,
      evaluatorId,
      kind: job.kind,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      error: null,
      ...fields,
      createdAt: this.clock.now(),
    });
  }

  /**
   * Running server-side runs with no pending job: the task's evaluators are queued on the results
   * first (phase `judging`), then the run completes through the client-side finish path.
   */
  private async advanceIdleRuns(): Promise<ServerRunOutcome[]> {
    const outcomes: ServerRunOutcome[] = [];
    for (const run of await this.store.experiments.idleServerRuns(IDLE_RUNS_PER_ROUND)) {
      if (run.phase !== 'judging' && (run.task?.evaluatorIds.length ?? 0) > 0) {
        await this.store.transaction(async (tx) => {
          if (!(await tx.experiments.updateRun(run.id, { phase: 'judging' }, 'running'))) return;
          const results = (await tx.experiments.listResults(run.id, MAX_DATASET_ITEMS, null)).filter((r) => r.error === null);
          await tx.experimentJobs.enqueue(
            results.flatMap((result) => run.task!.evaluatorIds.map((evaluatorId) => ({ id: randomUUID(), projectId: run.projectId, runId: run.id, kind: 'judge' as const, itemId: result.itemId, evaluatorId }))),
            this.clock.now(),
          );
        });
        outcomes.push('judging');
        continue;
      }
      if (await this.runs.completeServerRun(run)) outcomes.push('completed');
    }
    return outcomes;
  }

  /** Dollars from the price table (project overrides first), as evaluator and playground calls are priced; 0 for an unpriced model. */
  private async costOf(projectId: string, model: string, promptTokens: number, completionTokens: number): Promise<number> {
    const overrides = new Map((await this.store.modelPrices.list(projectId)).map((p) => [p.model, p]));
    const found = this.prices.find(model, overrides);
    return found ? costOf(found.price, { input: promptTokens, output: completionTokens }) : 0;
  }
}
