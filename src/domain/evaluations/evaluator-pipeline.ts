import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { EvaluationJobRecord, EvaluationRunRecord, EvaluatorRecord } from '../../ports/evaluations.js';
import type { EvaluatedTrace } from '../../ports/evaluation-traces.js';
import type { Store } from '../../ports/store.js';
import { isEvaluatorConfig } from '../detections/detection-config.js';
import type { DetectionEvaluation, FiredElsewhere } from '../detections/detection-evaluation.js';
import { traceRuleSubject } from '../detections/engines/rule-detector.js';
import { filterLanguageRuleEvaluator } from '../detections/rule-language.js';
import { costOf, type PriceTable } from '../pricing/price-table.js';
import { isPaused } from './evaluator-service.js';
import type { JudgeClient } from './judge-client.js';
import { parseVerdict, type Verdict } from './judge-output.js';
import { JUDGE_SYSTEM_PROMPT, renderPrompt } from './judge-templates.js';
import type { ModelConnectionService } from './model-connection-service.js';
import type { ScoreService } from './score-service.js';
import { pauseHolds, type BudgetGuard } from './budget-guard.js';

export interface EvaluatorPipelineSettings {
  leaseMs: number;
  batchSize: number;
  /** Attempts of one job (a 429/5xx/timeout is retried with back-off until then). */
  maxAttempts: number;
  /** Deadline of one judge call. */
  timeoutMs: number;
  /** First back-off after a retryable failure; doubles per attempt, at most 10 minutes. */
  retryBaseMs: number;
}

export type EvaluationJobOutcome = 'scored' | 'error' | 'skipped' | 'filtered' | 'retry' | 'lost';

