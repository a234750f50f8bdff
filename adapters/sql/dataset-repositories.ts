import type { Knex } from 'knex';
import type {
  DatasetItemRecord,
  DatasetRecord,
  DatasetRepository,
  ExperimentRepository,
  ExperimentResultRecord,
  ExperimentRunRecord,
  NewestFirstPosition,
  OldestFirstPosition,
  RunScoreValue,
} from '../../src/ports/datasets.js';
import type { Dialect } from '../../src/ports/store.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';
import { toScore } from './evaluation-repositories.js';
import type { ScoreRecord } from '../../src/ports/evaluations.js';

type Row = Record<string, unknown>;

const json = (value: unknown): string => JSON.stringify(value === undefined ? null : value);
const nullableNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function newestFirst(query: Knex.QueryBuilder, after: NewestFirstPosition | null, limit: number): Knex.QueryBuilder {
  query.orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  if (after) query.andWhere((q) => q.where('created_at', '<', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
  return query.limit(limit);
}

function oldestFirst(query: Knex.QueryBuilder, after: OldestFirstPosition | null, limit: number, idColumn: string, prefix = ''): Knex.QueryBuilder {
  query.orderBy([
    { column: `${prefix}created_at`, order: 'asc' },
    { column: `${prefix}${idColumn}`, order: 'asc' },
  ]);
  if (after) {
    query.andWhere((q) =>
      q.where(`${prefix}created_at`, '>', after.createdAt).orWhere((same) => same.where(`${prefix}created_at`, after.createdAt).andWhere(`${prefix}${idColumn}`, '>', after.id)),
    );
  }
  return query.limit(limit);
}

const toDataset = (row: Row): DatasetRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  description: (row.description as string | null) ?? null,
  metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  version: Number(row.version),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toItem = (row: Row): DatasetItemRecord => ({
  id: row.item_id as string,
  datasetId: row.dataset_id as string,
  version: Number(row.version),
  input: JSON.parse(row.input as string) as unknown,
  expectedOutput: JSON.parse(row.expected_output as string) as unknown,
  metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  sourceTraceId: (row.source_trace_id as string | null) ?? null,
  sourceSpanId: (row.source_span_id as string | null) ?? null,
  status: row.status as DatasetItemRecord['status'],
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlDatasetRepository implements DatasetRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async insert(record: DatasetRecord): Promise<boolean> {
    try {
      // A savepoint, so a name conflict does not abort an enclosing PostgreSQL transaction.
      await this.db.transaction(async (trx) => {
        await trx('datasets').insert({
          id: record.id,
          project_id: record.projectId,
          name: record.name,
          description: record.description,
          metadata: json(record.metadata),
          version: record.version,
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

  async find(projectId: string, id: string): Promise<DatasetRecord | null> {
    const row = await this.db('datasets').where({ project_id: projectId, id }).first();
    return row ? toDataset(row) : null;
  }

  async findForUpdate(projectId: string, id: string): Promise<DatasetRecord | null> {
    const query = this.db('datasets').where({ project_id: projectId, id });
    // SQLite serializes writers already; PostgreSQL needs the row lock so two item writes cannot take one version.
    if (this.dialect === 'postgres') query.forUpdate();
    const row = await query.first();
    return row ? toDataset(row) : null;
  }

  async list(projectId: string, limit: number, after: NewestFirstPosition | null): Promise<DatasetRecord[]> {
    return (await newestFirst(this.db('datasets').where({ project_id: projectId }), after, limit)).map(toDataset);
  }

  async update(
    projectId: string,
    id: string,
    changes: { name?: string; description?: string | null; metadata?: Record<string, unknown>; version?: number; updatedAt: Date },
  ): Promise<boolean> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.description !== undefined) row.description = changes.description;
    if (changes.metadata !== undefined) row.metadata = json(changes.metadata);
    if (changes.version !== undefined) row.version = changes.version;
    try {
      await this.db.transaction(async (trx) => {
        await trx('datasets').where({ project_id: projectId, id }).update(row);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const results = this.db('experiment_results').select('experiment_results.id').join('experiment_runs', 'experiment_runs.id', 'experiment_results.run_id').where('experiment_runs.dataset_id', id);
    await this.db('scores').where({ project_id: projectId }).whereIn('experiment_result_id', results).delete();
    // Runs, results and item versions go with the dataset (ON DELETE CASCADE).
    return (await this.db('datasets').where({ project_id: projectId, id }).delete()) > 0;
  }

  async insertItemVersion(record: DatasetItemRecord): Promise<void> {
    await this.db('dataset_item_versions').insert({
      item_id: record.id,
      version: record.version,
      dataset_id: record.datasetId,
      input: json(record.input),
      expected_output: json(record.expectedOutput),
      metadata: json(record.metadata),
      source_trace_id: record.sourceTraceId,
      source_span_id: record.sourceSpanId,
      status: record.status,
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    });
  }

  /** Each item's latest state at or below `asOf`. */
  private asOf(datasetId: string, asOf: number): Knex.QueryBuilder {
    return this.db('dataset_item_versions as v')
      .where('v.dataset_id', datasetId)
      .andWhere('v.version', '<=', asOf)
      .whereNotExists((later) =>
        later.select(this.db.raw('1')).from('dataset_item_versions as w').whereRaw('w.item_id = v.item_id').andWhere('w.version', '<=', asOf).andWhereRaw('w.version > v.version'),
      );
  }

  async listItems(datasetId: string, asOf: number, includeArchived: boolean, limit: number, after: OldestFirstPosition | null): Promise<DatasetItemRecord[]> {
    const query = this.asOf(datasetId, asOf).select('v.*');
    if (!includeArchived) query.andWhere('v.status', 'active');
    return (await oldestFirst(query, after, limit, 'item_id', 'v.')).map(toItem);
  }

  async findItem(datasetId: string, itemId: string, asOf: number): Promise<DatasetItemRecord | null> {
    const row = await this.asOf(datasetId, asOf).andWhere('v.item_id', itemId).select('v.*').first();
    return row ? toItem(row) : null;
  }

  async countActiveItems(datasetId: string, asOf: number): Promise<number> {
    const row = await this.asOf(datasetId, asOf).andWhere('v.status', 'active').count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async countItems(datasetId: string): Promise<number> {
    const row = await this.db('dataset_item_versions').where({ dataset_id: datasetId }).countDistinct({ n: 'item_id' }).first();
    return Number(row?.n ?? 0);
  }
}

const toRun = (row: Row): ExperimentRunRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  datasetId: row.dataset_id as string,
  name: row.name as string,
  datasetVersion: Number(row.dataset_version),
  metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  status: row.status as ExperimentRunRecord['status'],
  baseline: toBoolean(row.baseline),
  createdAt: fromMillis(row.created_at as number),
  completedAt: fromMillisOrNull(row.completed_at as number | null),
  task: parseJson<ExperimentRunRecord['task']>(row.task, null),
  statusReason: (row.status_reason as string | null) ?? null,
  startedBy: (row.started_by as string | null) ?? null,
  phase: (row.phase as ExperimentRunRecord['phase']) ?? null,
});

const toResult = (row: Row): ExperimentResultRecord => ({
  id: row.id as string,
  runId: row.run_id as string,
  itemId: row.item_id as string,
  output: JSON.parse(row.output as string) as unknown,
  traceId: (row.trace_id as string | null) ?? null,
  latencyMs: nullableNumber(row.latency_ms),
  costUsd: nullableNumber(row.cost_usd),
  promptTokens: nullableNumber(row.prompt_tokens),
  completionTokens: nullableNumber(row.completion_tokens),
  error: (row.error as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
});

export class SqlExperimentRepository implements ExperimentRepository {
  constructor(private readonly db: Knex) {}

  async insertRun(record: ExperimentRunRecord): Promise<void> {
    await this.db('experiment_runs').insert({
      id: record.id,
      project_id: record.projectId,
      dataset_id: record.datasetId,
      name: record.name,
      dataset_version: record.datasetVersion,
      metadata: json(record.metadata),
      status: record.status,
      baseline: record.baseline,
      created_at: toMillis(record.createdAt),
      completed_at: record.completedAt ? toMillis(record.completedAt) : null,
      task: record.task === null ? null : json(record.task),
      status_reason: record.statusReason,
      started_by: record.startedBy,
      phase: record.phase,
      concurrency: record.task?.concurrency ?? null,
    });
  }

  async findRunById(runId: string): Promise<ExperimentRunRecord | null> {
    const row = await this.db('experiment_runs').where({ id: runId }).first();
    return row ? toRun(row) : null;
  }

  async idleServerRuns(limit: number): Promise<ExperimentRunRecord[]> {
    const pending = this.db('experiment_jobs').select(this.db.raw('1')).whereRaw('experiment_jobs.run_id = experiment_runs.id').andWhere('experiment_jobs.status', 'pending');
    const rows = await this.db('experiment_runs').where({ status: 'running' }).whereNotNull('task').whereNotExists(pending).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit);
    return rows.map(toRun);
  }

  async findRun(datasetId: string, runId: string): Promise<ExperimentRunRecord | null> {
    const row = await this.db('experiment_runs').where({ dataset_id: datasetId, id: runId }).first();
    return row ? toRun(row) : null;
  }

  async listRuns(datasetId: string, limit: number, after: NewestFirstPosition | null): Promise<ExperimentRunRecord[]> {
    return (await newestFirst(this.db('experiment_runs').where({ dataset_id: datasetId }), after, limit)).map(toRun);
  }

  async updateRun(
    runId: string,
    changes: { name?: string; status?: ExperimentRunRecord['status']; completedAt?: Date | null; baseline?: boolean; statusReason?: string | null; phase?: ExperimentRunRecord['phase'] },
    fromStatus?: ExperimentRunRecord['status'],
  ): Promise<boolean> {
    const row: Row = {};
    if (changes.statusReason !== undefined) row.status_reason = changes.statusReason;
    if (changes.phase !== undefined) row.phase = changes.phase;
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.status !== undefined) row.status = changes.status;
    if (changes.completedAt !== undefined) row.completed_at = changes.completedAt ? toMillis(changes.completedAt) : null;
    if (changes.baseline !== undefined) row.baseline = changes.baseline;
    if (Object.keys(row).length === 0) return true;
    const query = this.db('experiment_runs').where({ id: runId });
    if (fromStatus !== undefined) query.andWhere({ status: fromStatus });
    return (await query.update(row)) > 0;
  }

  async clearBaseline(datasetId: string): Promise<void> {
    await this.db('experiment_runs').where({ dataset_id: datasetId, baseline: true }).update({ baseline: false });
  }

  async findBaseline(datasetId: string): Promise<ExperimentRunRecord | null> {
    const row = await this.db('experiment_runs').where({ dataset_id: datasetId, baseline: true }).first();
    return row ? toRun(row) : null;
  }

  async countResults(runId: string): Promise<number> {
    const row = await this.db('experiment_results').where({ run_id: runId }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async findResultByItem(runId: string, itemId: string): Promise<ExperimentResultRecord | null> {
    const row = await this.db('experiment_results').where({ run_id: runId, item_id: itemId }).first();
    return row ? toResult(row) : null;
  }

  async deleteResultScoresNamed(resultId: string, name: string): Promise<void> {
    await this.db('scores').where({ experiment_result_id: resultId, name }).delete();
  }

  async deleteResult(resultId: string): Promise<void> {
    await this.db('scores').where({ experiment_result_id: resultId }).delete();
    await this.db('experiment_results').where({ id: resultId }).delete();
  }

  async insertResult(record: ExperimentResultRecord): Promise<void> {
    await this.db('experiment_results').insert({
      id: record.id,
      run_id: record.runId,
      item_id: record.itemId,
      output: json(record.output),
      trace_id: record.traceId,
      latency_ms: record.latencyMs,
      cost_usd: record.costUsd,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      error: record.error,
      created_at: toMillis(record.createdAt),
    });
  }

  async listResults(runId: string, limit: number, after: OldestFirstPosition | null): Promise<ExperimentResultRecord[]> {
    return (await oldestFirst(this.db('experiment_results').where({ run_id: runId }), after, limit, 'id')).map(toResult);
  }

  async resultScores(resultIds: string[]): Promise<ScoreRecord[]> {
    if (resultIds.length === 0) return [];
    const rows = await this.db('scores').whereIn('experiment_result_id', resultIds).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toScore);
  }

  async runScores(runId: string, limit: number): Promise<RunScoreValue[]> {
    const rows = await this.db('scores as s')
      .join('experiment_results as r', 'r.id', 's.experiment_result_id')
      .where('r.run_id', runId)
      .select('r.item_id', 's.name', 's.data_type', 's.numeric_value', 's.string_value')
      .orderBy([{ column: 'r.item_id' }, { column: 's.name' }, { column: 's.created_at' }, { column: 's.id' }])
      .limit(limit);
    return rows.map((row: Row) => {
      const dataType = row.data_type as RunScoreValue['dataType'];
      const numeric = row.numeric_value === null ? null : Number(row.numeric_value);
      return {
        itemId: row.item_id as string,
        name: row.name as string,
        dataType,
        value: dataType === 'categorical' ? (row.string_value as string) : dataType === 'boolean' ? numeric === 1 : (numeric as number),
      };
    });
  }
}
