/**
 * What a prompt's usage is computed from (docs/prompts.md#usage): the traces created in a window that
 * some span of which recorded the prompt, per recorded version. The adapters answer with SQL aggregates
 * and ranked rows, so the domain computes every number the same way on both databases.
 */
export interface PromptUsageQuery {
  projectId: string;
  name: string;
  /** Only this version; else every version recorded. */
  version?: number;
  /** Inclusive, epoch ms. */
  fromMs: number;
  /** Exclusive, epoch ms. */
  toMs: number;
}

/** One version's traces: how many, their summed cost and how many ended in error. */
export interface VersionTotals {
  version: number;
  traceCount: number;
  costTotal: number;
  errorCount: number;
}

/** A trace latency at a 0-based rank of one version's latencies in ascending order. */
export interface RankedLatency {
  version: number;
  rank: number;
  latencyMs: number;
}

/** One version's numeric trace-level scores of one name: how many and their sum. */
export interface VersionScoreTotals {
  version: number;
  name: string;
  count: number;
  sum: number;
}

export interface PromptUsageReader {
  totals(query: PromptUsageQuery): Promise<VersionTotals[]>;
  /** The latencies at the given ranks (ties broken by trace id, so the rows are well defined). */
  latenciesAtRanks(query: PromptUsageQuery, ranks: readonly { version: number; rank: number }[]): Promise<RankedLatency[]>;
  scores(query: PromptUsageQuery): Promise<VersionScoreTotals[]>;
}
