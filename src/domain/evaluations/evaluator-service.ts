import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { EvaluationRunRecord, EvaluatorRecord, EvaluatorTemplate, EvaluatorVariable } from '../../ports/evaluations.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import { validateDetectionRules } from '../detections/rule-language.js';
import { createdPage, type PageRequest } from './created-pages.js';
import { BUILT_IN_PROMPTS, EVALUATOR_VARIABLES, placeholdersOf } from './judge-templates.js';
import { utcDay } from './utc-day.js';
import type { BudgetGuard } from './budget-guard.js';

export interface EvaluatorInput {
  name: string;
  template: EvaluatorTemplate;
  prompt?: string;
  variables?: Record<string, EvaluatorVariable>;
  scoreName?: string;
  modelConnectionId: string;
  samplingRate?: number;
  filters?: unknown;
  dailyBudgetUsd?: number;
  dailyBudgetTokens?: number;
}

export interface EvaluatorUpdate {
  isActive?: boolean;
  samplingRate?: number;
  filters?: unknown;
  dailyBudgetUsd?: number | null;
  dailyBudgetTokens?: number | null;
}

export type EvaluatorState = 'active' | 'paused' | 'inactive';

/** An evaluator with what it spent today and whether it runs. */
export interface EvaluatorView {
  evaluator: EvaluatorRecord;
  state: EvaluatorState;
  spentTodayUsd: number;
  spentTodayTokens: number;
}

const BODY = '/body';
const reject = (message: string, path: string, code = 'invalid'): never => {
  throw problems.validation(`The evaluator is invalid: ${message}.`, [{ code, message, path }]);
};

/** Whether a paused evaluator is still paused at `now` (the pause lasts until the next UTC midnight). */
export const isPaused = (evaluator: EvaluatorRecord, now: Date): boolean =>
  evaluator.pausedReason !== null && evaluator.pausedUntil !== null && evaluator.pausedUntil.getTime() > now.getTime();

/** LLM-as-judge evaluators: their definition, sampling, filters and daily budget. */
export class EvaluatorService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly budgets: BudgetGuard,
  ) {}

  async create(projectId: string, input: EvaluatorInput): Promise<EvaluatorView> {
    if (!isUuid(input.modelConnectionId) || !(await this.store.modelConnections.find(projectId, input.modelConnectionId))) throw problems.notFound('The model connection');
    let prompt: string;
    if (input.template === 'custom') {
      if (input.prompt === undefined) reject('custom evaluators need a prompt', `${BODY}/prompt`, 'required');
      prompt = input.prompt!;
    } else {
      if (input.prompt !== undefined) reject('prompt applies to custom evaluators only', `${BODY}/prompt`, 'not_allowed');
      prompt = BUILT_IN_PROMPTS[input.template];
    }
    const variables: Record<string, EvaluatorVariable> = {};
    for (const name of placeholdersOf(prompt)) {
      const mapped = input.variables?.[name] ?? ((EVALUATOR_VARIABLES as readonly string[]).includes(name) ? (name as EvaluatorVariable) : undefined);
      if (!mapped) reject(`placeholder {{${name}}} is not mapped to a trace field`, `${BODY}/variables/${name}`, 'unmapped');
      variables[name] = mapped!;
    }
    if (input.template === 'custom' && input.scoreName === undefined) reject('custom evaluators need a scoreName', `${BODY}/scoreName`, 'required');
    const now = this.clock.now();
    const record: EvaluatorRecord = {
      id: randomUUID(),
      projectId,
      modelConnectionId: input.modelConnectionId,
      name: input.name,
      template: input.template,
      prompt,
      variables,
      scoreName: input.scoreName ?? input.template,
      samplingRate: input.samplingRate ?? 1,
      filters: input.filters === undefined ? [] : validateDetectionRules(input.filters, `${BODY}/filters`),
      dailyBudgetUsd: input.dailyBudgetUsd ?? null,
      dailyBudgetTokens: input.dailyBudgetTokens ?? null,
      isActive: true,
      pausedReason: null,
      pausedUntil: null,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.store.evaluators.insert(record))) throw problems.conflict('PUBLIC_API_EVALUATOR_CONFLICT', `An evaluator named "${record.name}" exists in the project.`);
    return this.view(record);
  }

  async get(projectId: string, id: string): Promise<EvaluatorView> {
    return this.view(await this.find(projectId, id));
  }

  async list(request: PageRequest): Promise<{ items: EvaluatorView[]; page: Page }> {
    const { items, page } = await createdPage(this.cursors, request, {}, (limit, after) => this.store.evaluators.list(request.projectId, limit, after));
    return { items: await Promise.all(items.map((e) => this.view(e))), page };
  }

  /** Changing the budget lifts a budget pause: the next trace is judged against the new budget. */
  async update(projectId: string, id: string, input: EvaluatorUpdate): Promise<EvaluatorView> {
    await this.find(projectId, id);
    const budgetChanged = input.dailyBudgetUsd !== undefined || input.dailyBudgetTokens !== undefined;
    await this.store.evaluators.update(projectId, id, {
      isActive: input.isActive,
      samplingRate: input.samplingRate,
      filters: input.filters === undefined ? undefined : validateDetectionRules(input.filters, `${BODY}/filters`),
      dailyBudgetUsd: input.dailyBudgetUsd,
      dailyBudgetTokens: input.dailyBudgetTokens,
      ...(budgetChanged ? { pausedReason: null, pausedUntil: null } : {}),
      updatedAt: this.clock.now(),
    });
    return this.get(projectId, id);
  }

  async delete(projectId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.store.evaluators.delete(projectId, id))) throw problems.notFound('The evaluator');
  }

  async runs(request: PageRequest, evaluatorId: string): Promise<{ items: EvaluationRunRecord[]; page: Page }> {
    await this.find(request.projectId, evaluatorId);
    return createdPage(this.cursors, request, { evaluatorId }, (limit, after) => this.store.evaluationRuns.list(evaluatorId, limit, after));
  }

  private async find(projectId: string, id: string): Promise<EvaluatorRecord> {
    const record = isUuid(id) ? await this.store.evaluators.find(projectId, id) : null;
    if (!record) throw problems.notFound('The evaluator');
    return record;
  }

  private async view(evaluator: EvaluatorRecord): Promise<EvaluatorView> {
    const now = this.clock.now();
    const { start, end } = utcDay(now);
    const spent = await this.store.evaluationRuns.spent(evaluator.id, start, end);
    // The project's pause stops every evaluator of the project; its reason is the one shown.
    const projectPause = evaluator.isActive ? await this.budgets.projectPause(evaluator.projectId) : null;
    const state: EvaluatorState = !evaluator.isActive ? 'inactive' : projectPause !== null || isPaused(evaluator, now) ? 'paused' : 'active';
    const shown = projectPause !== null ? { ...evaluator, pausedReason: projectPause } : evaluator;
    return { evaluator: shown, state, spentTodayUsd: spent.usd, spentTodayTokens: spent.tokens };
  }
}
