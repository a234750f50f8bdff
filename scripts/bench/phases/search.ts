import type { DatasetSummary } from '../dataset.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { BenchPhases } from '../report.js';
import { COMMON_TERM } from '../word-lists.js';
import { loadServer, timedRun, type PhaseContext } from './phase-context.js';

export interface SearchOptions {
  projectId: string;
  dataset: DatasetSummary;
  connections: number;
}

type Term = BenchPhases['search']['terms'][number];

/** The term of `counts` most traces carry: the rare / metadata-only term with the most hits. */
const mostFrequent = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1])[0];

/**
 * `search_traces` through the full MCP path (POST /mcp, tools/call) for a common term (about a
 * quarter of trace names), a rare term (about 1 trace in 15,000, in a span name) and a term found
 * only in span metadata (about 1 in 300); of the rare and metadata-only terms, the most frequent. Each is checked once for its total_count (exact up to the
 * server's SEARCH_COUNT_LIMIT, a lower bound past it), then measured.
 */
export async function measureSearch(context: PhaseContext, options: SearchOptions): Promise<BenchPhases['search']> {
  const apiKey = await context.db.issueApiKey(options.projectId);
  const session = await openMcpSession(context.server.baseUrl, apiKey);
  const [rare, rareCount] = mostFrequent(options.dataset.rareTraces);
  const [metadataOnly, metadataCount] = mostFrequent(options.dataset.metadataOnlyTraces);
  const plan: { kind: Term['kind']; term: string; expected: number }[] = [
    { kind: 'common', term: COMMON_TERM, expected: options.dataset.commonTraces },
    { kind: 'rare', term: rare, expected: rareCount },
    { kind: 'metadata-only', term: metadataOnly, expected: metadataCount },
  ];
  const terms: Term[] = [];
  try {
    for (const { kind, term, expected } of plan) {
      const args = { query: term, limit: 50 };
      const check = await session.callTool<{ total_count?: number; total_count_exact?: boolean }>('search_traces', args);
      context.log(`search: ${kind} "${term}" (${expected} traces carry it, total_count ${check.total_count_exact === false ? '≥ ' : ''}${check.total_count ?? '?'})…`);
      const result = await loadServer(context, `search ${kind}`, {
        url: session.url,
        method: 'POST',
        connections: options.connections,
        ...timedRun(context),
        headers: session.headers,
        body: toolCallBody('search_traces', args),
      });
      terms.push({
        kind,
        term,
        expectedTraces: expected,
        returnedTotal: typeof check.total_count === 'number' ? check.total_count : null,
        returnedTotalExact: typeof check.total_count_exact === 'boolean' ? check.total_count_exact : null,
        latency: { p50Ms: result.p50Ms, p99Ms: result.p99Ms, requests: result.requests, failed: result.failed },
        peakRssMb: result.peakRssMb,
      });
    }
  } finally {
    await session.close();
  }
  return { terms };
}
