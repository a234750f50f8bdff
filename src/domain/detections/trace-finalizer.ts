import { randomUUID } from 'node:crypto';
import type { FinalizerLoad } from '../../ports/detection-jobs.js';

/** How the trace finalizer's pool is sized (TRACE_FINALIZER_* settings). */
export interface FinalizerScaling {
  /** Workers this process always runs (≥ 1). */
  minWorkers: number;
  /** Workers this process never exceeds. */
  maxWorkers: number;
  /** Due jobs one worker is expected to keep down; the pool wants one worker per this many. */
  backlogPerWorker: number;
  /** How often the backlog is read and the size reconsidered. */
  intervalMs: number;
  /** Consecutive readings that must all want fewer workers before the pool shrinks (scale-up is at once). */
  scaleDownAfter: number;
}

/** One change of the pool's size, as `ops.trace_finalizer_scaled` reports it. */
export interface FinalizerScaled {
  /** This process's finalizer id (the middle of its lease owners, `finalizer.<process>-…`). */
  process: string;
  from: number;
  to: number;
  /** Jobs due when the size was chosen (shared by every replica). */
  backlog: number;
  /** Processes sharing the backlog: this one plus the others holding live leases. */
  replicas: number;
  minWorkers: number;
  maxWorkers: number;
}

/** A worker the pool starts and stops: one evaluation loop claiming under its own lease owner. */
export interface FinalizerWorker {
  start(): void;
  stop(): Promise<void>;
}

const OWNER_PREFIX = 'finalizer.';

/** The lease-owner prefix of this process's workers; `processOfOwner` reads the process back. */
export const finalizerOwnerPrefix = (process: string): string => `${OWNER_PREFIX}${process}`;

/** The process id inside a finalizer lease owner (`finalizer.<process>-<worker>`); null for any other owner. */
export function processOfOwner(owner: string): string | null {
  if (!owner.startsWith(OWNER_PREFIX)) return null;
  const rest = owner.slice(OWNER_PREFIX.length);
  const dash = rest.indexOf('-');
  return dash > 0 ? rest.slice(0, dash) : null;
}

/**
 * The size this process wants: one worker per `backlogPerWorker` due jobs across the deployment,
 * shared evenly by the processes working the queue, within [minWorkers, maxWorkers].
 */
export function wantedSize(load: FinalizerLoad, self: string, scaling: FinalizerScaling): { size: number; replicas: number } {
  const processes = new Set<string>([self]);
  for (const owner of load.leaseOwners) {
    const process = processOfOwner(owner);
    if (process) processes.add(process);
  }
  const replicas = processes.size;
  const total = Math.ceil(load.due / scaling.backlogPerWorker);
  const share = Math.ceil(total / replicas);
  return { size: Math.min(scaling.maxWorkers, Math.max(scaling.minWorkers, share)), replicas };
}

/**
 * The trace finalizer: the workers that settle and evaluate traces (the detection-job outbox),
 * sized by the backlog between configured bounds. Replicas coordinate through the job leases: each
 * counts the processes holding live leases and takes its share. Growing is immediate; shrinking
 * waits for `scaleDownAfter` readings in a row that all want fewer, so a burst's tail does not make
 * the pool flap. Every change is reported to `onScaled` (the `ops.trace_finalizer_scaled` event and
 * the /metrics gauge); a failed report is logged and does not undo the change.
 */
export class TraceFinalizer {
  /** This process's id in lease owners and in the event. */
  readonly process = randomUUID().slice(0, 8);
  private readonly workers: FinalizerWorker[] = [];
  private lowReadings = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly makeWorker: (ownerPrefix: string) => FinalizerWorker,
    private readonly readLoad: () => Promise<FinalizerLoad>,
    private readonly scaling: FinalizerScaling,
    private readonly onScaled: (change: FinalizerScaled) => Promise<void>,
    private readonly log: (message: string) => void,
  ) {
    if (scaling.minWorkers < 1 || scaling.maxWorkers < scaling.minWorkers) throw new Error('TRACE_FINALIZER_MAX_WORKERS must be at least TRACE_FINALIZER_MIN_WORKERS (≥ 1)');
  }

  get size(): number {
    return this.workers.length;
  }

  /** Starts the minimum pool and the sizing loop. */
  start(): void {
    this.running = true;
    this.grow(this.scaling.minWorkers);
    this.schedule();
  }

  /** Reads the backlog once and resizes; the change made, or null. Tests call it directly. */
  tick(): Promise<FinalizerScaled | null> {
    const next = this.ticking.then(() => this.resize());
    this.ticking = next.catch(() => undefined);
    return next;
  }

  /** Stops the sizing loop and every worker, each after its round in flight. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all(this.workers.splice(0).map((worker) => worker.stop()));
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((error: Error) => this.log(`trace finalizer: sizing failed: ${error.message}`))
        .finally(() => this.schedule());
    }, this.scaling.intervalMs);
    this.timer.unref();
  }

  private async resize(): Promise<FinalizerScaled | null> {
    if (!this.running) return null;
    const load = await this.readLoad();
    const { size: wanted, replicas } = wantedSize(load, this.process, this.scaling);
    const from = this.workers.length;
    let to = from;
    if (wanted > from) {
      to = wanted;
      this.lowReadings = 0;
    } else if (wanted < from) {
      this.lowReadings += 1;
      if (this.lowReadings >= this.scaling.scaleDownAfter) to = wanted;
    } else {
      this.lowReadings = 0;
    }
    if (to === from) return null;
    this.lowReadings = 0;
    if (to > from) this.grow(to - from);
    else await Promise.all(this.workers.splice(to).map((worker) => worker.stop()));
    const change: FinalizerScaled = { process: this.process, from, to, backlog: load.due, replicas, minWorkers: this.scaling.minWorkers, maxWorkers: this.scaling.maxWorkers };
    await this.onScaled(change).catch((error: Error) => this.log(`trace finalizer: reporting a change of size failed: ${error.message}`));
    return change;
  }

  private grow(count: number): void {
    for (let i = 0; i < count; i += 1) {
      const worker = this.makeWorker(finalizerOwnerPrefix(this.process));
      this.workers.push(worker);
      worker.start();
    }
  }
}
