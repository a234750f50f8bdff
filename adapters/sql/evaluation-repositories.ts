import type { Knex } from 'knex';
import { claimLeased, completeLeased, releaseLeased } from './leased-outbox.js';
import type { Dialect } from '../../src/ports/store.js';
import type { PlaygroundRunRecord, PlaygroundRunRepository } from '../../src/ports/playground-runs.js';
import type {
  AnnotationBatchRecord,
  AnnotationBatchStatus,
  AnnotationItemRecord,
  AssignedItemPosition,
  AssignedItemRecord,
  AnnotationQueueRecord,
  AnnotationRepository,
  BatchNotice,
  CreatedPosition,
  EvaluationBudgetRecord,
  EvaluationBudgetRepository,
  EvaluationJobRecord,
  EvaluationJobRepository,
  EvaluationRunRecord,
  EvaluationRunRepository,
  EvaluatorChanges,
  EvaluatorRecord,
  EvaluatorRepository,
  ModelConnectionRecord,
  ModelConnectionRepository,
  ScoreFilters,
  ScoreRecord,
  ScoreRepository,
} from '../../src/ports/evaluations.js';
import { canonicalJson } from '../../src/pagination/cursor.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;
const CHUNK = 500;

/** Newest first, after the keyset position of the previous page. */
function newestFirst(query: Knex.QueryBuilder, after: CreatedPosition | null, limit: number, prefix = ''): Knex.QueryBuilder {
  query.orderBy([
    { column: `${prefix}created_at`, order: 'desc' },
    { column: `${prefix}id`, order: 'desc' },
  ]);
  if (after) {
    query.andWhere((q) =>
      q.where(`${prefix}created_at`, '<', after.createdAt).orWhere((same) => same.where(`${prefix}created_at`, after.createdAt).andWhere(`${prefix}id`, '<', after.id)),
    );
  }
  return query.limit(limit);
}

export const toScore = (row: Row): ScoreRecord => {
  const dataType = row.data_type as ScoreRecord['dataType'];
  const numeric = row.numeric_value === null ? null : Number(row.numeric_value);
  return {
    id: row.id as string,
    projectId: row.project_id as string,
    name: row.name as string,
    dataType,
    value: dataType === 'categorical' ? (row.string_value as string) : dataType === 'boolean' ? numeric === 1 : (numeric as number),
    target: row.target as ScoreRecord['target'],
    traceId: (row.trace_id as string | null) ?? null,
    spanId: (row.span_id as string | null) ?? null,
    sessionId: (row.session_id as string | null) ?? null,
    source: row.source as ScoreRecord['source'],
    author: (row.author as string | null) ?? null,
    comment: (row.comment as string | null) ?? null,
    evaluatorId: (row.evaluator_id as string | null) ?? null,
    experimentResultId: (row.experiment_result_id as string | null) ?? null,
    createdAt: fromMillis(row.created_at as number),
  };
};

