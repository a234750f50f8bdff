import type { Clock } from '../clock.js';
import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { ToolContext } from './tool-definition.js';

/** What a call's deadline rejects with when it passes. */
export class ToolTimeout extends Error {}

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
  private controller: AbortController | null = null;
  private passed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number) {
    let reject!: (reason: unknown) => void;
    this.expired = new Promise<never>((_resolve, rejectExpired) => {
      reject = rejectExpired;
    });
    // Raced, not always awaited: a deadline nobody waits on must not be an unhandled rejection.
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      this.passed = true;
      this.controller?.abort(new ToolTimeout());
      reject(new ToolTimeout());
    }, timeoutMs);
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

  /** Stops the clock once the call is over. */
  clear(): void {
    clearTimeout(this.timer);
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