/** Whether a trace falls in an evaluator's sample: a stable hash of both ids, so re-runs agree. */
export function sampled(evaluatorId: string, traceId: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  const digest = createHash('sha256').update(`${evaluatorId}\u0000${traceId}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000 < rate;
}

/**
 * LLM-as-judge evaluation of new traces through the evaluation_jobs outbox. Ingestion enqueues one
 * job per sampled (trace, active evaluator) in its transaction; a worker leases jobs, checks the
 * evaluator's filter and daily budget, calls the judge outside any transaction, then records the
 * run, the score and the firings of evaluator-backed classifier detections in ONE transaction that
 * completes the job only while the lease is held. A 429/5xx/timeout releases the job with a
 * back-off (Retry-After honoured) until the attempts run out, then records an error run.
 */
/** An evaluation job for a sampled trace. */
interface SampledJob {
  id: string;
  projectId: string;
  evaluatorId: string;
  traceId: string;
}

export class EvaluatorPipeline {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly connections: ModelConnectionService,
    private readonly scores: ScoreService,
    private readonly detections: DetectionEvaluation,
    private readonly prices: PriceTable,
    private readonly judge: JudgeClient,
    private readonly budgets: BudgetGuard,
    private readonly settings: EvaluatorPipelineSettings,
  ) {}

  /**
   * The native ingest hook: the trace is complete, judge it now. Samples against the evaluators
   * active before the ingest transaction (`store`), and returns the write of the jobs, which runs
   * inside it; an evaluator activated meanwhile judges the traces after these.
   */
  enqueueNewTraces = async (store: Store, traces: readonly { projectId: string; traceId: string }[]): Promise<(tx: Store) => Promise<void>> => {
    const jobs = await this.sampledJobs(store, traces);
    const now = this.clock.now();
    return async (tx) => {
      if (jobs.length > 0) await tx.evaluationJobs.enqueue(jobs, now);
    };
  };

  /**
   * The OTLP append hook: a growing trace is judged once no span arrived for `settleMs` (a pending
   * job is pushed back, not repeated); spans after a judgement schedule another, whose score
   * replaces the earlier one. Reads the project's active evaluators before the append's transaction
   * (`store`) and returns the write for the traces it changed, which runs inside it.
   */
  scheduleSettledTraces = async (store: Store, projectId: string, settleMs: number): Promise<(tx: Store, traces: readonly { projectId: string; traceId: string }[]) => Promise<void>> => {
    const evaluators = await this.samplingEvaluators(store, projectId);
    return async (tx, traces) => {
      const jobs = this.sample(evaluators, projectId, traces.filter((t) => t.projectId === projectId).map((t) => t.traceId));
      const now = this.clock.now();
      if (jobs.length > 0) await tx.evaluationJobs.schedule(jobs, now, new Date(now.getTime() + settleMs));
    };
  };

  /** One job per trace in each active, unpaused evaluator's sample. */
  private async sampledJobs(store: Store, traces: readonly { projectId: string; traceId: string }[]): Promise<SampledJob[]> {
    const byProject = new Map<string, string[]>();
    for (const t of traces) byProject.set(t.projectId, [...(byProject.get(t.projectId) ?? []), t.traceId]);
    const jobs: SampledJob[] = [];
    for (const [projectId, traceIds] of byProject) jobs.push(...this.sample(await this.samplingEvaluators(store, projectId), projectId, traceIds));
    return jobs;
  }

  /** The project's active evaluators that sample now: none while the project's budget is spent today, none paused for the day. */
  private async samplingEvaluators(store: Store, projectId: string): Promise<EvaluatorRecord[]> {
    const now = this.clock.now();
    const active = await store.evaluators.listActive(projectId);
    if (active.length === 0 || pauseHolds(await store.evaluationBudgets.find(projectId), now)) return [];
    // A paused evaluator says so on itself.
    return active.filter((evaluator) => !isPaused(evaluator, now));
  }

  private sample(evaluators: readonly EvaluatorRecord[], projectId: string, traceIds: readonly string[]): SampledJob[] {
    const jobs: SampledJob[] = [];
    for (const evaluator of evaluators) {
      for (const traceId of traceIds) if (sampled(evaluator.id, traceId, evaluator.samplingRate)) jobs.push({ id: randomUUID(), projectId, evaluatorId: evaluator.id, traceId });
    }
    return jobs;
  }

  async runOnce(owner: string): Promise<EvaluationJobOutcome[]> {
    const jobs = await this.store.evaluationJobs.claim(owner, this.clock.now(), this.settings.leaseMs, this.settings.batchSize);
    const outcomes: EvaluationJobOutcome[] = [];
    for (const job of jobs) outcomes.push(await this.process(job, owner));
    return outcomes;
  }

  async process(job: EvaluationJobRecord, owner: string): Promise<EvaluationJobOutcome> {
    const evaluator = await this.store.evaluators.find(job.projectId, job.evaluatorId);
    const trace = await this.store.traces.findById(job.projectId, job.traceId);
    if (!evaluator || !evaluator.isActive || !trace) return this.finish(job, owner, 'filtered', async () => undefined);
    const spans = await this.store.traces.spansOf(job.projectId, job.traceId);
    if (evaluator.filters.length > 0 && !filterLanguageRuleEvaluator.matches(evaluator.filters, traceRuleSubject(trace, spans))) {
      return this.finish(job, owner, 'filtered', async () => undefined);
    }
    const budget = await this.budgets.refusal(evaluator);
    if (budget) return this.finish(job, owner, 'skipped', (tx) => this.run(tx, evaluator, trace.id, { outcome: 'skipped', error: budget }));

    let reply;
    try {
      const connection = await this.store.modelConnections.find(job.projectId, evaluator.modelConnectionId);
      if (!connection) throw new Error('the model connection no longer exists');
      const prompt = renderPrompt(evaluator.prompt, evaluator.variables, trace, spans);
      reply = await this.judge({ connection: await this.connections.open(connection), system: JUDGE_SYSTEM_PROMPT, prompt, timeoutMs: this.settings.timeoutMs });
    } catch (error) {
      reply = { kind: 'failed' as const, reason: (error as Error).message };
    }

    if (reply.kind === 'retryable') {
      if (job.attempts < this.settings.maxAttempts) {
        const now = this.clock.now();
        const backoff = Math.max(reply.retryAfterMs ?? 0, Math.min(600_000, this.settings.retryBaseMs * 2 ** (job.attempts - 1)));
        await this.store.evaluationJobs.release(job.id, owner, reply.reason, now, new Date(now.getTime() + backoff), this.settings.maxAttempts);
        return 'retry';
      }
      const error = `gave up after ${job.attempts} attempts: ${reply.reason}`;
      return this.finish(job, owner, 'error', (tx) => this.run(tx, evaluator, trace.id, { outcome: 'error', error }));
    }
    if (reply.kind === 'failed') return this.finish(job, owner, 'error', (tx) => this.run(tx, evaluator, trace.id, { outcome: 'error', error: reply.reason }));

    const usage = { promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, costUsd: await this.costOf(evaluator, reply.promptTokens, reply.completionTokens) };
    const parsed = parseVerdict(reply.content);
    if (!parsed.ok) return this.finish(job, owner, 'error', (tx) => this.run(tx, evaluator, trace.id, { outcome: 'error', error: parsed.error, ...usage }));
    return this.finish(job, owner, 'scored', (tx) => this.scored(tx, evaluator, trace, parsed.verdict, usage));
  }

  /** Completes the job and records its effects in one transaction; nothing is recorded if the lease was lost. */
  private async finish(job: EvaluationJobRecord, owner: string, outcome: EvaluationJobOutcome, effects: (tx: Store) => Promise<void>): Promise<EvaluationJobOutcome> {
    return this.store.transaction(async (tx) => {
      if (!(await tx.evaluationJobs.complete(job.id, owner, this.clock.now()))) return 'lost';
      await effects(tx);
      return outcome;
    });
  }

  private async run(
    tx: Store,
    evaluator: EvaluatorRecord,
    traceId: string,
    fields: Partial<Pick<EvaluationRunRecord, 'scoreId' | 'error' | 'promptTokens' | 'completionTokens' | 'costUsd'>> & { outcome: EvaluationRunRecord['outcome'] },
  ): Promise<void> {
    await tx.evaluationRuns.insert({
      id: randomUUID(),
      projectId: evaluator.projectId,
      evaluatorId: evaluator.id,
      traceId,
      scoreId: null,
      error: null,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      ...fields,
      createdAt: this.clock.now(),
    });
  }

  private async scored(tx: Store, evaluator: EvaluatorRecord, trace: EvaluatedTrace, verdict: Verdict, usage: { promptTokens: number; completionTokens: number; costUsd: number }): Promise<void> {
    await tx.scores.deleteEvaluatorScores(evaluator.projectId, evaluator.id, trace.id); // a re-judged trace keeps the latest
    const score = await this.scores.record(
      tx,
      evaluator.projectId,
      { name: evaluator.scoreName, dataType: 'numeric', value: verdict.score, source: 'evaluator', author: `evaluator:${evaluator.id}`, comment: verdict.reasoning, evaluatorId: evaluator.id },
      { traceId: trace.id, spanId: null, sessionId: null },
    );
    await this.run(tx, evaluator, trace.id, { outcome: 'scored', scoreId: score.id, ...usage });
    // Classifier detections backed by this evaluator fire like any other detection.
    const fired: Omit<FiredElsewhere, 'subject'>[] = [];
    for (const detection of await tx.detections.listAll(evaluator.projectId)) {
      if (!detection.isActive || detection.type !== 'classifier' || !isEvaluatorConfig(detection.config) || detection.config.evaluatorId !== evaluator.id) continue;
      if (detection.frameworks.length > 0 && (trace.framework === null || !(detection.frameworks as string[]).includes(trace.framework))) continue;
      if (verdict.score < detection.threshold) continue;
      const finding = {
        spanId: null,
        score: verdict.score,
        evidence: { evaluatorId: evaluator.id, scoreId: score.id, scoreName: evaluator.scoreName, reasoning: verdict.reasoning },
      };
      if (await this.detections.fire(tx, detection, trace, finding)) fired.push({ detection, finding });
    }
    // The fired trace joins its failure cluster as if the detection worker had seen the firing.
    if (fired.length > 0) {
      const subject = { trace, spans: await tx.traces.spansOf(trace.projectId, trace.id) };
      await this.detections.firedElsewhere(tx, fired.map((f) => ({ subject, ...f })));
    }
  }

  /** Dollars of one judge call from the price table (project overrides first); 0 for an unpriced model. */
  private async costOf(evaluator: EvaluatorRecord, promptTokens: number, completionTokens: number): Promise<number> {
    const connection = await this.store.modelConnections.find(evaluator.projectId, evaluator.modelConnectionId);
    if (!connection) return 0;
    const overrides = new Map((await this.store.modelPrices.list(evaluator.projectId)).map((p) => [p.model, p]));
    const found = this.prices.find(connection.model, overrides);
    return found ? costOf(found.price, { input: promptTokens, output: completionTokens }) : 0;
  }
}