export class SqlScoreRepository implements ScoreRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: ScoreRecord): Promise<void> {
    const { value } = record;
    await this.db('scores').insert({
      id: record.id,
      project_id: record.projectId,
      name: record.name,
      data_type: record.dataType,
      numeric_value: typeof value === 'number' ? value : typeof value === 'boolean' ? (value ? 1 : 0) : null,
      string_value: typeof value === 'string' ? value : null,
      target: record.target,
      trace_id: record.traceId,
      span_id: record.spanId,
      session_id: record.sessionId,
      source: record.source,
      author: record.author,
      comment: record.comment,
      evaluator_id: record.evaluatorId,
      experiment_result_id: record.experimentResultId ?? null,
      created_at: toMillis(record.createdAt),
    });
  }

  async find(projectId: string, id: string): Promise<ScoreRecord | null> {
    const row = await this.db('scores').where({ project_id: projectId, id }).first();
    return row ? toScore(row) : null;
  }

  async list(projectId: string, filters: ScoreFilters, limit: number, after: CreatedPosition | null): Promise<ScoreRecord[]> {
    const query = this.db('scores').where({ project_id: projectId });
    if (filters.traceId !== undefined) query.andWhere('trace_id', filters.traceId);
    if (filters.spanId !== undefined) query.andWhere('span_id', filters.spanId);
    if (filters.sessionId !== undefined) query.andWhere('session_id', filters.sessionId);
    if (filters.name !== undefined) query.andWhere('name', filters.name);
    if (filters.source !== undefined) query.andWhere('source', filters.source);
    return (await newestFirst(query, after, limit)).map(toScore);
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('scores').where({ project_id: projectId, id }).delete()) > 0;
  }

  async deleteEvaluatorScores(projectId: string, evaluatorId: string, traceId: string): Promise<void> {
    await this.db('scores').where({ project_id: projectId, evaluator_id: evaluatorId, trace_id: traceId, target: 'trace' }).delete();
  }

  async targetExists(projectId: string, traceId: string, spanId: string | null): Promise<boolean> {
    const row = spanId === null
      ? await this.db('traces').where({ project_id: projectId, id: traceId }).first('id')
      : await this.db('spans').where({ project_id: projectId, trace_id: traceId, span_id: spanId }).first('span_id');
    return row !== undefined;
  }
}

const toConnection = (row: Row): ModelConnectionRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  baseUrl: row.base_url as string,
  model: row.model as string,
  apiKeyCiphertext: row.api_key_ciphertext as string,
  createdAt: fromMillis(row.created_at as number),
});

