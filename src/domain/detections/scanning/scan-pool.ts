import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThreadPool } from '../../background/thread-pool.js';
import type { ScanJob, ScanResult } from './scan-job.js';

/** Runs scan jobs somewhere other than the caller's event loop. */
export interface TextScanner {
  scan(job: ScanJob): Promise<ScanResult>;
  close(): Promise<void>;
}

export interface ScanPoolSettings {
  /** Worker threads; jobs beyond them wait in order. */
  workers: number;
  /**
   * Past its budget plus this grace a job's worker is terminated and replaced: the budget is
   * checked between fields, so this only fires if a single field overruns (it should not: every
   * matcher is linear and fields are capped), and guarantees the bound regardless.
   */
  graceMs: number;
  /** The scan threads' nice value (thread-priority.ts): crafted inputs slow their own project's evaluation, not other tenants' requests. */
  niceness?: number;
  /** A worker left idle this long is stopped (started again on the next job); keeps an idle server's threads and memory at zero. */
  idleMs?: number;
}

// The worker file sits next to this one: scan-worker.js once compiled, scan-worker.ts under tsx.
const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./scan-worker${EXTENSION}`, import.meta.url);

/**
 * Text detections on the shared thread pool. Workers start on the first job (a server whose
 * projects have no regex or pii detections never starts one); a job cut at budget + grace answers
 * as timed out with every field counted unscanned.
 */
export class ScanPool implements TextScanner {
  private readonly pool: ThreadPool<ScanJob, ScanResult>;

  /** Workers terminated for overrunning (observable in tests). */
  get terminations(): number {
    return this.pool.terminations;
  }

  /** Worker threads alive now. */
  get liveWorkers(): number {
    return this.pool.liveWorkers;
  }

  constructor(settings: ScanPoolSettings) {
    this.pool = new ThreadPool<ScanJob, ScanResult>({
      name: 'scan',
      workerFile: WORKER_FILE,
      workers: settings.workers,
      idleMs: settings.idleMs,
      niceness: settings.niceness,
      deadlineMs: (job) => job.budgetMs + settings.graceMs,
      overrun: (job) => ({ hit: null, unscannedFields: job.spans.length * job.fields.length, timedOut: true }),
    });
  }

  scan(job: ScanJob): Promise<ScanResult> {
    return this.pool.run(job);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
