/** Where the SDK reports its own trouble; never throws into the application. */
export interface SdkLogger {
  warn(message: string): void;
}

export const consoleLogger: SdkLogger = { warn: (message) => console.warn(`[tracewell] ${message}`) };

/**
 * Logs each kind of trouble once: an exporter that fails every second must not flood the
 * application's log (the counters keep the totals).
 */
export class OnceLogger {
  private readonly seen = new Set<string>();
  constructor(private readonly logger: SdkLogger) {}

  warnOnce(kind: string, message: string): void {
    if (this.seen.has(kind)) return;
    this.seen.add(kind);
    try {
      this.logger.warn(message);
    } catch {
      // A logger that throws must not turn into an application error.
    }
  }
}