export class SqlModelConnectionRepository implements ModelConnectionRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: ModelConnectionRecord): Promise<boolean> {
    try {
      // A savepoint, so a name conflict does not abort an enclosing PostgreSQL transaction.
      await this.db.transaction(async (trx) => {
        await trx('model_connections').insert({
          id: record.id,
          project_id: record.projectId,
          name: record.name,
          base_url: record.baseUrl,
          model: record.model,
          api_key_ciphertext: record.apiKeyCiphertext,
          created_at: toMillis(record.createdAt),
        });
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(projectId: string, id: string): Promise<ModelConnectionRecord | null> {
    const row = await this.db('model_connections').where({ project_id: projectId, id }).first();
    return row ? toConnection(row) : null;
  }

  async list(projectId: string, limit: number, after: CreatedPosition | null): Promise<ModelConnectionRecord[]> {
    return (await newestFirst(this.db('model_connections').where({ project_id: projectId }), after, limit)).map(toConnection);
  }

  async update(record: ModelConnectionRecord): Promise<'updated' | 'conflict' | 'missing'> {
    try {
      // A savepoint, as on insert: a name conflict must not abort an enclosing PostgreSQL transaction.
      const changed = await this.db.transaction((trx) =>
        trx('model_connections')
          .where({ project_id: record.projectId, id: record.id })
          .update({ name: record.name, base_url: record.baseUrl, model: record.model, api_key_ciphertext: record.apiKeyCiphertext }),
      );
      return changed > 0 ? 'updated' : 'missing';
    } catch (error) {
      if (isUniqueViolation(error)) return 'conflict';
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('model_connections').where({ project_id: projectId, id }).delete()) > 0;
  }
}

const toEvaluator = (row: Row): EvaluatorRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  modelConnectionId: row.model_connection_id as string,
  name: row.name as string,
  template: row.template as EvaluatorRecord['template'],
  prompt: row.prompt as string,
  variables: parseJson<EvaluatorRecord['variables']>(row.variables, {}),
  scoreName: row.score_name as string,
  samplingRate: Number(row.sampling_rate),
  filters: parseJson<EvaluatorRecord['filters']>(row.filters, []),
  dailyBudgetUsd: row.daily_budget_usd === null ? null : Number(row.daily_budget_usd),
  dailyBudgetTokens: row.daily_budget_tokens === null ? null : Number(row.daily_budget_tokens),
  isActive: toBoolean(row.is_active),
  pausedReason: (row.paused_reason as string | null) ?? null,
  pausedUntil: fromMillisOrNull(row.paused_until as number | null),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlEvaluatorRepository implements EvaluatorRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: EvaluatorRecord): Promise<boolean> {
    try {
      await this.db.transaction(async (trx) => {
        await trx('evaluators').insert({
          id: record.id,
          project_id: record.projectId,
          model_connection_id: record.modelConnectionId,
          name: record.name,
          template: record.template,
          prompt: record.prompt,
          variables: canonicalJson(record.variables),
          score_name: record.scoreName,
          sampling_rate: record.samplingRate,
          filters: canonicalJson(record.filters),
          daily_budget_usd: record.dailyBudgetUsd,
          daily_budget_tokens: record.dailyBudgetTokens,
          is_active: record.isActive,
          paused_reason: record.pausedReason,
          paused_until: record.pausedUntil ? toMillis(record.pausedUntil) : null,
          created_at: toMillis(record.createdAt),
          updated_at: toMillis(record.updatedAt),
        });
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(projectId: string, id: string): Promise<EvaluatorRecord | null> {
    const row = await this.db('evaluators').where({ project_id: projectId, id }).first();
    return row ? toEvaluator(row) : null;
  }

  async listActive(projectId: string): Promise<EvaluatorRecord[]> {
    return (await this.db('evaluators').where({ project_id: projectId, is_active: true }).orderBy('created_at')).map(toEvaluator);
  }

  async list(projectId: string, limit: number, after: CreatedPosition | null): Promise<EvaluatorRecord[]> {
    return (await newestFirst(this.db('evaluators').where({ project_id: projectId }), after, limit)).map(toEvaluator);
  }

  async update(projectId: string, id: string, changes: EvaluatorChanges): Promise<boolean> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.isActive !== undefined) row.is_active = changes.isActive;
    if (changes.samplingRate !== undefined) row.sampling_rate = changes.samplingRate;
    if (changes.filters !== undefined) row.filters = canonicalJson(changes.filters);
    if (changes.dailyBudgetUsd !== undefined) row.daily_budget_usd = changes.dailyBudgetUsd;
    if (changes.dailyBudgetTokens !== undefined) row.daily_budget_tokens = changes.dailyBudgetTokens;
    if (changes.pausedReason !== undefined) row.paused_reason = changes.pausedReason;
    if (changes.pausedUntil !== undefined) row.paused_until = changes.pausedUntil ? toMillis(changes.pausedUntil) : null;
    return (await this.db('evaluators').where({ project_id: projectId, id }).update(row)) > 0;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('evaluators').where({ project_id: projectId, id }).delete()) > 0;
  }
}

const toJob = (row: Row): EvaluationJobRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  evaluatorId: row.evaluator_id as string,
  traceId: row.trace_id as string,
  status: row.status as EvaluationJobRecord['status'],
  attempts: Number(row.attempts),
  leaseOwner: (row.lease_owner as string | null) ?? null,
  leaseExpiresAt: fromMillisOrNull(row.lease_expires_at as number | null),
  lastError: (row.last_error as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
});

export class SqlEvaluationJobRepository implements EvaluationJobRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(jobs: { id: string; projectId: string; evaluatorId: string; traceId: string }[], now: Date): Promise<void> {
    const at = toMillis(now);
    for (let start = 0; start < jobs.length; start += CHUNK) {
      await this.db('evaluation_jobs').insert(
        jobs.slice(start, start + CHUNK).map((job) => ({
          id: job.id,
          project_id: job.projectId,
          evaluator_id: job.evaluatorId,
          trace_id: job.traceId,
          status: 'pending',
          attempts: 0,
          created_at: at,
          updated_at: at,
        })),
      );
    }
  }

