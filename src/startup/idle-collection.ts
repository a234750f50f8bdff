import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { CollectGarbage } from '../observability/garbage-collector.js';
import { recordIdleCollection } from '../observability/instruments.js';

/** What the collector watches: the HTTP lifecycle's request counts (src/http/lifecycle.ts). */
export interface RequestActivity {
  readonly requestsInFlight: number;
  readonly requestsStarted: number;
}

export interface IdleCollectorOptions {
  /** Quiet time (no request started or in flight, the process under 5 % of a core) before a collection. */
  quietMs: number;
  activity: RequestActivity;
  /** A collection of the request thread's heap, whole or its young generation (src/observability/garbage-collector.ts). */
  collectHeap: CollectGarbage;
  /** The same for the threads the database runs on (SQLite's connection thread); they have heaps of their own. */
  collectThreads: () => Promise<void>;
  log: (message: string) => void;
  /** CPU time the process has used so far, all threads, in microseconds (default: `process.cpuUsage()`). */
  cpuMicros?: () => number;
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  now?: () => number;
  /** Bytes V8 has committed for the request thread's young generation (default: its `new_space` in `v8.getHeapSpaceStatistics()`). */
  youngGenerationBytes?: () => number;
}

/** The request thread's young generation as V8 has committed it (both semi-spaces). */
function committedYoungGeneration(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Above this share of one core between two looks the process is busy though no request is: background
 * work (settling rollups after a burst, retention, evaluations) allocates as requests do. An idle
 * server's polling loops, every one on, used 1.5 % (310 ms of CPU in 20 s, measured on a busy 2-core machine).
 */
const BUSY_CPU_SHARE = 0.05;
/** Looks per quiet time, or per V8's window when that is longer (`lookIntervalMs`). */
const LOOKS_PER_QUIET_TIME = 2;
const MIN_LOOK_MS = 250;
/**
 * Above this the young generation is still grown after a collection: V8 commits 1 MB for it at rest
 * (two 512 KB semi-spaces) and up to 32 MB under load (two of 16 MB).
 */
const GROWN_YOUNG_GENERATION_BYTES = 4 * 1024 * 1024;
/** Follow-ups of one quiet spell at most, while the young generation stays grown. */
const MAX_FOLLOW_UPS = 4;
/**
 * How far back V8 measures the allocation rate that decides whether a collection shrinks the young
 * generation (its GCTracer's 5,000 ms throughput window), plus a margin for timers. V8 reads that rate
 * from its collections' samples, newest first, until they span the window: a collection sooner than this
 * after the previous one also counts the interval before it, which ended in the burst.
 */
export const ALLOCATION_RATE_WINDOW_MS = 5_250;
const TIMER_TOLERANCE_MS = 100;

/**
 * Looks come every half of the quiet time or of V8's window, whichever is longer: a collection is due
 * two looks after the scavenge that closed the burst (or after the collection it follows up).
 */
export const lookIntervalMs = (quietMs: number): number => Math.max(MIN_LOOK_MS, Math.max(quietMs, ALLOCATION_RATE_WINDOW_MS) / LOOKS_PER_QUIET_TIME);

/**
 * Gives memory back once the server goes quiet (issue #61 item 1).
 *
 * Why: V8 keeps the pages a burst of requests grew its heap to (the old generation past what is
 * alive, the young generation at its 16 MB semi-space maximum) until a later collection needs
 * them, and a quiet server runs none: after start-up it held ~30 MB of young generation it no
 * longer used, and 30 s after an ingest burst it still held 100+ MB more than before it
 * (docs/benchmarks.md). One full collection, once the process has been quiet for the quiet time,
 * lets V8 release them: it frees empty old-space pages and, the allocation rate it measured over
 * its last 5 s being low, shrinks the young generation — which is why a scavenge closes the burst
 * first (below).
 *
 * Quiet means no request started or in flight and the process (all its threads) using under 5 % of
 * a core — so the collection comes after the background work a burst leaves (the rollups it marked)
 * has finished too, when V8 sees a low allocation rate. It runs only if requests were served or the
 * process was busy since the last one, and again only while the young generation stays grown
 * (below), so an idle server collects once, not every quiet time.
 *
 * The cost: the collection holds the request thread (the `tracewell_idle_collection_seconds`
 * histogram: tens of milliseconds on a heap of a few hundred MB); a request arriving during it
 * waits that long. IDLE_COLLECT_SECONDS=0 turns it off.
 */
export class IdleCollector {
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly cpuMicros: () => number;
  private readonly youngGenerationBytes: () => number;
  /** The request count and CPU time at the last look, and since when the process has been quiet. */
  private seenStarted: number;
  private seenCpu: number;
  private seenAt: number;
  private quietSince: number;
  /** Requests served or busy looks since the last collection (start-up counts as one). */
  private activeSinceCollection = true;
  /** When the last collection of this quiet spell ran, while a follow-up is still to come. */
  private followUpFrom: number | null = null;
  /** Follow-ups of this quiet spell so far. */
  private followUps = 0;
  /** A collection ran since the last look. */
  private afterCollection = false;
  /**
   * When the last activity was closed off by a scavenge (below), while no collection has run since: the
   * collection that follows waits until V8's allocation-rate window holds only the quiet after it.
   */
  private markedAt: number | null = null;
  private looking: Promise<boolean> | null = null;
  /** Collections run (tests read it). */
  collections = 0;

  constructor(private readonly options: IdleCollectorOptions) {
    this.now = options.now ?? (() => performance.now());
    this.youngGenerationBytes = options.youngGenerationBytes ?? committedYoungGeneration;
    this.cpuMicros = options.cpuMicros ?? (() => {
      const usage = process.cpuUsage();
      return usage.user + usage.system;
    });
    this.seenStarted = options.activity.requestsStarted;
    this.seenCpu = this.cpuMicros();
    this.seenAt = this.now();
    this.quietSince = this.seenAt;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), lookIntervalMs(this.options.quietMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** One look: collects when the server has been quiet for the quiet time and has something to give back; true if it collected. */
  look(): Promise<boolean> {
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = null;
    });
    return this.looking;
  }

  private async lookOnce(): Promise<boolean> {
    const { activity, quietMs } = this.options;
    const now = this.now();
    const cpu = this.cpuMicros();
    // The look right after a collection does not read the CPU: V8 sweeps the collected heap on helper
    // threads after it, which a process's CPU time counts, and a large heap would otherwise wake it again.
    const busyShare = this.afterCollection || now <= this.seenAt ? 0 : (cpu - this.seenCpu) / 1000 / (now - this.seenAt);
    this.afterCollection = false;
    const requested = activity.requestsInFlight > 0 || activity.requestsStarted !== this.seenStarted;
    this.seenStarted = activity.requestsStarted;
    this.seenCpu = cpu;
    this.seenAt = now;
    if (requested || busyShare > BUSY_CPU_SHARE) {
      this.activeSinceCollection = true;
      this.followUpFrom = null;
      this.quietSince = now;
      this.markedAt = null;
    }
    // V8 shrinks the young generation in a collection only when the allocation rate it measured over the
    // last 5 s, back through whole intervals between its collections, is low. An idle server scavenges
    // rarely (every few seconds, or not for a while after start-up), so the interval ending at the idle
    // collection reached back into the burst and the young generation stayed at its 32 MB (issue #61
    // item 1: given back only by a third collection, 16 s after the bench's first API request). A scavenge
    // at the first look that finds nothing in flight closes that interval at the burst's end, and the
    // collection waits until V8's window holds only the quiet after it.
    if (this.activeSinceCollection && this.markedAt === null && activity.requestsInFlight === 0) {
      this.options.collectHeap('young');
      this.markedAt = now;
    }
    if (requested || busyShare > BUSY_CPU_SHARE) return false;
    const dueAt = this.activeSinceCollection
      ? Math.max(this.quietSince + quietMs, (this.markedAt ?? -Infinity) + ALLOCATION_RATE_WINDOW_MS)
      : this.followUpFrom === null
        ? null
        : this.followUpFrom + Math.max(quietMs, ALLOCATION_RATE_WINDOW_MS);
    // Timers may run a little before their time by the clock read here (libuv's loop time is cached).
    if (dueAt === null || now < dueAt - TIMER_TOLERANCE_MS) return false;
    // A collection that left the young generation grown (work after the burst kept the rate up) is
    // followed up, while it stays grown, up to MAX_FOLLOW_UPS, each a quiet time (and V8's window) after
    // the last: the collection closes V8's interval as the scavenge did.
    const followUp = !this.activeSinceCollection;

    const started = this.now();
    this.options.collectHeap();
    recordIdleCollection((this.now() - started) / 1000);
    try {
      await this.options.collectThreads();
    } catch (error) {
      this.options.log(`idle collection of the database threads: ${(error as Error).message}`);
    }
    this.collections += 1;
    this.markedAt = null;
    this.followUps = followUp ? this.followUps + 1 : 0;
    const another = this.followUps < MAX_FOLLOW_UPS && this.youngGenerationBytes() > GROWN_YOUNG_GENERATION_BYTES;
    this.followUpFrom = another ? now : null;
    this.activeSinceCollection = false;
    this.afterCollection = true;
    return true;
  }
}
