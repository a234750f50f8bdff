import type { Knex } from 'knex';
import type { ExperimentCallRecord, ExperimentCallRepository, ExperimentJobRecord, ExperimentJobRepository } from '../../src/ports/experiment-jobs.js';
import type { Dialect } from '../../src/ports/store.js';
import { fromMillis, toMillis } from './columns.js';
import { completeLeased, releaseLeased } from './leased-outbox.js';

type Row = Record<string, unknown>;

/** How many runs with due jobs one claim looks at. */
const RUNS_PER_CLAIM = 50;

const jobKey = (job: Pick<ExperimentJobRecord, 'kind' | 'itemId' | 'evaluatorId'>): string => (job.kind === 'task' ? `task:${job.itemId}` : `judge:${job.evaluatorId}:${job.itemId}`);

const toJob = (row: Row): ExperimentJobRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  runId: row.run_id as string,
  kind: row.kind as ExperimentJobRecord['kind'],
  itemId: row.item_id as string,
  evaluatorId: (row.evaluator_id as string | null) ?? null,
  attempts: Number(row.attempts),
});

const rowOf = (job: Omit<ExperimentJobRecord, 'attempts'>, at: number): Row => ({
  id: job.id,
  project_id: job.projectId,
  run_id: job.runId,
  job_key: jobKey(job),
  kind: job.kind,
  item_id: job.itemId,
  evaluator_id: job.evaluatorId,
  status: 'pending',
  attempts: 0,
  lease_owner: null,
  lease_expires_at: null,
  last_error: null,
  created_at: at,
  updated_at: at,
});

/** Inserts in chunks: SQLite binds at most 32,766 variables per statement (13 per row). */
const CHUNK = 500;

export class SqlExperimentJobRepository implements ExperimentJobRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(jobs: readonly Omit<ExperimentJobRecord, 'attempts'>[], now: Date): Promise<void> {
    const at = toMillis(now);
    for (let i = 0; i < jobs.length; i += CHUNK) {
      await this.db('experiment_jobs').insert(jobs.slice(i, i + CHUNK).map((job) => rowOf(job, at))).onConflict(['run_id', 'job_key']).ignore();
    }
  }

  async requeue(jobs: readonly Omit<ExperimentJobRecord, 'attempts'>[], now: Date): Promise<void> {
    const at = toMillis(now);
    for (let i = 0; i < jobs.length; i += CHUNK) {
      await this.db('experiment_jobs')
        .insert(jobs.slice(i, i + CHUNK).map((job) => rowOf(job, at)))
        .onConflict(['run_id', 'job_key'])
        .merge(['status', 'attempts', 'lease_owner', 'lease_expires_at', 'last_error', 'updated_at']);
    }
  }

  /**
   * Per run with due jobs: the run's row is locked (PostgreSQL; SQLite has one writer), its leased
   * jobs counted, and at most `concurrency − leased` more claimed — so two workers claiming at once
   * cannot exceed the bound. Run in a transaction (the caller's).
   */
  async claim(owner: string, now: Date, leaseMs: number, limit: number, defaultConcurrency: number): Promise<ExperimentJobRecord[]> {
    const at = toMillis(now);
    const runs = (await this.db('experiment_jobs')
      .where({ status: 'pending' })
      .andWhere((q) => q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<=', at))
      .groupBy('run_id')
      .select('run_id')
      .min({ first: 'created_at' })
      .orderBy('first')
      .limit(RUNS_PER_CLAIM)) as Row[];
    const claimed: ExperimentJobRecord[] = [];
    for (const { run_id: runId } of runs) {
      if (claimed.length >= limit) break;
      const runQuery = this.db('experiment_runs').where({ id: runId }).select('concurrency');
      const run = (await (this.dialect === 'postgres' ? runQuery.forUpdate() : runQuery).first()) as Row | undefined;
      if (!run) continue;
      const concurrency = run.concurrency === null || run.concurrency === undefined ? defaultConcurrency : Number(run.concurrency);
      const leased = await this.db('experiment_jobs').where({ run_id: runId, status: 'pending' }).whereNotNull('lease_owner').andWhere('lease_expires_at', '>', at).count({ n: '*' }).first();
      const free = Math.min(concurrency - Number(leased?.n ?? 0), limit - claimed.length);
      if (free <= 0) continue;
      const due = this.db('experiment_jobs')
        .select('id')
        .where({ run_id: runId, status: 'pending' })
        .andWhere((q) => q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<=', at))
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(free);
      const rows = (await this.db('experiment_jobs')
        .whereIn('id', due)
        .update({ lease_owner: owner, lease_expires_at: at + leaseMs, attempts: this.db.raw('attempts + 1'), updated_at: at })
        .returning('*')) as Row[];
      claimed.push(...rows.map(toJob).sort((a, b) => (a.id < b.id ? -1 : 1)));
    }
    return claimed;
  }

  complete(id: string, owner: string, now: Date): Promise<boolean> {
    return completeLeased(this.db, 'experiment_jobs', id, owner, now);
  }

  async release(id: string, owner: string, error: string, now: Date, retryAt: Date): Promise<void> {
    // The pipeline decides when to give up; the outbox never fails a job by itself here.
    await releaseLeased(this.db, 'experiment_jobs', id, owner, error, now, retryAt, 2_147_483_647);
  }

  async dropPending(runId: string, now: Date): Promise<number> {
    return this.db('experiment_jobs').where({ run_id: runId, status: 'pending' }).update({ status: 'done', lease_owner: null, lease_expires_at: null, last_error: 'the run stopped', updated_at: toMillis(now) });
  }

  async pendingCount(runId: string): Promise<number> {
    const row = await this.db('experiment_jobs').where({ run_id: runId, status: 'pending' }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
}

const toCall = (row: Row): ExperimentCallRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  runId: row.run_id as string,
  itemId: row.item_id as string,
  evaluatorId: (row.evaluator_id as string | null) ?? null,
  kind: row.kind as ExperimentCallRecord['kind'],
  outcome: row.outcome as ExperimentCallRecord['outcome'],
  promptTokens: Number(row.prompt_tokens),
  completionTokens: Number(row.completion_tokens),
  costUsd: Number(row.cost_usd),
  error: (row.error as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
});

export class SqlExperimentCallRepository implements ExperimentCallRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: ExperimentCallRecord): Promise<void> {
    await this.db('experiment_calls').insert({
      id: record.id,
      project_id: record.projectId,
      run_id: record.runId,
      item_id: record.itemId,
      evaluator_id: record.evaluatorId,
      kind: record.kind,
      outcome: record.outcome,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      cost_usd: record.costUsd,
      error: record.error === null ? null : record.error.slice(0, 2000),
      created_at: toMillis(record.createdAt),
    });
  }

  async listByRun(runId: string, limit: number): Promise<ExperimentCallRecord[]> {
    return (await this.db('experiment_calls').where({ run_id: runId }).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit)).map(toCall);
  }
}
