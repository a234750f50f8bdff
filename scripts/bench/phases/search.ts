import type { DatasetSummary } from '../dataset.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { BenchPhases, SearchClassResult } from '../report.js';
import { COMMON_TERM } from '../word-lists.js';
import { readTierFloors } from '../../../adapters/postgres/search-tiers.js';
import { queryTierFloors, SEARCH_SETTINGS } from '../../../adapters/postgres/trace-text-index.js';
import { bareSearchStatement, countOf, idsOf, measureBare, parsedBenchQuery, type BareKind } from '../bare-search.js';
import { openBareDriver, type BareStatement } from '../bare-driver.js';
import { checkSameCount, checkSameIds } from '../answer-check.js';
import type { Dialect } from '../../../src/ports/store.js';
import { countLimitOf, type TraceSearchSettings } from '../../../src/domain/traces/trace-search-service.js';
import { loadPing, loadServer, timedRun, type PhaseContext } from './phase-context.js';

export interface SearchOptions {
  projectId: string;
  dataset: DatasetSummary;
  connections: number;
  /** The server's SEARCH_COUNT_LIMIT and SEARCH_PHRASE_COUNT_LIMIT: the bare count stops where the service's does. */
  countLimits: TraceSearchSettings;
  /** The bare statements (bareSearchStatement); a test swaps in a wrong one to see the run fail. */
  bareStatement?: (dialect: Dialect, kind: BareKind, options: Parameters<typeof bareSearchStatement>[2]) => BareStatement;
}

type Term = BenchPhases['search']['terms'][number];

/** The term of `counts` most traces carry: the rare / metadata-only term with the most hits. */
const mostFrequent = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1])[0];

/** The filter of the filtered classes: one framework of six (about a sixth of the traces). */
const FILTER = { framework: 'langchain' };

interface Plan {
  kind: string;
  query: string;
  sort: 'relevance' | 'recency';
  filtered: boolean;
  /** Traces carrying the word, when the data set knows (the three single-word classes). */
  expected: number | null;
}

/**
 * `search_traces` through the full MCP path (POST /mcp, tools/call) for each query class — a common
 * word (about a quarter of trace names), a rare word (about 1 trace in 15,000, in a span name), a
 * word found only in span metadata (about 1 in 300), a phrase and a prefix; each without and with a
 * framework filter, and the common word newest first — beside the best bare SQL over the same index
 * in the same run (top-k by relevance or recency, and the capped count; bare-search.ts). The ratio
 * is the MCP p99 ÷ (bare top-k p99 + bare count p99): a search page is both.
 */
