import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import { WorkLoop } from '../background/work-loop.js';

/**
 * Periodic work whose effects must happen once: monitor windows, digests, approval expiry,
 * backfill batches, annotation deadlines. A task names its due work as slot keys; the scheduler runs
 * each slot in one transaction together with the slot's record, so across server processes on one
 * database a slot's writes (and the webhook events it enqueues) commit once or not at all.
 */
export interface ScheduledTask {
  /** Stable name; part of each run's key. */
  readonly name: string;
  /**
   * Slot keys due at `now` — deterministic, so every process names the same slots (e.g. the ends of
   * windows not yet evaluated, read from the task's own state, which `run` advances). Bounded: the
   * scheduler takes at most `SLOTS_PER_TASK` per pass and asks again at once.
   */
  dueSlots(now: Date): Promise<string[]>;
  /**
   * Does one slot. Runs inside one transaction (services built on the runtime's ambient store join
   * it), so keep it short: on SQLite it holds the single writer lock while it runs.
   */
  run(slot: string, now: Date): Promise<void>;
  /**
   * Called (outside any transaction) when a slot failed `MAX_ATTEMPTS` times and will not be tried
   * again, so the task can move past it; without it the slot is only logged.
   */
  giveUp?(slot: string, error: string, now: Date): Promise<void>;
}

export const SLOTS_PER_TASK = 50;
export const MAX_ATTEMPTS = 5;
/** Finished slots are remembered this long: tasks derive due slots from their own state, not from this record. */
export const RUN_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** 30 s, 1 min, 2 min, 4 min … capped at one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

export class Scheduler {
  readonly owner = `scheduler-${randomUUID().slice(0, 8)}`;
  private readonly tasks = new Map<string, ScheduledTask>();
  private readonly loop: WorkLoop;
  /** Passes of this process run one after another: a test's tick() waits for the loop's. */
  private chain: Promise<unknown> = Promise.resolve();
  private more = false;
  private lastPrune = Number.NEGATIVE_INFINITY;

  /**
   * `transact` opens the transaction a slot runs in; the runtime passes one that makes it ambient,
   * so the services a task calls write through it.
   */
  constructor(
    private readonly store: Store,
    private readonly transact: <T>(work: (tx: Store) => Promise<T>) => Promise<T>,
    private readonly clock: Clock,
    pollMs: number,
    private readonly log: (message: string) => void,
  ) {
    this.loop = new WorkLoop(async () => {
      await this.tick();
      return this.more;
    }, pollMs);
  }

  register(task: ScheduledTask): void {
    if (this.tasks.has(task.name)) throw new Error(`scheduled task ${task.name} is registered twice`);
    this.tasks.set(task.name, task);
  }

  /** One pass over every task at the clock's time; resolves to the number of slots this process ran. */
  tick(): Promise<number> {
    const pass = this.chain.then(() => this.pass());
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.chain;
  }

  private async pass(): Promise<number> {
    const now = this.clock.now();
    let ran = 0;
    this.more = false;
    for (const task of this.tasks.values()) {
      let slots: string[];
      try {
        slots = await task.dueSlots(now);
      } catch (error) {
        this.log(`scheduler: ${task.name} could not list its due slots: ${(error as Error).message}`);
        continue;
      }
      if (slots.length > SLOTS_PER_TASK) this.more = true;
      for (const slot of slots.slice(0, SLOTS_PER_TASK)) {
        if (await this.runSlot(task, slot, now)) ran += 1;
      }
    }
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.store.scheduledRuns.prune(new Date(now.getTime() - RUN_RETENTION_MS), 1000).catch((error: Error) => {
        this.log(`scheduler: pruning finished runs failed: ${error.message}`);
      });
    }
    return ran;
  }

  /** True when this process claimed and ran the slot; false when it was done elsewhere, waits for a retry, or failed. */
  private async runSlot(task: ScheduledTask, slot: string, now: Date): Promise<boolean> {
    try {
      return await this.transact(async (tx) => {
        if (!(await tx.scheduledRuns.claim(task.name, slot, this.owner, now, MAX_ATTEMPTS))) return false;
        await task.run(slot, now);
        return true;
      });
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      try {
        const attempts = await this.store.scheduledRuns.recordFailure(task.name, slot, this.owner, message.slice(0, 2000), now, retryDelayMs);
        this.log(`scheduler: ${task.name} slot ${slot} failed (attempt ${attempts} of ${MAX_ATTEMPTS}): ${message}`);
        if (attempts >= MAX_ATTEMPTS && task.giveUp) await task.giveUp(slot, message, now);
      } catch (recordError) {
        this.log(`scheduler: ${task.name} slot ${slot} failed (${message}) and the failure could not be recorded: ${(recordError as Error).message}`);
      }
      return false;
    }
  }
}