  async schedule(jobs: { id: string; projectId: string; evaluatorId: string; traceId: string }[], now: Date, notBefore: Date): Promise<void> {
    const at = toMillis(now);
    const fresh: typeof jobs = [];
    for (const job of jobs) {
      const pushed = await this.db('evaluation_jobs')
        .where({ project_id: job.projectId, evaluator_id: job.evaluatorId, trace_id: job.traceId, status: 'pending' })
        .whereNull('lease_owner')
        .update({ lease_expires_at: toMillis(notBefore), updated_at: at });
      if (pushed === 0) fresh.push(job);
    }
    for (let start = 0; start < fresh.length; start += CHUNK) {
      await this.db('evaluation_jobs').insert(
        fresh.slice(start, start + CHUNK).map((job) => ({
          id: job.id,
          project_id: job.projectId,
          evaluator_id: job.evaluatorId,
          trace_id: job.traceId,
          status: 'pending',
          attempts: 0,
          lease_expires_at: toMillis(notBefore),
          created_at: at,
          updated_at: at,
        })),
      );
    }
  }

  async claim(owner: string, now: Date, leaseMs: number, limit: number): Promise<EvaluationJobRecord[]> {
    const rows = await claimLeased<Row>(this.db, this.dialect, 'evaluation_jobs', owner, now, leaseMs, limit);
    return rows.map(toJob).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  complete(id: string, owner: string, now: Date): Promise<boolean> {
    return completeLeased(this.db, 'evaluation_jobs', id, owner, now);
  }

  release(id: string, owner: string, error: string, now: Date, retryAt: Date, maxAttempts: number): Promise<void> {
    return releaseLeased(this.db, 'evaluation_jobs', id, owner, error, now, retryAt, maxAttempts);
  }

  async findById(id: string): Promise<EvaluationJobRecord | null> {
    const row = await this.db('evaluation_jobs').where({ id }).first();
    return row ? toJob(row) : null;
  }
}

const toRun = (row: Row): EvaluationRunRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  evaluatorId: row.evaluator_id as string,
  traceId: row.trace_id as string,
  outcome: row.outcome as EvaluationRunRecord['outcome'],
  scoreId: (row.score_id as string | null) ?? null,
  error: (row.error as string | null) ?? null,
  promptTokens: Number(row.prompt_tokens),
  completionTokens: Number(row.completion_tokens),
  costUsd: Number(row.cost_usd),
  createdAt: fromMillis(row.created_at as number),
});

export class SqlEvaluationRunRepository implements EvaluationRunRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: EvaluationRunRecord): Promise<void> {
    await this.db('evaluation_runs').insert({
      id: record.id,
      project_id: record.projectId,
      evaluator_id: record.evaluatorId,
      trace_id: record.traceId,
      outcome: record.outcome,
      score_id: record.scoreId,
      error: record.error,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      cost_usd: record.costUsd,
      created_at: toMillis(record.createdAt),
    });
  }

  async list(evaluatorId: string, limit: number, after: CreatedPosition | null): Promise<EvaluationRunRecord[]> {
    return (await newestFirst(this.db('evaluation_runs').where({ evaluator_id: evaluatorId }), after, limit)).map(toRun);
  }

  /** An evaluator's spend: its judgements of traces and of experiment results. */
  async spent(evaluatorId: string, from: Date, to: Date): Promise<{ tokens: number; usd: number }> {
    return total([await this.sum({ evaluator_id: evaluatorId }, from, to), await this.sum({ evaluator_id: evaluatorId }, from, to, 'experiment_calls')]);
  }

  /** The project's spend: evaluators, playground runs and server-side experiment runs draw on one budget. */
  async spentByProject(projectId: string, from: Date, to: Date): Promise<{ tokens: number; usd: number }> {
    return total([
      await this.sum({ project_id: projectId }, from, to),
      await this.sum({ project_id: projectId }, from, to, 'playground_runs'),
      await this.sum({ project_id: projectId }, from, to, 'experiment_calls'),
    ]);
  }

  private async sum(where: Record<string, string>, from: Date, to: Date, table: 'evaluation_runs' | 'playground_runs' | 'experiment_calls' = 'evaluation_runs'): Promise<{ tokens: number; usd: number }> {
    const row = (await this.db(table)
      .where(where)
      .andWhere('created_at', '>=', toMillis(from))
      .andWhere('created_at', '<', toMillis(to))
      .select(this.db.raw('COALESCE(SUM(prompt_tokens + completion_tokens), 0) AS tokens'), this.db.raw('COALESCE(SUM(cost_usd), 0) AS usd'))
      .first()) as Row | undefined;
    // Rounded to a nano-dollar, as costs are: sums of binary fractions drift in the last digits.
    return { tokens: Number(row?.tokens ?? 0), usd: Math.round(Number(row?.usd ?? 0) * 1e9) / 1e9 };
  }
}

