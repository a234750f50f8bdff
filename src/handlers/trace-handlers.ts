import type { components } from '../../generated/openapi.js';
import type { IngestedTrace, TraceIngestionService } from '../domain/traces/trace-ingestion-service.js';
import type { TraceListService } from '../domain/traces/trace-list-service.js';
import type { TraceSearchService } from '../domain/traces/trace-search-service.js';
import type { SpanNode, TraceContext, TraceContextService } from '../domain/traces/trace-context-service.js';
import { readGrantOf } from '../auth/principal.js';
import { tracePath } from '../domain/traces/trace-links.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { TraceRecord } from '../ports/traces.js';
import { spanTokens } from '../domain/traces/span-tokens.js';

type Schemas = components['schemas'];

const DEFAULT_PAGE_SIZE = 20;

export const toTraceSummary = (t: TraceRecord): Schemas['TraceSummary'] => ({
  id: t.id,
  name: t.name,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  latencyMs: t.latencyMs,
  cost: t.cost,
  spanCount: t.spanCount,
  totalTokens: t.totalTokens,
  framework: t.framework,
  agentName: t.agentName,
  errorMessage: t.errorMessage,
  tags: t.tags,
  url: tracePath(t.id),
  sessionId: t.sessionId,
  userId: t.userId,
});

const toIngested = (t: IngestedTrace): Schemas['IngestedTrace'] => ({ id: t.id, spanCount: t.spanCount, status: t.status, url: tracePath(t.id) });

const toSpan = (s: SpanNode): Schemas['TraceSpan'] => ({
  spanId: s.spanId,
  parentSpanId: s.parentSpanId,
  name: s.name,
  spanType: s.spanType,
  status: s.status,
  latencyMs: s.latencyMs,
  cost: s.cost,
  ...spanTokens(s.metadata),
  startTime: s.startTime ? s.startTime.toISOString() : null,
  input: s.input,
  output: s.output,
  error: s.error,
  metadata: s.metadata,
  children: s.children.map(toSpan),
});

const toContext = ({ trace, roots, truncated, tokens }: TraceContext): Schemas['TraceContext'] => ({
  id: trace.id,
  name: trace.name,
  status: trace.status,
  createdAt: trace.createdAt.toISOString(),
  latencyMs: trace.latencyMs,
  cost: trace.cost,
  spanCount: trace.spanCount,
  inputTokens: tokens.inputTokens,
  outputTokens: tokens.outputTokens,
  totalTokens: trace.totalTokens,
  framework: trace.framework,
  agentName: trace.agentName,
  errorMessage: trace.errorMessage,
  sessionId: trace.sessionId,
  userId: trace.userId,
  tags: trace.tags,
  metadata: trace.metadata,
  truncated,
  spans: roots.map(toSpan),
});

export class TraceHandlers implements Pick<OperationHandlers, 'listTraces' | 'ingestTrace' | 'ingestTraceBatch' | 'getTrace' | 'searchTraces'> {
  constructor(
    private readonly ingestion: TraceIngestionService,
    private readonly lists: TraceListService,
    private readonly contexts: TraceContextService,
    private readonly search: TraceSearchService,
  ) {}

  listTraces: OperationHandlers['listTraces'] = async ({ ctx, query }) => {
    const { limit, cursor, sort, preview, ...filters } = query;
    const { traces, page, previews } = await this.lists.list({
      credentialId: ctx.principal.credentialId,
      projectId: selectedProject(ctx).id,
      endpoint: ctx.operationId,
      limit: limit ?? DEFAULT_PAGE_SIZE,
      cursor,
      sort,
      preview,
      filters,
    });
    const summaries = traces.map((t) => {
      if (!previews) return toTraceSummary(t);
      const found = previews.get(t.id);
      return { ...toTraceSummary(t), inputPreview: found?.input ?? null, outputPreview: found?.output ?? null };
    });
    return { status: 200, data: { traces: summaries, page } };
  };

  ingestTrace: OperationHandlers['ingestTrace'] = async ({ ctx, body }) => ({
    status: 201,
    data: toIngested(await this.ingestion.ingest(selectedProject(ctx).id, body, { sentBytes: ctx.bodyBytes })),
  });

  ingestTraceBatch: OperationHandlers['ingestTraceBatch'] = async ({ ctx, body }) => {
    const stored = await this.ingestion.ingestBatch(selectedProject(ctx).id, body.traces, { sentBytes: ctx.bodyBytes });
    return {
      status: 201,
      data: { traces: stored.map(toIngested), traceCount: stored.length, spanCount: stored.reduce((sum, t) => sum + t.spanCount, 0) },
    };
  };

  getTrace: OperationHandlers['getTrace'] = async ({ ctx, path }) => ({
    status: 200,
    data: toContext(await this.contexts.get(selectedProject(ctx).id, path.traceId, readGrantOf(ctx.principal))),
  });

  searchTraces: OperationHandlers['searchTraces'] = async ({ ctx, query }) => {
    const { q, sort, limit, cursor, framework, status, minLatencyMs, maxLatencyMs, minCost, maxCost, dateRange, sessionId, userId, scoreName, minScore, maxScore, promptName, promptVersion } = query;
    // The search service speaks the tool interface's filter names; both faces reach it through here.
    const filters = { framework, status, min_latency_ms: minLatencyMs, max_latency_ms: maxLatencyMs, min_cost: minCost, max_cost: maxCost, date_range: dateRange, session_id: sessionId, user_id: userId, score_name: scoreName, min_score: minScore, max_score: maxScore, prompt_name: promptName, prompt_version: promptVersion };
    const projectId = selectedProject(ctx).id;
    const { result, page } = await this.search.searchPage(
      projectId,
      { query: q, sort, filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) },
      { limit, cursor, startOffset: ctx.startOffset },
      { credentialId: ctx.principal.credentialId, projectId, endpoint: ctx.operationId, filters: { q, ...filters }, sort: sort ?? 'relevance' },
    );
    return {
      status: 200,
      data: { traces: result.traces.map(toTraceSummary), totalCount: result.totalCount, totalCountExact: result.totalCountExact, page },
    };
  };
}
