import { ProblemError } from '../../errors.js';

/** The operations expensive enough to be capped per credential. */
export type CostClass = 'search' | 'batch_ingest' | 'trend' | 'analytics';

export type ConcurrencyLimits = Record<CostClass, number>;

/** Fair share's knobs (docs/tenant-safety-runtime.md, "Fair share under mixed load"). */
export interface FairShareSettings {
  /** Expensive operations of each class one credential may run at once (CONCURRENCY_*_PER_CREDENTIAL). */
  limits: ConcurrencyLimits;
  /** Operations of one credential and class that may wait for a slot beyond those running (CONCURRENCY_QUEUE_PER_CREDENTIAL); more are refused. */
  queueDepth: number;
  /** The longest an operation waits for its slot before it is refused (CONCURRENCY_QUEUE_WAIT_MS). */
  maxWaitMs: number;
  /**
   * Milliseconds of expensive work per second an organization may keep running while other
   * organizations are using the server (FAIR_SHARE_BUSY_MS_PER_SECOND); 0: no budget.
   */
  busyMsPerSecond: number;
  /** The budget an organization may spend at once before it is paced (FAIR_SHARE_BURST_MS). */
  burstMs: number;
}

/** How long after its last request another organization still counts as present. */
const CONTENTION_WINDOW_MS = 1000;

const LABELS: Record<CostClass, string> = { search: 'searches', batch_ingest: 'batch ingests', trend: 'detection trends', analytics: 'analytics queries' };

/** Seconds a refused caller is asked to wait: expensive operations take on the order of a second. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

/** Who pays for an expensive operation: the credential holds the slot, the organization (tenant) pays the busy time. */
export interface Payer {
  credentialId: string;
  tenantId: string;
}

/** Gives a slot back and charges its busy time (idempotent). */
export interface SlotRelease {
  (): void;
  /** Charges from now on: an upload's transfer time is the client's, not the server's work. */
  restartClock(): void;
}

interface Waiter {
  start: () => void;
  refuse: (error: ProblemError) => void;
  timer: NodeJS.Timeout;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

interface Budget {
  /** Busy milliseconds the tenant may still spend; negative: in debt, paced until repaid. */
  balance: number;
  refilledAt: number;
}

/**
 * Fair share between tenants for expensive operations (search, batch ingest, trend), in two parts:
 *
 * - **Slots per credential**: at most `limits[class]` run at once; up to `queueDepth` more wait
 *   in arrival order (at most `maxWaitMs`), and one beyond that is refused at once with 429 and
 *   Retry-After. Waiting parks a closed-loop flood without costing the process anything, where
 *   refusals it retries at once would each cost a request's worth of work.
 * - **Busy time per tenant, under contention**: each finished operation charges its duration to
 *   its organization, whose budget refills at `busyMsPerSecond` up to `burstMs`. While another
 *   organization has been seen in the last second, a tenant in debt starts nothing more until it is
 *   repaid. Alone on the server a tenant is never paced (the budget is work-conserving); under
 *   contention one tenant's searches and batches keep the process busy for at most about
 *   `busyMsPerSecond` of each second, however many connections or credentials it uses.
 *
 * Both are per process, like the in-process rate limits.
 */
export class ConcurrencyCaps {
  private readonly lanes = new Map<string, Lane>();
  private readonly budgets = new Map<string, Budget>();
  private readonly lastSeen = new Map<string, number>();
  private readonly wakeups = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly settings: FairShareSettings,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Notes that `tenantId` is using the server (any request): its presence is what makes others' budgets apply. */
  noteActivity(tenantId: string): void {
    this.lastSeen.set(tenantId, this.now());
    if (this.lastSeen.size > 10_000) this.forgetQuietTenants();
  }

  /**
   * Takes a slot (waiting in the queue if needed) or throws the 429; the returned function gives
   * it back and charges the busy time (idempotent). `abandoned` resolves when the caller went
   * away: a waiting operation then leaves the queue.
   */
  async acquire(payer: Payer, costClass: CostClass, abandoned?: Promise<unknown>): Promise<SlotRelease> {
    const key = `${costClass}\u0000${payer.credentialId}`;
    const lane = this.laneOf(key);
    const limit = this.settings.limits[costClass];
    this.noteActivity(payer.tenantId);
    if (lane.waiting.length === 0 && lane.running < limit && !this.paced(payer.tenantId)) return this.start(key, lane, limit, payer.tenantId);
    if (lane.waiting.length >= this.settings.queueDepth) {
      this.dropIfIdle(key, lane);
      throw this.refusal(costClass, limit);
    }
    await new Promise<void>((resolve, reject) => {
      // Settled once: started, timed out, or its caller went away (the last also fires after a started request ends).
      let settled = false;
      const waiter: Waiter = {
        start: () => {
          if (settled) return;
          settled = true;
          clearTimeout(waiter.timer);
          resolve();
        },
        refuse: (error) => {
          if (settled) return;
          settled = true;
          clearTimeout(waiter.timer);
          this.leaveQueue(key, lane, waiter);
          reject(error);
        },
        timer: setTimeout(() => waiter.refuse(this.refusal(costClass, limit)), this.settings.maxWaitMs),
      };
      waiter.timer.unref();
      lane.waiting.push(waiter);
      void abandoned?.then(() => waiter.refuse(this.refusal(costClass, limit)));
      this.admit(key, lane, limit, payer.tenantId);
    });
    return this.start(key, lane, limit, payer.tenantId, true);
  }

