import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThreadPool } from '../../background/thread-pool.js';
import type { TrainingJob, TrainingOutcome } from './classifier-training.js';

export interface TrainingPoolSettings {
  /** Trainings run one at a time per worker; more wait in order. */
  workers: number;
  /** Heap (MB) a training thread may use; past it the thread is stopped and the training failed. */
  maxHeapMb: number;
  /** Past the job's budget plus this grace the thread is terminated. */
  graceMs: number;
  niceness?: number;
}

const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./training-worker${EXTENSION}`, import.meta.url);

/** Classifier trainings on their own low-priority thread(s), under time and heap budgets. */
export class TrainingPool {
  private readonly pool: ThreadPool<TrainingJob, TrainingOutcome>;

  constructor(settings: TrainingPoolSettings) {
    this.pool = new ThreadPool<TrainingJob, TrainingOutcome>({
      name: 'training',
      workerFile: WORKER_FILE,
      workers: settings.workers,
      niceness: settings.niceness,
      idleMs: 10_000,
      resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
      deadlineMs: (job) => job.budgetMs + settings.graceMs,
      overrun: () => new Error('training ran out of its time budget'),
    });
  }

  train(job: TrainingJob): Promise<TrainingOutcome> {
    return this.pool.run(job);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
