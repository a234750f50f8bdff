import { UNPACED, type BackgroundPacer } from './background-pacer.js';

/**
 * A background loop of the server process: runs `round` at once on start, again at once while a
 * round reports that work remains, else after `pollMs`; never two rounds at once. stop() waits for
 * the round in flight, so a draining server finishes (or abandons to lease expiry) what it claimed.
 * A round handles and logs its own failures; one that throws anyway counts as "no work left".
 * Rounds are paced: while requests are in flight, a round is followed by a pause (background-pacer.ts).
 */
export class WorkLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly round: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly pacer: BackgroundPacer = UNPACED,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pacer
        .step(() => this.round())
        .catch(() => false)
        .then((more) => {
          this.running = null;
          this.schedule(more ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }
}
