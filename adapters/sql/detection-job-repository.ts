import type { Knex } from 'knex';
import { claimLeased, completeLeased, releaseLeased } from './leased-outbox.js';
import type { Dialect } from '../../src/ports/store.js';
import type { DetectionJobRecord, DetectionJobRepository, FinalizerLoad } from '../../src/ports/detection-jobs.js';
import { fromMillis, fromMillisOrNull, toMillis } from './columns.js';
import { insertStep, transactionConnection } from '../sqlite/prepared-rows.js';

type Row = Record<string, unknown>;

const ENQUEUE_CHUNK = 500;

const toJob = (row: Row): DetectionJobRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  traceId: row.trace_id as string,
  status: row.status as DetectionJobRecord['status'],
  attempts: Number(row.attempts),
  leaseOwner: (row.lease_owner as string | null) ?? null,
  leaseExpiresAt: fromMillisOrNull(row.lease_expires_at as number | null),
  lastError: (row.last_error as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
});

const JOB_COLUMNS = ['id', 'project_id', 'trace_id', 'status', 'attempts', 'created_at', 'updated_at'] as const;
const SCHEDULED_COLUMNS = ['id', 'project_id', 'trace_id', 'status', 'attempts', 'lease_expires_at', 'created_at', 'updated_at'] as const;
/** A trace's pending, unclaimed job waits until the new time (as schedule's knex UPDATE does for a chunk). */
const PUSH_BACK_PENDING = `UPDATE detection_jobs SET lease_expires_at = ?, updated_at = ? WHERE project_id = ? AND trace_id = ? AND status = 'pending' AND lease_owner IS NULL`;

/** A pending job for the trace unless it has one waiting unclaimed (run after PUSH_BACK_PENDING: a pushed-back job stays the trace's one). */
const ADD_UNLESS_PENDING = `INSERT INTO detection_jobs (${SCHEDULED_COLUMNS.join(', ')}) SELECT ?, ?, ?, 'pending', 0, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM detection_jobs WHERE project_id = ? AND trace_id = ? AND status = 'pending' AND lease_owner IS NULL)`;

export class SqlDetectionJobRepository implements DetectionJobRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async enqueue(jobs: { id: string; projectId: string; traceId: string }[], now: Date): Promise<void> {
    if (jobs.length === 0) return;
    const at = toMillis(now);
    // Every ingest enqueues in its transaction: on SQLite, through the reused prepared statement ingest uses.
    const connection = this.dialect === 'sqlite' ? await transactionConnection(this.db) : null;
    if (connection) {
      // Not waited for (the ingest transaction's next statement reports a failure): the request thread goes on.
      connection.pipelineEach([insertStep('detection_jobs', JOB_COLUMNS, jobs.map((job) => [job.id, job.projectId, job.traceId, 'pending', 0, at, at]))], (error) => error);
      return;
    }
    // knex writes a multi-row SQLite insert as one compound SELECT, which SQLite caps at 500 terms.
    for (let start = 0; start < jobs.length; start += ENQUEUE_CHUNK) {
      await this.db('detection_jobs').insert(
        jobs.slice(start, start + ENQUEUE_CHUNK).map((job) => ({ id: job.id, project_id: job.projectId, trace_id: job.traceId, status: 'pending', attempts: 0, created_at: at, updated_at: at })),
      );
    }
  }

  async schedule(jobs: { id: string; projectId: string; traceId: string }[], now: Date, notBefore: Date): Promise<void> {
    if (jobs.length === 0) return;
    const at = toMillis(now);
    const until = toMillis(notBefore);
    // Every OTLP export schedules in its transaction: on SQLite, in one message to the SQLite thread
    // that the request does not wait for (a failure reaches the transaction's next statement), one
    // reused statement pushes a trace's pending, unclaimed job back and another adds a job where
    // the trace then has none — where knex built, bound and read a RETURNING for each export.
    const connection = this.dialect === 'sqlite' ? await transactionConnection(this.db) : null;
    if (connection) {
      connection.pipelineEach(
        [
          { sql: PUSH_BACK_PENDING, rows: jobs.map((job) => [until, at, job.projectId, job.traceId]) },
          { sql: ADD_UNLESS_PENDING, rows: jobs.map((job) => [job.id, job.projectId, job.traceId, until, at, at, job.projectId, job.traceId]) },
        ],
        (error) => error,
      );
      return;
    }
    const pushed = new Set<string>();
    for (let start = 0; start < jobs.length; start += 500) {
      const chunk = jobs.slice(start, start + 500);
      const rows: Row[] = await this.db('detection_jobs')
        .where({ project_id: chunk[0].projectId, status: 'pending' })
        .whereIn('trace_id', chunk.map((job) => job.traceId))
        .whereNull('lease_owner')
        .update({ lease_expires_at: until, updated_at: at }, ['trace_id']);
      for (const row of rows) pushed.add(row.trace_id as string);
    }
    const fresh = jobs.filter((job) => !pushed.has(job.traceId));
    for (let start = 0; start < fresh.length; start += 500) {
      await this.db('detection_jobs').insert(
        fresh.slice(start, start + 500).map((job) => ({
          id: job.id,
          project_id: job.projectId,
          trace_id: job.traceId,
          status: 'pending',
          attempts: 0,
          lease_expires_at: until,
          created_at: at,
          updated_at: at,
        })),
      );
    }
  }

  async claim(owner: string, now: Date, leaseMs: number, limit: number): Promise<DetectionJobRecord[]> {
    const rows = await claimLeased<Row>(this.db, this.dialect, 'detection_jobs', owner, now, leaseMs, limit);
    return rows.map(toJob).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  complete(id: string, owner: string, now: Date): Promise<boolean> {
    return completeLeased(this.db, 'detection_jobs', id, owner, now);
  }

  release(id: string, owner: string, error: string, now: Date, retryAt: Date, maxAttempts: number): Promise<void> {
    return releaseLeased(this.db, 'detection_jobs', id, owner, error, now, retryAt, maxAttempts);
  }

  async findById(id: string): Promise<DetectionJobRecord | null> {
    const row = await this.db('detection_jobs').where({ id }).first();
    return row ? toJob(row) : null;
  }

  async finalizerLoad(now: Date): Promise<FinalizerLoad> {
    const at = toMillis(now);
    const due = (await this.db('detection_jobs')
      .where('status', 'pending')
      .andWhere((q) => q.whereNotNull('lease_owner').orWhereNull('lease_expires_at').orWhere('lease_expires_at', '<=', at))
      .first(this.db.raw('count(*) as due'))) as { due: number | string } | undefined;
    const owners = (await this.db('detection_jobs')
      .distinct('lease_owner')
      .where('status', 'pending')
      .whereNotNull('lease_owner')
      .andWhere('lease_expires_at', '>', at)
      .orderBy('lease_owner')
      .limit(1000)) as { lease_owner: string }[];
    return { due: Number(due?.due ?? 0), leaseOwners: owners.map((row) => row.lease_owner) };
  }
}
