import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface ThreadPoolSettings<J, R> {
  /** Names the pool in its errors ("the scan pool is closed", "scan worker exited with code 1"). */
  name: string;
  /** The worker's entry file; under tsx a `.ts` file, compiled a `.js` one. */
  workerFile: URL;
  /** Handed to every worker as `workerData` (e.g. the database file a reader opens). */
  workerData?: unknown;
  /** Worker threads; jobs beyond them wait in order. */
  workers: number;
  /** How long a job may run once its worker is ready; null: unbounded. */
  deadlineMs(job: J): number | null;
  /** What a caller gets for a job whose worker was terminated at its deadline: a value, or an Error to reject with. */
  overrun(job: J): R | Error;
  /** A worker left idle this long is stopped (started again on the next job); keeps an idle server's threads and memory at zero. */
  idleMs?: number;
  /**
   * The workers' CPU priority as a nice value (0–19; Linux): background work above 0 yields the
   * cores to the request event loop when they are busy. Default 0 (as the server's own).
   */
  niceness?: number;
  /** V8 heap limits of each worker (a worker past them is stopped and its job rejected): bounds work whose memory grows with its input. */
  resourceLimits?: ResourceLimits;
}

const DEFAULT_IDLE_MS = 30_000;

/** This module's own extension: `.ts` under tsx, `.js` compiled; its sibling modules share it. */
const OWN_EXTENSION = path.extname(fileURLToPath(import.meta.url));

/**
 * Compiled and at normal priority, the worker file starts as it is. Otherwise a small bootstrap runs
 * in the thread first: under tsx (development, tests) a thread does not get the TypeScript loader
 * for its entry file on Node 20, so it registers tsx; a background pool lowers the thread's CPU
 * priority (thread-priority.ts) before any job can run; then it imports the worker.
 */
export function startWorker(file: URL, workerData: unknown, niceness: number, resourceLimits?: ResourceLimits): Worker {
  const typescript = path.extname(fileURLToPath(file)) === '.ts';
  if (!typescript && niceness <= 0) return new Worker(file, { workerData, resourceLimits });
  const steps: string[] = [];
  if (typescript) {
    // require.resolve finds the CommonJS build of tsx's API; the thread imports its ESM sibling.
    const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    steps.push(`() => import(${JSON.stringify(tsxApi)}).then(({ register }) => register())`);
  }
  if (niceness > 0) {
    const priority = new URL(`./thread-priority${OWN_EXTENSION}`, import.meta.url).href;
    steps.push(`() => import(${JSON.stringify(priority)}).then(({ lowerThreadPriority }) => lowerThreadPriority(${Math.trunc(niceness)}))`);
  }
  steps.push(`() => import(${JSON.stringify(file.href)})`);
  const bootstrap = `Promise.resolve()${steps.map((step) => `.then(${step})`).join('')};`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/** What a worker posts: `{ ready: true }` once loaded, then `{ id, result }` or `{ id, error, code? }` per job. */
interface WorkerMessage<R> {
  ready?: true;
  id: number;
  result?: R;
  error?: string;
  code?: string;
}

interface Pending<J, R> {
  job: J;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<J, R> {
  worker: Worker | null;
  idleTimer: NodeJS.Timeout | null;
  /** The worker has loaded its code (start-up, which may compile TypeScript, is not charged to a job's deadline). */
  ready: boolean;
  current: (Pending<J, R> & { id: number; timer: NodeJS.Timeout | null }) | null;
}

/**
 * A small worker_threads pool: runs jobs somewhere other than the caller's event loop. Workers
 * start on the first job and hold the process open only while they run one (an idle worker never
 * keeps a finished script or CLI alive; a job in flight is answered before the process can end),
 * and a worker whose job passes its deadline is terminated (the only way to interrupt a thread)
 * and replaced on the next job.
 */
export class ThreadPool<J, R> {
  private readonly slots: Slot<J, R>[];
  private readonly queue: Pending<J, R>[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers terminated for overrunning (observable in tests). */
  terminations = 0;

  /** Worker threads alive now. */
  get liveWorkers(): number {
    return this.slots.filter((slot) => slot.worker !== null).length;
  }

  /** Workers running a job now. */
  get busyWorkers(): number {
    return this.slots.filter((slot) => slot.current !== null).length;
  }

  constructor(private readonly settings: ThreadPoolSettings<J, R>) {
    this.slots = Array.from({ length: Math.max(1, settings.workers) }, () => ({ worker: null, idleTimer: null, ready: false, current: null }));
  }

  run(job: J): Promise<R> {
    if (this.closed) return Promise.reject(this.closedError());
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(this.closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        if (slot.current) {
          if (slot.current.timer) clearTimeout(slot.current.timer);
          slot.current.reject(this.closedError());
          slot.current = null;
        }
        const worker = slot.worker;
        slot.worker = null;
        if (worker) await worker.terminate();
      }),
    );
  }

  private closedError(): Error {
    return new Error(`the ${this.settings.name} pool is closed`);
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
      worker.ref();
      worker.postMessage({ id, job: pending.job });
    }
  }

  private startClock(slot: Slot<J, R>): void {
    const current = slot.current;
    if (!current || current.timer) return;
    const deadline = this.settings.deadlineMs(current.job);
    if (deadline === null) return;
    current.timer = setTimeout(() => this.overrun(slot, current.id), deadline);
    current.timer.unref();
  }

  private spawn(slot: Slot<J, R>): Worker {
    const worker = startWorker(this.settings.workerFile, this.settings.workerData, this.settings.niceness ?? 0, this.settings.resourceLimits);
    slot.ready = false;
    worker.on('message', (message: WorkerMessage<R>) => {
      if (message.ready) {
        slot.ready = true;
        this.startClock(slot);
        return;
      }
      const current = slot.current;
      if (!current || current.id !== message.id) return;
      if (current.timer) clearTimeout(current.timer);
      slot.current = null;
      if (message.error !== undefined) current.reject(Object.assign(new Error(message.error), message.code ? { code: message.code } : {}));
      else current.resolve(message.result!);
      this.dispatch();
      if (!slot.current) {
        worker.unref();
        this.stopWhenIdle(slot, worker);
      }
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
    worker.on('exit', (code) => fail(new Error(`${this.settings.name} worker exited with code ${code}`)));
    // After the listeners: adding a 'message' listener refs a worker's port again (Node 20), and an
    // idle worker referenced so kept every script that used the pool running until it was stopped.
    worker.unref();
    return worker;
  }

  private stopWhenIdle(slot: Slot<J, R>, worker: Worker): void {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.worker !== worker || slot.current) return;
      slot.worker = null;
      void worker.terminate();
    }, this.settings.idleMs ?? DEFAULT_IDLE_MS);
    slot.idleTimer.unref();
  }

  /** The job passed its deadline: stop its worker and settle the caller with the pool's overrun answer. */
  private overrun(slot: Slot<J, R>, id: number): void {
    const current = slot.current;
    if (!current || current.id !== id) return;
    const worker = slot.worker;
    slot.worker = null;
    slot.current = null;
    this.terminations += 1;
    void worker?.terminate();
    const answer = this.settings.overrun(current.job);
    if (answer instanceof Error) current.reject(answer);
    else current.resolve(answer);
    this.dispatch();
  }
}