/** Spends added, rounded to a nano-dollar as each sum is. */
const total = (parts: readonly { tokens: number; usd: number }[]): { tokens: number; usd: number } => ({
  tokens: parts.reduce((sum, p) => sum + p.tokens, 0),
  usd: Math.round(parts.reduce((sum, p) => sum + p.usd, 0) * 1e9) / 1e9,
});

const toQueue = (row: Row, members: string[]): AnnotationQueueRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  target: row.target as AnnotationQueueRecord['target'],
  scoreConfig: parseJson<AnnotationQueueRecord['scoreConfig']>(row.score_config, { name: 'score', dataType: 'numeric' }),
  members,
  createdAt: fromMillis(row.created_at as number),
});

const toBatch = (row: Row): AnnotationBatchRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  queueId: row.queue_id as string,
  status: row.status as AnnotationBatchStatus,
  deadlineAt: fromMillis(row.deadline_at as number),
  remindAt: fromMillisOrNull(row.remind_at as number | null),
  reminderSentAt: fromMillisOrNull(row.reminder_sent_at as number | null),
  approachingSentAt: fromMillisOrNull(row.approaching_sent_at as number | null),
  passedSentAt: fromMillisOrNull(row.passed_sent_at as number | null),
  completedAt: fromMillisOrNull(row.completed_at as number | null),
  createdAt: fromMillis(row.created_at as number),
});

const toItem = (row: Row): AnnotationItemRecord => ({
  id: row.id as string,
  batchId: row.batch_id as string,
  projectId: row.project_id as string,
  traceId: row.trace_id as string,
  spanId: (row.span_id as string | null) ?? null,
  assignee: row.assignee as string,
  position: Number(row.position),
  status: row.status as AnnotationItemRecord['status'],
  scoreId: (row.score_id as string | null) ?? null,
  respondedAt: fromMillisOrNull(row.responded_at as number | null),
});

const NOTICE_COLUMN: Record<BatchNotice, string> = { reminder: 'reminder_sent_at', approaching: 'approaching_sent_at', passed: 'passed_sent_at' };

export class SqlAnnotationRepository implements AnnotationRepository {
  constructor(private readonly db: Knex) {}

  async insertQueue(record: AnnotationQueueRecord): Promise<void> {
    await this.db('annotation_queues').insert({
      id: record.id,
      project_id: record.projectId,
      name: record.name,
      target: record.target,
      score_config: canonicalJson(record.scoreConfig),
      created_at: toMillis(record.createdAt),
    });
  }

  private async membersOf(queueIds: string[]): Promise<Map<string, string[]>> {
    const members = new Map<string, string[]>(queueIds.map((id) => [id, []]));
    if (queueIds.length === 0) return members;
    const rows: Row[] = await this.db('annotation_queue_members').whereIn('queue_id', queueIds).orderBy([{ column: 'created_at' }, { column: 'user_id' }]);
    for (const row of rows) members.get(row.queue_id as string)!.push(row.user_id as string);
    return members;
  }

  async findQueue(projectId: string, id: string): Promise<AnnotationQueueRecord | null> {
    const row = await this.db('annotation_queues').where({ project_id: projectId, id }).first();
    return row ? toQueue(row, (await this.membersOf([id])).get(id)!) : null;
  }

