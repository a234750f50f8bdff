import { problems } from '../../errors.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { PromptUsageQuery } from '../../ports/prompt-usage.js';
import { interpolate, percentileRanks } from './percentile.js';

const DAY_MS = 86_400_000;
/** The window when `from` is not given: the last week before `to`. */
const DEFAULT_WINDOW_MS = 7 * DAY_MS;
/**
 * The longest window: a usage read joins every span of the prompt to its trace, so the window bounds
 * the traces aggregated (with the project's ingest rate) as the list's own filters do not.
 */
export const MAX_USAGE_WINDOW_MS = 90 * DAY_MS;
const PERCENTILES = [50, 95] as const;

export interface PromptUsageRequest {
  projectId: string;
  name: string;
  version?: number;
  /** ISO 8601, as the query carries them. */
  from?: string;
  to?: string;
}

export interface VersionUsage {
  version: number;
  traceCount: number;
  latencyMs: { p50: number | null; p95: number | null };
  cost: { total: number; average: number | null };
  errorRate: number | null;
  scores: { name: string; count: number; average: number }[];
}

export interface PromptUsage {
  name: string;
  from: Date;
  to: Date;
  versions: VersionUsage[];
}

/**
 * How each version of a prompt did over a window (docs/prompts.md#usage): the traces created in
 * [from, to) some span of which recorded the prompt at that version. Latency p50/p95 are type 7
 * percentiles (percentile.ts) of the traces' latencies; cost is the traces' cost; the error rate is
 * the share of traces with status `error`; each numeric trace-level score is averaged over its values.
 */
export class PromptUsageService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async usage(request: PromptUsageRequest): Promise<PromptUsage> {
    const { fromMs, toMs } = this.windowOf(request);
    const prompt = await this.store.prompts.findPrompt(request.projectId, request.name);
    if (!prompt) throw problems.notFound('The prompt');
    if (request.version !== undefined && !(await this.store.prompts.findVersion(prompt.id, request.version))) {
      throw problems.notFound(`Version ${request.version} of the prompt`);
    }
    const query: PromptUsageQuery = { projectId: request.projectId, name: prompt.name, version: request.version, fromMs, toMs };
    const totals = await this.store.promptUsage.totals(query);
    const wanted = totals.flatMap(({ version, traceCount }) =>
      PERCENTILES.flatMap((p) => {
        const { lower, upper } = percentileRanks(traceCount, p);
        return [{ version, rank: lower }, { version, rank: upper }];
      }),
    );
    const latencies = new Map((await this.store.promptUsage.latenciesAtRanks(query, wanted)).map((row) => [`${row.version}:${row.rank}`, row.latencyMs]));
    const scores = await this.store.promptUsage.scores(query);
    const versions: VersionUsage[] = totals.map(({ version, traceCount, costTotal, errorCount }) => {
      const at = (p: number): number => {
        const ranks = percentileRanks(traceCount, p);
        return interpolate(ranks, latencies.get(`${version}:${ranks.lower}`) as number, latencies.get(`${version}:${ranks.upper}`) as number);
      };
      return {
        version,
        traceCount,
        latencyMs: { p50: at(50), p95: at(95) },
        cost: { total: costTotal, average: costTotal / traceCount },
        errorRate: errorCount / traceCount,
        scores: scores.filter((s) => s.version === version).map((s) => ({ name: s.name, count: s.count, average: s.sum / s.count })),
      };
    });
    // A version asked for by number is answered even when no trace in the window used it.
    if (request.version !== undefined && versions.length === 0) {
      versions.push({ version: request.version, traceCount: 0, latencyMs: { p50: null, p95: null }, cost: { total: 0, average: null }, errorRate: null, scores: [] });
    }
    return { name: prompt.name, from: new Date(fromMs), to: new Date(toMs), versions };
  }

  /** [from, to): `to` defaults to now and `from` to a week before it; reversed or longer than 90 days is a 400. */
  private windowOf(request: PromptUsageRequest): { fromMs: number; toMs: number } {
    const toMs = request.to !== undefined ? Date.parse(request.to) : this.clock.now().getTime();
    const fromMs = request.from !== undefined ? Date.parse(request.from) : toMs - DEFAULT_WINDOW_MS;
    if (!(toMs > fromMs)) {
      throw problems.validation('The window is empty or reversed.', [{ code: 'window_reversed', message: 'must be after from', path: '/query/to' }]);
    }
    if (toMs - fromMs > MAX_USAGE_WINDOW_MS) {
      throw problems.validation('The window is too long.', [{ code: 'window_too_long', message: 'must be at most 90 days before to', path: '/query/from' }]);
    }
    return { fromMs, toMs };
  }
}
