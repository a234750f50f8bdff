import type { Clock } from '../../clock.js';
import type { EvaluationBudgetRecord, EvaluatorRecord } from '../../ports/evaluations.js';
import type { Store } from '../../ports/store.js';
import { utcDay } from './utc-day.js';

const money = (usd: number): string => `$${usd.toFixed(usd < 1 ? 4 : 2)}`;

/** Whether a pause (of a project's budget or an evaluator's) still holds at `now`. */
export const pauseHolds = (pause: { pausedReason: string | null; pausedUntil: Date | null } | null, now: Date): boolean =>
  pause !== null && pause.pausedReason !== null && pause.pausedUntil !== null && pause.pausedUntil.getTime() > now.getTime();

/** Why spending `spent` is over a budget, or null while it is not. */
function overBudget(budget: { dailyBudgetUsd: number | null; dailyBudgetTokens: number | null }, spent: { usd: number; tokens: number }, whose: string): string | null {
  if (budget.dailyBudgetUsd !== null && spent.usd >= budget.dailyBudgetUsd) return `${whose}daily budget of ${money(budget.dailyBudgetUsd)} spent (${money(spent.usd)})`;
  if (budget.dailyBudgetTokens !== null && spent.tokens >= budget.dailyBudgetTokens) return `${whose}daily budget of ${budget.dailyBudgetTokens} tokens spent (${spent.tokens})`;
  return null;
}

/**
 * The two daily budgets evaluators spend against: the project's (all its evaluators together) and
 * each evaluator's own. Reaching one pauses the project's evaluators (or that evaluator) until the
 * next UTC midnight; the pause is stored, so ingestion stops queueing work and the API says why.
 */
export class BudgetGuard {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The project's pause reason while it holds (read by ingestion: one query per ingest with active evaluators). */
  async projectPause(projectId: string): Promise<string | null> {
    const budget = await this.store.evaluationBudgets.find(projectId);
    return pauseHolds(budget, this.clock.now()) ? budget!.pausedReason : null;
  }

  /** Null while `evaluator` may call its judge; otherwise why not (pausing what ran out). */
  async refusal(evaluator: EvaluatorRecord): Promise<string | null> {
    const now = this.clock.now();
    const { start, end } = utcDay(now);
    const resumes = `; resumes at ${end.toISOString()}`;

    const projectReason = await this.projectRefusal(evaluator.projectId);
    if (projectReason !== null) return projectReason;

    if (pauseHolds(evaluator, now)) return evaluator.pausedReason;
    if (evaluator.pausedReason !== null) await this.store.evaluators.update(evaluator.projectId, evaluator.id, { pausedReason: null, pausedUntil: null, updatedAt: now });
    if (evaluator.dailyBudgetUsd === null && evaluator.dailyBudgetTokens === null) return null;
    const reason = overBudget(evaluator, await this.store.evaluationRuns.spent(evaluator.id, start, end), '');
    if (reason === null) return null;
    await this.store.evaluators.update(evaluator.projectId, evaluator.id, { pausedReason: `paused: ${reason}${resumes}`, pausedUntil: end, updatedAt: now });
    return `paused: ${reason}${resumes}`;
  }

  /**
   * Null while the project's own budget (evaluators and playground runs together) has room today;
   * otherwise why not, pausing the project until the next UTC midnight.
   */
  async projectRefusal(projectId: string): Promise<string | null> {
    const now = this.clock.now();
    const { start, end } = utcDay(now);
    const budget = await this.store.evaluationBudgets.find(projectId);
    if (pauseHolds(budget, now)) return budget!.pausedReason;
    if (!budget || (budget.dailyBudgetUsd === null && budget.dailyBudgetTokens === null)) return null;
    const reason = overBudget(budget, await this.store.evaluationRuns.spentByProject(projectId, start, end), "the project's ");
    if (reason === null) return null;
    const paused = `paused: ${reason}; resumes at ${end.toISOString()}`;
    await this.store.evaluationBudgets.setPause(projectId, paused, end, now);
    return paused;
  }

  /** The project budget with today's spend and pause, for GET /evaluation-budget. */
  async view(projectId: string): Promise<{ budget: EvaluationBudgetRecord | null; spent: { usd: number; tokens: number }; pausedReason: string | null; resumesAt: Date | null }> {
    const now = this.clock.now();
    const { start, end } = utcDay(now);
    const budget = await this.store.evaluationBudgets.find(projectId);
    const paused = pauseHolds(budget, now);
    return { budget, spent: await this.store.evaluationRuns.spentByProject(projectId, start, end), pausedReason: paused ? budget!.pausedReason : null, resumesAt: paused ? end : null };
  }

  /** Sets the project budget; a changed budget lifts its pause. */
  async put(projectId: string, input: { dailyBudgetUsd?: number | null; dailyBudgetTokens?: number | null }): Promise<void> {
    await this.store.evaluationBudgets.put({
      projectId,
      dailyBudgetUsd: input.dailyBudgetUsd ?? null,
      dailyBudgetTokens: input.dailyBudgetTokens ?? null,
      pausedReason: null,
      pausedUntil: null,
      updatedAt: this.clock.now(),
    });
  }
}
