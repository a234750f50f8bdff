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
  /** Quiet time (no request started or in flight) before a collection. */
  quietMs: number;
  activity: RequestActivity;
  /** A full collection of the request thread's heap (src/observability/garbage-collector.ts). */
  collectHeap: CollectGarbage;
  /** The same for the threads the database runs on (SQLite's connection thread); they have heaps of their own. */
  collectThreads: () => Promise<void>;
  log: (message: string) => void;
  /** The heap V8 has committed now, in bytes (default: the request thread's `total_heap_size`). */
  committedHeap?: () => number;
  /** Milliseconds on a monotonic clock (default `performance.now`). */
  now?: () => number;
}

/**
 * Background work (rollups, retention, detections) that grows the committed heap by this much
 * since the last collection earns one, too, once requests are quiet: requests are not all that allocates.
 */
const BACKGROUND_GROWTH_BYTES = 32 * 1024 * 1024;
/** How often the collector looks at the request counts, as a fraction of the quiet time (a collection then comes 1–1.5 quiet times after the last request). */
const LOOKS_PER_QUIET_TIME = 2;
const MIN_LOOK_MS = 250;

/**
 * Gives memory back once the server goes quiet (issue #61 item 1).
 *
 * Why: V8 keeps the pages a burst of requests grew its heap to (the old generation past what is
 * alive, the young generation at its 16 MB semi-space maximum) until a later collection needs
 * them, and a quiet server runs none: 30 s after an ingest burst the server still held ~130 MB
 * more than before it, and after start-up ~30 MB of young generation it no longer used
 * (docs/benchmarks.md). One full collection, when nothing has been asked of the server for the
 * quiet time, lets V8 release them: it frees empty old-space pages and shrinks the young
 * generation when allocation is slow. It runs only after requests were served (or background work
 * grew the heap) since the last one, so an idle server collects once, not every quiet time.
 *
 * The cost: the collection holds the request thread (the `tracewell_idle_collection_seconds`
 * histogram: tens of milliseconds on a heap of a few hundred MB); a request arriving during it
 * waits that long. IDLE_COLLECT_SECONDS=0 turns it off.
 */
export class IdleCollector {
  private timer: NodeJS.Timeout | null = null;
  private readonly now: () => number;
  private readonly committedHeap: () => number;
  /** The request count at the last look, and since when it has not changed with nothing in flight. */
  private seenStarted: number;
  private quietSince: number;
  /** The request count and committed heap right after the last collection (start-up counts as served). */
  private collectedAtStarted = -1;
  private committedAfter = 0;
  private looking: Promise<boolean> | null = null;
  /** Collections run (tests read it). */
  collections = 0;

  constructor(private readonly options: IdleCollectorOptions) {
    this.now = options.now ?? (() => performance.now());
    this.committedHeap = options.committedHeap ?? (() => v8.getHeapStatistics().total_heap_size);
    this.seenStarted = options.activity.requestsStarted;
    this.quietSince = this.now();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.look(), Math.max(MIN_LOOK_MS, this.options.quietMs / LOOKS_PER_QUIET_TIME));
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
    if (activity.requestsInFlight > 0 || activity.requestsStarted !== this.seenStarted) {
      this.seenStarted = activity.requestsStarted;
      this.quietSince = now;
      return false;
    }
    if (now - this.quietSince < quietMs) return false;
    const served = activity.requestsStarted !== this.collectedAtStarted;
    const grew = this.committedHeap() > this.committedAfter + BACKGROUND_GROWTH_BYTES;
    if (!served && !grew) return false;

    const started = this.now();
    this.options.collectHeap();
    recordIdleCollection((this.now() - started) / 1000);
    try {
      await this.options.collectThreads();
    } catch (error) {
      this.options.log(`idle collection of the database threads: ${(error as Error).message}`);
    }
    this.collections += 1;
    this.collectedAtStarted = activity.requestsStarted;
    this.committedAfter = this.committedHeap();
    return true;
  }
}
