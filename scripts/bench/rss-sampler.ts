import { readFileSync, writeFileSync } from 'node:fs';

function kilobytes(status: string, field: 'VmRSS' | 'VmHWM'): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : null;
}

/**
 * Peak resident memory of another process during one phase. Reads /proc/<pid>/status every
 * `intervalMs`; at start it resets the kernel's high-water mark (clear_refs 5) when allowed, so
 * VmHWM at the end is the phase's true peak rather than the process's lifetime peak. Without
 * /proc (not Linux) it reports null.
 */
export class RssSampler {
  private peakKb = 0;
  private hwmReset = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 100,
  ) {}

  private read(): string | null {
    try {
      return readFileSync(`/proc/${this.pid}/status`, 'utf8');
    } catch {
      return null;
    }
  }

  private sample(): void {
    const status = this.read();
    const rss = status ? kilobytes(status, 'VmRSS') : null;
    if (rss !== null) this.peakKb = Math.max(this.peakKb, rss);
  }

  start(): void {
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
      this.hwmReset = true;
    } catch {
      this.hwmReset = false;
    }
    this.peakKb = 0;
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  /** Peak RSS in MB since start(), or null when the process cannot be observed. */
  stop(): number | null {
    clearInterval(this.timer);
    this.sample();
    const status = this.read();
    const hwm = status && this.hwmReset ? kilobytes(status, 'VmHWM') : null;
    const peak = Math.max(this.peakKb, hwm ?? 0);
    return peak > 0 ? Math.round((peak / 1024) * 10) / 10 : null;
  }
}

/** Resident memory of another process now, in MB (one decimal), or null when it cannot be observed. */
export function readRssMb(pid: number): number | null {
  try {
    const kb = kilobytes(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
    return kb === null ? null : Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}
