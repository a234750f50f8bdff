import type { BenchDatabase } from '../bench-database.js';
import type { RawIngestor } from '../dataset.js';
import type { ServerProcess } from '../server-process.js';

/** What every phase gets: the running server, the bench database, and the run's knobs. */
export interface PhaseContext {
  server: ServerProcess;
  db: BenchDatabase;
  raw: RawIngestor;
  seed: number;
  baseTime: number;
  /** Seconds each latency / throughput measurement runs. */
  durationSeconds: number;
  /** Unrecorded requests before each fixed-body measurement. */
  warmupRequests: number;
  log: (message: string) => void;
  notes: string[];
}

/** Fails loudly when a phase's requests were answered with errors: its numbers would lie. */
export function noteFailures(context: PhaseContext, phase: string, failed: number, statusCodes: Record<string, number>): void {
  if (failed > 0) context.notes.push(`${phase}: ${failed} requests failed (${JSON.stringify(statusCodes)}).`);
}
