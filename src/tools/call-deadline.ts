import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';
import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { ToolContext } from './tool-definition.js';

/** What a call's deadline rejects with when it passes. */
export class ToolTimeout extends Error {}

/**
 * The deadlines of the calls running now, behind one timer armed for the earliest of them. A
 * setTimeout and a clearTimeout per call (a Timeout object in and out of libuv's timer list) were
 * about 3 % of a `tools/call ping`'s CPU (issue #61 item 3); a call now costs a Set entry. The timer
 * is unref'd: a call in flight keeps the process alive by its request's socket, and a timer left
 * armed after the last call ends (cheaper than clearing and re-arming it for every short call)
 * must not. When it fires it passes what is due and re-arms for the earliest left; Node may fire it
 * up to a millisecond before the time by `performance.now()` (it counts from its loop's cached
 * time), and a deadline not yet due is re-armed for what remains.
 */
class DeadlineTimer {
  private readonly pending = new Set<CallDeadline>();
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Number.POSITIVE_INFINITY;

  add(deadline: CallDeadline): void {
    this.pending.add(deadline);
    if (deadline.at < this.armedFor) this.arm(deadline.at);
  }

  remove(deadline: CallDeadline): void {
    this.pending.delete(deadline);
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = at;
    this.timer = setTimeout(() => this.fire(), Math.max(1, Math.ceil(at - performance.now())));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = performance.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const deadline of this.pending) {
      if (deadline.at <= now) {
        this.pending.delete(deadline);
        deadline.pass();
      } else if (deadline.at < earliest) {
        earliest = deadline.at;
      }
    }
    if (earliest !== Number.POSITIVE_INFINITY) this.arm(earliest);
  }
}

const timer = new DeadlineTimer();

/**
 * A tool call's time bound: `expired` rejects with ToolTimeout once `timeoutMs` pass, and `signal`
 * aborts then. The AbortController is made only when a tool reads `signal` (few do): one made for
 * every call left V8 keeping each call's young objects through the following scavenges — an
 * express endpoint making one per request in a keep-alive loop had 380 KB survive every
 * young-generation collection (440 bytes without), and those copies are the pause in the tail of
 * every short request.
 */
export class CallDeadline {
  readonly expired: Promise<never>;
  /** When it passes, on `performance.now()`'s clock. */
  readonly at: number;
  private controller: AbortController | null = null;
  private passed = false;
  private readonly reject: (reason: unknown) => void;

  constructor(timeoutMs: number) {
    let reject!: (reason: unknown) => void;
    this.expired = new Promise<never>((_resolve, rejectExpired) => {
      reject = rejectExpired;
    });
    this.reject = reject;
    // Raced, not always awaited: a deadline nobody waits on must not be an unhandled rejection.
    this.expired.catch(() => undefined);
    this.at = performance.now() + timeoutMs;
    timer.add(this);
  }

  /** Aborted when the deadline passes (already aborted if it has). */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.passed) this.controller.abort(new ToolTimeout());
    }
    return this.controller.signal;
  }

  /** Whether the deadline has passed. */
  get hasPassed(): boolean {
    return this.passed;
  }

  /** Called by the timer when the time is up. */
  pass(): void {
    this.passed = true;
    this.controller?.abort(new ToolTimeout());
    this.reject(new ToolTimeout());
  }

  /** Stops the clock once the call is over. */
  clear(): void {
    timer.remove(this);
  }
}

/**
 * A tool call's context, its signal read from its deadline on first use. A class, not an object
 * literal with a `get signal()`: on Node 20 every object made by a literal with an accessor
 * outlived the next young-generation collection with all it referred to (3–5.7 MB a scavenge in a
 * keep-alive loop, against 4 KB for the same object without the accessor).
 */
export class CallContext implements ToolContext {
  constructor(
    readonly principal: Principal,
    readonly project: ProjectRecord,
    readonly clock: Clock,
    readonly requestId: string,
    private readonly deadline: CallDeadline,
  ) {}

  get signal(): AbortSignal {
    return this.deadline.signal;
  }
}
