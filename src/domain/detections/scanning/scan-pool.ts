import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
  /** A worker left idle this long is stopped (started again on the next job); keeps an idle server's threads and memory at zero. */
  idleMs?: number;
}

const DEFAULT_IDLE_MS = 30_000;

// The worker file sits next to this one: scan-worker.js once compiled, scan-worker.ts under tsx.
const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./scan-worker${EXTENSION}`, import.meta.url);

/**
 * Compiled, the worker file starts as it is. Under tsx (development, tests) a thread does not get
 * the TypeScript loader for its entry file on Node 20, so a one-line bootstrap registers tsx in the
 * thread first and then imports the worker.
 */
function startWorker(): Worker {
  if (EXTENSION !== '.ts') return new Worker(WORKER_FILE);
  // require.resolve finds the CommonJS build of tsx's API; the thread imports its ESM sibling.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

interface Pending {
  job: ScanJob;
  resolve: (result: ScanResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  idleTimer: NodeJS.Timeout | null;
  /** The worker has loaded its code (start-up, which may compile TypeScript, is not charged to a job's budget). */
  ready: boolean;
  current: (Pending & { id: number; timer: NodeJS.Timeout | null }) | null;
}

/**
 * A small worker_threads pool for text detections. Workers start on the first job (a server whose
 * projects have no regex or pii detections never starts one), are unref'd so they never hold the
 * process open, and are replaced when one must be stopped for overrunning its budget.
 */
export class ScanPool implements TextScanner {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers terminated for overrunning (observable in tests). */
  terminations = 0;

  /** Worker threads alive now. */
  get liveWorkers(): number {
    return this.slots.filter((slot) => slot.worker !== null).length;
  }

  constructor(private readonly settings: ScanPoolSettings) {
    this.slots = Array.from({ length: Math.max(1, settings.workers) }, () => ({ worker: null, idleTimer: null, ready: false, current: null }));
  }

  scan(job: ScanJob): Promise<ScanResult> {
    if (this.closed) return Promise.reject(new Error('the scan pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('the scan pool is closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        if (slot.current) {
          if (slot.current.timer) clearTimeout(slot.current.timer);
          slot.current.reject(new Error('the scan pool is closed'));
          slot.current = null;
        }
        const worker = slot.worker;
        slot.worker = null;
        if (worker) await worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.current) continue;
      const pending = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      const worker = (slot.worker ??= this.spawn(slot));
      const id = this.nextId++;
      slot.current = { ...pending, id, timer: null };
      if (slot.ready) this.startClock(slot);
      worker.postMessage({ id, job: pending.job });
    }
  }

  private startClock(slot: Slot): void {
    const current = slot.current;
    if (!current || current.timer) return;
    current.timer = setTimeout(() => this.overrun(slot, current.id), current.job.budgetMs + this.settings.graceMs);
    current.timer.unref();
  }

  private spawn(slot: Slot): Worker {
    const worker = startWorker();
    slot.ready = false;
    worker.unref();
    worker.on('message', (message: { ready?: true; id: number; result?: ScanResult; error?: string }) => {
      if (message.ready) {
        slot.ready = true;
        this.startClock(slot);
        return;
      }
      const current = slot.current;
      if (!current || current.id !== message.id) return;
      if (current.timer) clearTimeout(current.timer);
      slot.current = null;
      if (message.error !== undefined) current.reject(new Error(message.error));
      else current.resolve(message.result!);
      this.dispatch();
      if (!slot.current) this.stopWhenIdle(slot, worker);
    });
    const fail = (error: Error) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const current = slot.current;
      slot.current = null;
      if (current) {
        if (current.timer) clearTimeout(current.timer);
        current.reject(error);
      }
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`scan worker exited with code ${code}`)));
    return worker;
  }

  private stopWhenIdle(slot: Slot, worker: Worker): void {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.worker !== worker || slot.current) return;
      slot.worker = null;
      void worker.terminate();
    }, this.settings.idleMs ?? DEFAULT_IDLE_MS);
    slot.idleTimer.unref();
  }

  /** The job overran budget + grace: stop its worker (the only way to interrupt a thread) and report it as cut. */
  private overrun(slot: Slot, id: number): void {
    const current = slot.current;
    if (!current || current.id !== id) return;
    const worker = slot.worker;
    slot.worker = null;
    slot.current = null;
    this.terminations += 1;
    void worker?.terminate();
    current.resolve({ hit: null, unscannedFields: current.job.spans.length * current.job.fields.length, timedOut: true });
    this.dispatch();
  }
}
