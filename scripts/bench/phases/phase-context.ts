import type { BenchDatabase } from '../bench-database.js';
import type { RawIngestor } from '../dataset.js';
import { load, type LoadOptions, type LoadResult } from '../load.js';
import { RssSampler } from '../rss-sampler.js';
import type { ServerProcess } from '../server-process.js';
import { toolCallBody, type McpSession } from '../mcp-client.js';

/** What every phase gets: the running server, the bench database, and the run's knobs. */
export interface PhaseContext {
  server: ServerProcess;
  /** The compiled server's entry (buildServer), for phases that start a server of their own. */
  serverEntry: string;
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

/** A fixed-body measurement's length: the run's duration, after its warm-up. */
export const timedRun = (context: PhaseContext): Pick<LoadOptions, 'durationSeconds' | 'warmupRequests'> => ({
  durationSeconds: context.durationSeconds,
  warmupRequests: context.warmupRequests,
});

/** One load run against the server with the server's peak RSS over it; failed requests become a note. */
export async function loadServer(context: PhaseContext, label: string, options: LoadOptions): Promise<LoadResult & { peakRssMb: number | null }> {
  const rss = new RssSampler(context.server.pid);
  rss.start();
  const result = await load(options);
  const peakRssMb = rss.stop();
  noteFailures(context, label, result.failed, result.statusCodes);
  return { ...result, peakRssMb };
}

/** `tools/call ping` through an open MCP session for the run's duration: the MCP path with no work behind it. */
export function loadPing(context: PhaseContext, label: string, session: McpSession, connections: number): ReturnType<typeof loadServer> {
  return loadServer(context, label, { url: session.url, method: 'POST', connections, ...timedRun(context), headers: session.headers, body: toolCallBody('ping', {}) });
}
