import type { BenchPhases } from '../report.js';
import { loadServer, timedRun, type PhaseContext } from './phase-context.js';

export interface ListOptions {
  projectId: string;
  pageLimit: number;
  deepPage: number;
  connections: number;
}

/** Cursor chains expire 15 minutes after their first cursor: walking and measuring must fit. */
const CHAIN_LIFETIME_MS = 15 * 60 * 1000;

interface ListPage {
  data: { traces: unknown[]; page: { hasMore: boolean; nextCursor: string | null } };
}

/**
 * `GET /traces` latency on page 1 and on a deep page. The deep page is reached by following
 * nextCursor page after page (keyset pagination has no shortcut), then that one cursor is requested
 * over and over: the server does the same keyset seek each time.
 */
export async function measureList(context: PhaseContext, options: ListOptions): Promise<BenchPhases['list']> {
  const apiKey = await context.db.issueApiKey(options.projectId);
  const headers = { 'x-api-key': apiKey };
  const firstUrl = `${context.server.baseUrl}/api/v1/public/traces?limit=${options.pageLimit}`;
  const measure = async (url: string, label: string) => {
    const result = await loadServer(context, label, { url, connections: options.connections, ...timedRun(context), headers });
    return { p50Ms: result.p50Ms, p99Ms: result.p99Ms, requests: result.requests, failed: result.failed, peakRssMb: result.peakRssMb };
  };

  context.log(`list: page 1 (limit ${options.pageLimit})…`);
  const first = await measure(firstUrl, 'list page 1');

  context.log(`list: following cursors to page ${options.deepPage}…`);
  const chainStarted = Date.now();
  let cursor: string | null = null;
  let page = 1;
  for (; page < options.deepPage; page++) {
    const response: Response = await fetch(cursor ? `${firstUrl}&cursor=${encodeURIComponent(cursor)}` : firstUrl, { headers });
    if (!response.ok) throw new Error(`list page ${page} answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as ListPage;
    if (!body.data.page.hasMore || !body.data.page.nextCursor) break;
    cursor = body.data.page.nextCursor;
  }
  if (page < options.deepPage) {
    context.notes.push(`list: the project has only ${page} pages of ${options.pageLimit}; the deep page measured is page ${page}.`);
  }
  const walkMs = Date.now() - chainStarted;
  if (walkMs + context.durationSeconds * 1000 > CHAIN_LIFETIME_MS) {
    context.notes.push(`list: walking to page ${page} took ${Math.round(walkMs / 1000)} s; the cursor chain may expire during the measurement.`);
  }
  context.log(`list: page ${page} (reached in ${(walkMs / 1000).toFixed(1)} s)…`);
  const deep = await measure(cursor ? `${firstUrl}&cursor=${encodeURIComponent(cursor)}` : firstUrl, `list page ${page}`);
  return {
    pageLimit: options.pageLimit,
    deepPage: page,
    first,
    deep,
    deepToFirstP99: first.p99Ms > 0 ? Math.round((deep.p99Ms / first.p99Ms) * 100) / 100 : 0,
  };
}