  /** Runs `work` in a slot of `costClass` for `payer`, or throws the 429 without running it. */
  async run<T>(payer: Payer, costClass: CostClass, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(payer, costClass);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** In flight now, for tests and diagnostics. */
  running(credentialId: string, costClass: CostClass): number {
    return this.lanes.get(`${costClass}\u0000${credentialId}`)?.running ?? 0;
  }

  /** Waiting for a slot now, for tests and diagnostics. */
  waiting(credentialId: string, costClass: CostClass): number {
    return this.lanes.get(`${costClass}\u0000${credentialId}`)?.waiting.length ?? 0;
  }

  /** The tenant's busy-time balance in ms (negative: in debt), for tests and diagnostics. */
  balance(tenantId: string): number {
    return this.refilled(tenantId).balance;
  }

  private laneOf(key: string): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  /** Runs the operation's clock; `reserved`: admit() already counted the slot for a waiter. */
  private start(key: string, lane: Lane, limit: number, tenantId: string, reserved = false): SlotRelease {
    if (!reserved) lane.running += 1;
    let started = this.now();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      lane.running -= 1;
      this.charge(tenantId, this.now() - started);
      this.admit(key, lane, limit, tenantId);
      this.dropIfIdle(key, lane);
    };
    return Object.assign(release, {
      restartClock: () => {
        started = this.now();
      },
    });
  }

  /** Starts waiters while slots are free and the tenant is not paced; when paced, looks again once the debt is repaid. */
  private admit(key: string, lane: Lane, limit: number, tenantId: string): void {
    while (lane.waiting.length > 0 && lane.running < limit) {
      const pacedForMs = this.pacedFor(tenantId);
      if (pacedForMs > 0) {
        this.wakeLater(key, lane, limit, tenantId, pacedForMs);
        return;
      }
      const waiter = lane.waiting.shift()!;
      lane.running += 1; // reserved for the waiter, which starts its clock when it resumes
      waiter.start();
    }
  }

  private wakeLater(key: string, lane: Lane, limit: number, tenantId: string, delayMs: number): void {
    if (this.wakeups.has(key)) return;
    const timer = setTimeout(() => {
      this.wakeups.delete(key);
      this.admit(key, lane, limit, tenantId);
    }, Math.ceil(delayMs));
    timer.unref();
    this.wakeups.set(key, timer);
  }

  private leaveQueue(key: string, lane: Lane, waiter: Waiter): void {
    const index = lane.waiting.indexOf(waiter);
    if (index >= 0) lane.waiting.splice(index, 1);
    this.dropIfIdle(key, lane);
  }

  /** Forgets an empty lane — only this one: a later acquire may already have made a new lane for the key. */
  private dropIfIdle(key: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
  }

  private paced(tenantId: string): boolean {
    return this.pacedFor(tenantId) > 0;
  }

  /** Milliseconds until the tenant may start again: 0 without a budget, without contention, or out of debt. */
  private pacedFor(tenantId: string): number {
    const { busyMsPerSecond } = this.settings;
    if (busyMsPerSecond <= 0 || !this.othersPresent(tenantId)) return 0;
    const { balance } = this.refilled(tenantId);
    return balance >= 0 ? 0 : (-balance / busyMsPerSecond) * 1000;
  }

  private othersPresent(tenantId: string): boolean {
    const horizon = this.now() - CONTENTION_WINDOW_MS;
    for (const [other, seen] of this.lastSeen) if (other !== tenantId && seen >= horizon) return true;
    return false;
  }

  private refilled(tenantId: string): Budget {
    const now = this.now();
    const budget = this.budgets.get(tenantId) ?? { balance: this.settings.burstMs, refilledAt: now };
    budget.balance = Math.min(this.settings.burstMs, budget.balance + ((now - budget.refilledAt) / 1000) * this.settings.busyMsPerSecond);
    budget.refilledAt = now;
    this.budgets.set(tenantId, budget);
    return budget;
  }

  private charge(tenantId: string, busyMs: number): void {
    if (this.settings.busyMsPerSecond <= 0) return;
    this.refilled(tenantId).balance -= busyMs;
  }

  private forgetQuietTenants(): void {
    const horizon = this.now() - CONTENTION_WINDOW_MS;
    for (const [tenant, seen] of this.lastSeen) {
      if (seen < horizon) {
        this.lastSeen.delete(tenant);
        const budget = this.budgets.get(tenant);
        if (budget && this.refilled(tenant).balance >= this.settings.burstMs) this.budgets.delete(tenant);
      }
    }
  }

  private refusal(costClass: CostClass, limit: number): ProblemError {
    return new ProblemError(
      429,
      'PUBLIC_API_CONCURRENCY_LIMITED',
      `At most ${limit} ${LABELS[costClass]} may run at once per credential; retry when one in flight has finished.`,
      { headers: { 'Retry-After': String(CONCURRENCY_RETRY_AFTER_SECONDS) } },
    );
  }
}