export async function measureSearch(context: PhaseContext, options: SearchOptions): Promise<BenchPhases['search']> {
  const apiKey = await context.db.issueApiKey(options.projectId);
  const session = await openMcpSession(context.server.baseUrl, apiKey);
  // PostgreSQL: under the planner settings the service's search transaction takes (SEARCH_SETTINGS).
  // Without enable_seqscan = off the planner scans a small week's partition sequentially, reading
  // every document there (the costing ignores detoasting): at 100,000 traces over six weekly
  // partitions the bare count of `reconcil*` took 32 ms that way and 10 ms under them (p50 of ten
  // runs each, the same minutes), the rare word's top-k 48 and 5 ms (its fenced join aside, a
  // parallel plan); on a single partition the planner already chose the index.
  const driver = await openBareDriver(context.db.adapter, context.db.serverEnv.DATABASE_URL, { postgresSettings: SEARCH_SETTINGS });
  const statementOf = options.bareStatement ?? bareSearchStatement;
  const [rare, rareCount] = mostFrequent(options.dataset.rareTraces);
  const [metadataOnly, metadataCount] = mostFrequent(options.dataset.metadataOnlyTraces);
  const words: Plan[] = [
    { kind: 'common', query: COMMON_TERM, sort: 'relevance', filtered: false, expected: options.dataset.commonTraces },
    { kind: 'rare', query: rare, sort: 'relevance', filtered: false, expected: rareCount },
    { kind: 'metadata-only', query: metadataOnly, sort: 'relevance', filtered: false, expected: metadataCount },
    { kind: 'phrase', query: '"customer support"', sort: 'relevance', filtered: false, expected: null },
    { kind: 'prefix', query: 'reconcil*', sort: 'relevance', filtered: false, expected: null },
  ];
  const plan: Plan[] = [
    ...words,
    { kind: 'common', query: COMMON_TERM, sort: 'recency', filtered: false, expected: options.dataset.commonTraces },
    ...words.map((p) => ({ ...p, filtered: true, expected: null })),
  ];
  const terms: Term[] = [];
  const classes: SearchClassResult[] = [];
  const bareSeconds = Math.max(1, Math.min(3, context.durationSeconds));
  let pathFloor: BenchPhases['search']['pathFloor'];
  // PostgreSQL: where the project's tiers begin, read once as the server keeps them (search-tiers.ts).
  const tierFloors = context.db.adapter === 'postgres' ? await readTierFloors(context.db.database.knex, options.projectId) : undefined;
  try {
    // The path with no search behind it, measured as the classes are: their floor, whatever the SQL.
    const ping = await loadPing(context, 'search path floor (ping)', session, options.connections);
    pathFloor = { p50Ms: ping.p50Ms, p99Ms: ping.p99Ms, requests: ping.requests, failed: ping.failed };
    for (const p of plan) {
      const args = { query: p.query, limit: 50, ...(p.sort === 'recency' ? { sort: 'recency' } : {}), ...(p.filtered ? { filters: FILTER } : {}) };
      const label = `${p.kind}${p.sort === 'recency' ? ' newest first' : ''}${p.filtered ? ' + framework filter' : ''}`;
      const started = performance.now();
      const check = await session.callTool<{ traces?: { trace_id: string }[]; total_count?: number; total_count_exact?: boolean }>('search_traces', args).catch((error: Error) => {
        // A class the service cancels at its statement timeout is a result (reported, marked missed), not a crash.
        if (!error.message.includes('PUBLIC_API_SEARCH_TIMEOUT')) throw error;
        return null;
      });
      const checkMs = Math.round((performance.now() - started) * 100) / 100;
      context.log(`search: ${label} ${p.query} (${check ? `total_count ${check.total_count_exact === false ? '≥ ' : ''}${check.total_count ?? '?'}` : `timed out after ${checkMs} ms`})…`);
      const result = check
        ? await loadServer(context, `search ${label}`, {
            url: session.url,
            method: 'POST',
            connections: options.connections,
            ...timedRun(context),
            headers: session.headers,
            body: toolCallBody('search_traces', args),
          })
        : { p50Ms: checkMs, p99Ms: checkMs, requests: 1, failed: 1, peakRssMb: null };
      const bound = countLimitOf(parsedBenchQuery(p.query), options.countLimits);
      const framework = p.filtered ? FILTER.framework : undefined;
      // PostgreSQL: the bare top-k skips the leading tiers the service skips for this query and
      // window (bound + 1, as the service reads one past the bound), so both read the same tiers.
      const classFloors = tierFloors
        ? await queryTierFloors(context.db.database.knex, options.projectId, tierFloors, parsedBenchQuery(p.query), bound + 1, framework ? { facets: { framework } } : undefined)
        : undefined;
      const bareOptions = { projectId: options.projectId, query: p.query, framework, limit: 50, countLimit: bound + 1, rankLimit: bound, tierFloors: classFloors };
      const bare = async (kind: BareKind) => measureBare(driver, statementOf(context.db.adapter, kind, bareOptions), bareSeconds);
      const { answer: topAnswer, ...top } = await bare(p.sort === 'recency' ? 'topRecency' : 'topRelevance');
      const { answer: countAnswer, ...count } = await bare('count');
      // The bare answer must be the service's (same ids, same order, same count) or the ratio lies: the run stops here.
      if (check) {
        checkSameIds(`search ${label} ${p.query}`, (check.traces ?? []).map((trace) => trace.trace_id), idsOf(topAnswer));
        checkSameCount(`search ${label} ${p.query}`, { total: check.total_count ?? null, exact: check.total_count_exact ?? null }, countOf(countAnswer), bound);
      }
      const returnedTotal = typeof check?.total_count === 'number' ? check.total_count : null;
      const returnedTotalExact = typeof check?.total_count_exact === 'boolean' ? check.total_count_exact : null;
      const latency = { p50Ms: result.p50Ms, p99Ms: result.p99Ms, requests: result.requests, failed: result.failed };
      const floor = top.p99Ms + count.p99Ms;
      classes.push({
        label,
        query: p.query,
        sort: p.sort,
        filtered: p.filtered,
        returnedTotal,
        returnedTotalExact,
        latency,
        bareTop: top,
        bareCount: count,
        toBare: check && floor > 0 ? Math.round((result.p99Ms / floor) * 100) / 100 : null,
        // The same p99 against bare SQL plus what the path costs with nothing behind it (ping on this session).
        toBarePlusFloor: check && floor + pathFloor.p99Ms > 0 ? Math.round((result.p99Ms / (floor + pathFloor.p99Ms)) * 100) / 100 : null,
        peakRssMb: result.peakRssMb,
        ...(check ? {} : { timedOut: true }),
      });
      if (!p.filtered && p.sort === 'relevance' && p.expected !== null && (p.kind === 'common' || p.kind === 'rare' || p.kind === 'metadata-only')) {
        terms.push({ kind: p.kind, term: p.query, expectedTraces: p.expected, returnedTotal, returnedTotalExact, latency, peakRssMb: result.peakRssMb });
      }
    }
  } finally {
    await session.close();
    await driver.close();
  }
  return { terms, classes, pathFloor };
}