  async listQueues(projectId: string, limit: number, after: CreatedPosition | null): Promise<AnnotationQueueRecord[]> {
    const rows: Row[] = await newestFirst(this.db('annotation_queues').where({ project_id: projectId }), after, limit);
    const members = await this.membersOf(rows.map((r) => r.id as string));
    return rows.map((row) => toQueue(row, members.get(row.id as string)!));
  }

  async addMember(queueId: string, userId: string, now: Date): Promise<boolean> {
    const existing = await this.db('annotation_queue_members').where({ queue_id: queueId, user_id: userId }).first();
    if (existing) return false;
    await this.db('annotation_queue_members').insert({ queue_id: queueId, user_id: userId, created_at: toMillis(now) });
    return true;
  }

  async removeMember(queueId: string, userId: string): Promise<boolean> {
    return (await this.db('annotation_queue_members').where({ queue_id: queueId, user_id: userId }).delete()) > 0;
  }

  async insertBatch(batch: AnnotationBatchRecord, items: AnnotationItemRecord[]): Promise<void> {
    await this.db('annotation_batches').insert({
      id: batch.id,
      project_id: batch.projectId,
      queue_id: batch.queueId,
      status: batch.status,
      deadline_at: toMillis(batch.deadlineAt),
      remind_at: batch.remindAt ? toMillis(batch.remindAt) : null,
      created_at: toMillis(batch.createdAt),
    });
    for (let start = 0; start < items.length; start += CHUNK) {
      await this.db('annotation_items').insert(
        items.slice(start, start + CHUNK).map((item) => ({
          id: item.id,
          batch_id: item.batchId,
          project_id: item.projectId,
          trace_id: item.traceId,
          span_id: item.spanId,
          assignee: item.assignee,
          position: item.position,
          status: item.status,
        })),
      );
    }
  }

  async findBatch(projectId: string, queueId: string, batchId: string): Promise<AnnotationBatchRecord | null> {
    const row = await this.db('annotation_batches').where({ project_id: projectId, queue_id: queueId, id: batchId }).first();
    return row ? toBatch(row) : null;
  }

  async findBatchById(batchId: string): Promise<AnnotationBatchRecord | null> {
    const row = await this.db('annotation_batches').where({ id: batchId }).first();
    return row ? toBatch(row) : null;
  }

  async items(batchId: string): Promise<AnnotationItemRecord[]> {
    return (await this.db('annotation_items').where({ batch_id: batchId }).orderBy('position')).map(toItem);
  }

  async answerItem(batchId: string, itemId: string, scoreId: string, now: Date): Promise<boolean> {
    const count = await this.db('annotation_items')
      .where({ batch_id: batchId, id: itemId, status: 'pending' })
      .update({ status: 'done', score_id: scoreId, responded_at: toMillis(now) });
    return count === 1;
  }

  async setBatchStatus(batchId: string, status: AnnotationBatchStatus, completedAt: Date | null): Promise<void> {
    await this.db('annotation_batches')
      .where({ id: batchId })
      .update({ status, completed_at: completedAt ? toMillis(completedAt) : null });
  }

  async dueNotices(notice: BatchNotice, now: Date, approachingMs: number, limit: number): Promise<AnnotationBatchRecord[]> {
    const at = toMillis(now);
    const query = this.db('annotation_batches').whereNull(NOTICE_COLUMN[notice]).orderBy([{ column: 'deadline_at' }, { column: 'id' }]).limit(limit);
    if (notice === 'reminder') query.where({ status: 'open' }).whereNotNull('remind_at').andWhere('remind_at', '<=', at).andWhere('deadline_at', '>', at);
    if (notice === 'approaching') query.where({ status: 'open' }).andWhere('deadline_at', '<=', at + approachingMs).andWhere('deadline_at', '>', at);
    if (notice === 'passed') query.where({ status: 'open' }).andWhere('deadline_at', '<=', at);
    return (await query).map(toBatch);
  }

