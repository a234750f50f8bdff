/**
 * Runs `task` every `intervalMs` until stopped; never two runs at once. stop() waits for the run in
 * progress, so a graceful shutdown records the attempt it was making.
 */
export class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.task()
        .then(() => undefined)
        .catch((error: unknown) => this.log(`background task failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }
}
