import { measureBare, type BareLatency } from '../bare-search.js';
import { openBareDriver } from '../bare-driver.js';
import { BareAnswerMismatch } from '../answer-check.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { TraceInputPayload } from '../batch-payload.js';
import { loadServer, timedRun, type PhaseContext } from './phase-context.js';

export interface BigTraceResult {
  spans: number;
  rest: { p50Ms: number; p99Ms: number; requests: number; failed: number };
  tool: { p50Ms: number; p99Ms: number; requests: number; failed: number };
  bare: BareLatency;
  /** GET /traces/{id} p99 ÷ bare p99. */
  restToBare: number | null;
  /** get_trace_context through MCP p99 ÷ bare p99. */
  toolToBare: number | null;
}

/** Span counts of the big traces (issue #23 item 4). */
export const BIG_TRACE_SPANS = [1_000, 10_000] as const;

/**
 * A trace of `spans` spans, as small as the contract allows so 10,000 fit in the 1 MB trace limit: a
 * root, 99 agents under it and the rest spread under the agents (a realistic fan-out, and breadth-first
 * order differs from insertion order).
 */
export function bigTrace(id: string, spans: number, baseTime: number): TraceInputPayload {
  const list: Record<string, unknown>[] = [{ span_id: 'r', name: 'run', span_type: 'AGENT', status: 'success', start_time: new Date(baseTime).toISOString() }];
  for (let i = 1; i < spans; i++) {
    const parent = i < 100 ? 'r' : `a${1 + (i % 99)}`;
    list.push({ span_id: i < 100 ? `a${i}` : `s${i}`, parent_span_id: parent, name: i < 100 ? 'step' : 'tool', span_type: i < 100 ? 'AGENT' : 'TOOL', status: 'success' });
  }
  return { trace_id: id, name: `big trace ${spans}`, spans: list } as unknown as TraceInputPayload;
}

interface ServedSpan {
  spanId: string;
  children?: ServedSpan[];
}

/** Every span id of a served tree, parents before children. */
const spanIdsOf = (spans: readonly ServedSpan[]): string[] => spans.flatMap((span) => [span.spanId, ...spanIdsOf(span.children ?? [])]);

/**
 * The bare read must read what the service answers from: as many spans as the trace's spanCount, and
 * every span the service returned among them — all of them when the tree is not truncated.
 */
async function checkSpans(baseUrl: string, apiKey: string, traceId: string, bareSpanIds: readonly string[]): Promise<void> {
  const label = `GET /traces/${traceId}`;
  const response = await fetch(`${baseUrl}/api/v1/public/traces/${traceId}`, { headers: { 'x-api-key': apiKey } });
  if (response.status !== 200) throw new BareAnswerMismatch(label, `the service answered ${response.status}`);
  const body = (await response.json()) as { data?: { spanCount: number; truncated: boolean; spans: ServedSpan[] } } & { spanCount?: number; truncated?: boolean; spans?: ServedSpan[] };
  const trace = body.data ?? (body as { spanCount: number; truncated: boolean; spans: ServedSpan[] });
  const served = spanIdsOf(trace.spans);
  const bare = new Set(bareSpanIds);
  if (trace.spanCount !== bareSpanIds.length) throw new BareAnswerMismatch(label, `spanCount ${trace.spanCount}, bare read ${bareSpanIds.length} spans`);
  const missing = served.find((id) => !bare.has(id));
  if (missing !== undefined) throw new BareAnswerMismatch(label, `the service returned span ${missing}, which the bare read did not`);
  if (!trace.truncated && served.length !== bare.size) throw new BareAnswerMismatch(label, `the service returned ${served.length} spans of an untruncated tree, bare ${bare.size}`);
}

/**
 * `GET /traces/{id}` and `get_trace_context` (MCP) for a 1,000-span and a 10,000-span trace, beside
 * reading the same rows with bare SQL in the same run: the trace row and all its spans in position
 * order (the breadth-first cut at 1,000 needs every span's parent).
 */
export async function measureBigTraces(context: PhaseContext): Promise<BigTraceResult[]> {
  const projectId = await context.db.createProject('bench big traces');
  const apiKey = await context.db.issueApiKey(projectId);
  const session = await openMcpSession(context.server.baseUrl, apiKey);
  const driver = await openBareDriver(context.db.adapter, context.db.serverEnv.DATABASE_URL);
  const results: BigTraceResult[] = [];
  try {
    for (const spans of BIG_TRACE_SPANS) {
      const id = `big-${spans}`;
      await context.raw.ingestBatch(projectId, [bigTrace(id, spans, context.baseTime)]);
      context.log(`big traces: ${spans} spans…`);
      const rest = await loadServer(context, `GET /traces/${id}`, {
        url: `${context.server.baseUrl}/api/v1/public/traces/${id}`,
        connections: 1,
        ...timedRun(context),
        headers: { 'x-api-key': apiKey },
      });
      const tool = await loadServer(context, `get_trace_context ${id}`, {
        url: session.url,
        method: 'POST',
        connections: 1,
        ...timedRun(context),
        headers: session.headers,
        body: toolCallBody('get_trace_context', { trace_id: id }),
      });
      const bareSeconds = Math.max(1, Math.min(3, context.durationSeconds));
      const { answer, ...bare } = await measureBare(
        driver,
        {
          sql: 'SELECT s.* FROM spans s WHERE s.project_id = ? AND s.trace_id = ? AND EXISTS (SELECT 1 FROM traces t WHERE t.project_id = s.project_id AND t.id = s.trace_id) ORDER BY s.position',
          bindings: [projectId, id],
        },
        bareSeconds,
      );
      await checkSpans(context.server.baseUrl, apiKey, id, answer.map((row) => String(row.span_id)));
      const pick = (r: typeof rest) => ({ p50Ms: r.p50Ms, p99Ms: r.p99Ms, requests: r.requests, failed: r.failed });
      const ratio = (p99: number) => (bare.p99Ms > 0 ? Math.round((p99 / bare.p99Ms) * 100) / 100 : null);
      results.push({ spans, rest: pick(rest), tool: pick(tool), bare, restToBare: ratio(rest.p99Ms), toolToBare: ratio(tool.p99Ms) });
    }
  } finally {
    await session.close();
    await driver.close();
    await context.db.deleteProject(projectId);
  }
  return results;
}
