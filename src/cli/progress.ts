/** Whether a progress line may be drawn: only for people watching a terminal, never in pipes or with --quiet. */
export function progressAllowed(streams: { stdoutIsTTY: boolean; stderrIsTTY: boolean }, quiet: boolean): boolean {
  return !quiet && streams.stdoutIsTTY && streams.stderrIsTTY;
}

export interface ProgressOptions {
  write: (text: string) => void;
  enabled: boolean;
  /** Runs shorter than this draw nothing. */
  delayMs?: number;
  now?: () => number;
  /** Redraw period while a page is loading, so a slow first page still shows the run is alive. */
  tickMs?: number;
}

/** A single self-overwriting stderr line ("Fetched 340 items…") for long --all runs. */
export class Progress {
  private readonly startedAt: number;
  private readonly now: () => number;
  private count = 0;
  private drawn = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    if (options.enabled && options.tickMs !== 0) {
      this.timer = setInterval(() => this.draw(), options.tickMs ?? 250);
      this.timer.unref();
    }
  }

  update(count: number): void {
    this.count = count;
    this.draw();
  }

  /** Erase the line so the result starts on a clean terminal line. */
  finish(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.drawn) this.options.write('\r\x1b[2K');
    this.drawn = false;
  }

  private draw(): void {
    if (!this.options.enabled || this.now() - this.startedAt < (this.options.delayMs ?? 1000)) return;
    this.options.write(`\r\x1b[2KFetched ${this.count} item${this.count === 1 ? '' : 's'}…`);
    this.drawn = true;
  }
}