  async listBatches(queueId: string, limit: number, after: CreatedPosition | null): Promise<AnnotationBatchRecord[]> {
    return (await newestFirst(this.db('annotation_batches').where({ queue_id: queueId }), after, limit)).map(toBatch);
  }

  async assignedItems(projectId: string, userId: string, status: 'pending' | 'done' | undefined, after: AssignedItemPosition | null, limit: number): Promise<AssignedItemRecord[]> {
    const query = this.db('annotation_items as i')
      .join('annotation_batches as b', 'b.id', 'i.batch_id')
      .join('annotation_queues as q', 'q.id', 'b.queue_id')
      .where({ 'i.project_id': projectId, 'i.assignee': userId })
      .select('i.*', 'b.queue_id as queue_id', 'b.deadline_at as deadline_at', 'q.name as queue_name');
    if (status) query.andWhere('i.status', status);
    // 'pending' sorts after 'done', so pending-first is status descending.
    if (after) {
      query.andWhere((q) =>
        q
          .where('i.status', '<', after.status)
          .orWhere((r) =>
            r.where('i.status', after.status).andWhere((t) => t.where('b.deadline_at', '>', after.deadline).orWhere((u) => u.where('b.deadline_at', after.deadline).andWhere('i.id', '>', after.id))),
          ),
      );
    }
    const rows: Row[] = await query.orderBy([{ column: 'i.status', order: 'desc' }, { column: 'b.deadline_at', order: 'asc' }, { column: 'i.id', order: 'asc' }]).limit(limit);
    return rows.map((row) => ({ ...toItem(row), queueId: row.queue_id as string, queueName: row.queue_name as string, deadlineAt: fromMillis(row.deadline_at as number) }));
  }

  async markNotice(batchId: string, notice: BatchNotice, now: Date): Promise<boolean> {
    const column = NOTICE_COLUMN[notice];
    return (await this.db('annotation_batches').where({ id: batchId }).whereNull(column).update({ [column]: toMillis(now) })) === 1;
  }
}

const toBudget = (row: Row): EvaluationBudgetRecord => ({
  projectId: row.project_id as string,
  dailyBudgetUsd: row.daily_budget_usd === null ? null : Number(row.daily_budget_usd),
  dailyBudgetTokens: row.daily_budget_tokens === null ? null : Number(row.daily_budget_tokens),
  pausedReason: (row.paused_reason as string | null) ?? null,
  pausedUntil: fromMillisOrNull(row.paused_until as number | null),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlEvaluationBudgetRepository implements EvaluationBudgetRepository {
  constructor(private readonly db: Knex) {}

  async find(projectId: string): Promise<EvaluationBudgetRecord | null> {
    const row = await this.db('evaluation_budgets').where({ project_id: projectId }).first();
    return row ? toBudget(row) : null;
  }

  async put(record: EvaluationBudgetRecord): Promise<void> {
    const row = {
      daily_budget_usd: record.dailyBudgetUsd,
      daily_budget_tokens: record.dailyBudgetTokens,
      paused_reason: null,
      paused_until: null,
      updated_at: toMillis(record.updatedAt),
    };
    await this.db('evaluation_budgets').insert({ project_id: record.projectId, ...row }).onConflict('project_id').merge(row);
  }

  async setPause(projectId: string, reason: string | null, until: Date | null, now: Date): Promise<void> {
    await this.db('evaluation_budgets')
      .where({ project_id: projectId })
      .update({ paused_reason: reason, paused_until: until ? toMillis(until) : null, updated_at: toMillis(now) });
  }
}

/** Playground runs' spend (the runs themselves are traces). */
export class SqlPlaygroundRunRepository implements PlaygroundRunRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: PlaygroundRunRecord): Promise<void> {
    await this.db('playground_runs').insert({
      id: record.id,
      project_id: record.projectId,
      trace_id: record.traceId,
      model_connection_id: record.modelConnectionId,
      outcome: record.outcome,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      cost_usd: record.costUsd,
      created_at: toMillis(record.createdAt),
    });
  }
}
