import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import type { BodyOf } from '../http/operation-types.js';
import { ADDS, READS } from './tool-annotation-presets.js';
import { field, listField, object, orNull, pathParameter, queryParameter, renamed, renamedField, type ToolObject } from './contract-fields.js';
import { ABSOLUTE_URL, clampedLimit, TOOL_ONLY, TRACE_ID_CHECKED_BY_SERVICE } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';

/** search_traces' filters: the operation's query parameters, grouped under one tool field. */
const SEARCH_FILTERS = object(
  {
    framework: queryParameter('searchTraces', 'framework'),
    status: queryParameter('searchTraces', 'status'),
    min_latency_ms: queryParameter('searchTraces', 'minLatencyMs'),
    max_latency_ms: queryParameter('searchTraces', 'maxLatencyMs'),
    min_cost: queryParameter('searchTraces', 'minCost'),
    max_cost: queryParameter('searchTraces', 'maxCost'),
    date_range: queryParameter('searchTraces', 'dateRange'),
    session_id: queryParameter('searchTraces', 'sessionId'),
    user_id: queryParameter('searchTraces', 'userId'),
    score_name: queryParameter('searchTraces', 'scoreName'),
    min_score: queryParameter('searchTraces', 'minScore'),
    max_score: queryParameter('searchTraces', 'maxScore'),
    prompt_name: queryParameter('searchTraces', 'promptName'),
    prompt_version: queryParameter('searchTraces', 'promptVersion'),
  },
  { required: false },
);

const TRACE_SUMMARY = object({
  trace_id: field('TraceSummary', 'id'),
  name: field('TraceSummary', 'name'),
  status: field('TraceSummary', 'status'),
  created_at: field('TraceSummary', 'createdAt'),
  latency_ms: field('TraceSummary', 'latencyMs'),
  error_message: field('TraceSummary', 'errorMessage'),
  cost: field('TraceSummary', 'cost'),
  framework: field('TraceSummary', 'framework'),
  agent_name: field('TraceSummary', 'agentName'),
  url: field('TraceSummary', 'url', ABSOLUTE_URL),
});

/** A span of get_trace_context: the contract's TraceSpan without parentSpanId (the tree says it). */
const CONTEXT_SPAN: ToolObject = object({
  span_id: field('TraceSpan', 'spanId'),
  span_type: field('TraceSpan', 'spanType'),
  name: field('TraceSpan', 'name'),
  status: field('TraceSpan', 'status'),
  latency_ms: field('TraceSpan', 'latencyMs'),
  start_time: field('TraceSpan', 'startTime'),
  input: field('TraceSpan', 'input'),
  output: field('TraceSpan', 'output'),
  error: field('TraceSpan', 'error'),
  metadata: field('TraceSpan', 'metadata'),
  children: renamedField('TraceSpan', 'children'),
});

/** The spec's trace summary (search result), snake_case. */
export interface TraceSummaryResult {
  trace_id: string;
  name: string;
  status: 'success' | 'error';
  created_at: string;
  latency_ms: number;
  error_message: string | null;
  cost: number;
  framework: string | null;
  agent_name: string | null;
  url: string;
}

export interface ContextSpanResult {
  span_id: string;
  span_type: string;
  name: string;
  status: 'success' | 'error';
  latency_ms: number | null;
  start_time: string | null;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
  metadata: Record<string, unknown>;
  children: ContextSpanResult[];
}

type Schemas = components['schemas'];

const toSpanResult = (s: Schemas['TraceSpan']): ContextSpanResult => ({
  span_id: s.spanId,
  span_type: s.spanType,
  name: s.name,
  status: s.status,
  latency_ms: s.latencyMs,
  start_time: s.startTime,
  input: s.input,
  output: s.output,
  error: s.error,
  metadata: s.metadata,
  children: s.children.map(toSpanResult),
});

/** A number the caller sent, or undefined; the service judges its range. */
const passed = (value: unknown): number | undefined => (value === undefined || value === null ? undefined : (value as number));

/**
 * log_trace (ingestTrace), search_traces (searchTraces) and get_trace_context (getTrace): the
 * spec's snake_case shapes over the operations' handlers. REST answers relative trace paths; tools
 * answer absolute URLs on PUBLIC_BASE_URL, read outside the service.
 */
export function traceToolMappings(config: Config): AnyToolMapping[] {
  const absolute = (path: string): string => `${config.publicBaseUrl}${path}`;
  const summary = (t: Schemas['TraceSummary']): TraceSummaryResult => ({
    trace_id: t.id,
    name: t.name,
    status: t.status,
    created_at: t.createdAt,
    latency_ms: t.latencyMs,
    error_message: t.errorMessage,
    cost: t.cost,
    framework: t.framework,
    agent_name: t.agentName,
    url: absolute(t.url),
  });

  const logTrace = mapTool({
    name: 'log_trace',
    output: object({
      trace_id: field('IngestedTrace', 'id'),
      span_count: field('IngestedTrace', 'spanCount'),
      status: TOOL_ONLY.created,
      url: field('IngestedTrace', 'url', ABSOLUTE_URL),
    }),
    annotations: ADDS,
    operationId: 'ingestTrace',
    description:
      'Store one agent trace (a tree of spans) in the project. Returns its trace_id, span_count and url. ' +
      'Invalid span structure (duplicate ids, unknown parent, cycles, bad status or time) stores nothing; an existing trace_id is rejected (409).',
    // The REST body is the tool input: TraceInput is snake_case on both faces, so the mapping is 1:1.
    input: renamed('TraceInput'),
    // The REST body is the tool input (snake_case on both faces); the ingestion service validates it whole.
    toOperation: (input) => ({ path: {}, query: {}, headers: {}, body: input as unknown as BodyOf<'ingestTrace'> }),
    toResult: (trace) => ({ trace_id: trace.id, span_count: trace.spanCount, status: 'created', url: absolute(trace.url) }),
  });

  const searchTraces = mapTool({
    name: 'search_traces',
    output: object({
      traces: listField('TraceSearchPage', 'traces', TRACE_SUMMARY),
      total_count: field('TraceSearchPage', 'totalCount'),
      total_count_exact: field('TraceSearchPage', 'totalCountExact'),
      has_more: field('Page', 'hasMore'),
    }),
    annotations: READS,
    operationId: 'searchTraces',
    description:
      'Full-text search over trace names, error messages, span names, metadata and span inputs/outputs of the project. ' +
      'Query syntax: words (identifiers are split: timeout finds TimeoutError, fetch finds http_fetch), prefixes time*, phrases "rate limit", exclusions -word; ' +
      'every word, prefix and phrase must match. sort: relevance (default) or recency. ' +
      'Returns trace summaries, total_count and has_more; total_count_exact is false when there were too many matches to count ' +
      '(total_count is then a lower bound, and relevance ranks that many most recently stored matches).',
    input: object({
      query: queryParameter('searchTraces', 'q'),
      sort: queryParameter('searchTraces', 'sort'),
      limit: queryParameter('searchTraces', 'limit', clampedLimit(100, 50)),
      offset: TOOL_ONLY.offset,
      filters: SEARCH_FILTERS,
    }),
    // The tool pages by offset (the mapping's startOffset), REST by cursor; the search service checks every value.
    toOperation: (input) => {
      const filters = (typeof input.filters === 'object' && input.filters !== null ? input.filters : {}) as Record<string, unknown>;
      return {
        path: {},
        headers: {},
        body: undefined,
        startOffset: passed(input.offset),
        query: {
          q: input.query as string,
          sort: input.sort as 'relevance' | 'recency' | undefined,
          limit: passed(input.limit),
          framework: filters.framework as string | undefined,
          status: filters.status as Schemas['TraceStatus'] | undefined,
          minLatencyMs: passed(filters.min_latency_ms),
          maxLatencyMs: passed(filters.max_latency_ms),
          minCost: passed(filters.min_cost),
          maxCost: passed(filters.max_cost),
          dateRange: filters.date_range as string | undefined,
          sessionId: filters.session_id as string | undefined,
          userId: filters.user_id as string | undefined,
          scoreName: filters.score_name as string | undefined,
          minScore: passed(filters.min_score),
          maxScore: passed(filters.max_score),
          promptName: filters.prompt_name as string | undefined,
          promptVersion: passed(filters.prompt_version),
        },
      };
    },
    toResult: (data) => ({
      traces: data.traces.map(summary),
      total_count: data.totalCount,
      total_count_exact: data.totalCountExact,
      has_more: data.page.hasMore,
    }),
  });

  const getTraceContext = mapTool({
    name: 'get_trace_context',
    output: object({
      trace_id: field('TraceContext', 'id'),
      name: field('TraceContext', 'name'),
      status: field('TraceContext', 'status'),
      created_at: field('TraceContext', 'createdAt'),
      root_span: orNull(CONTEXT_SPAN),
      // Further root-level spans, when the trace has more than one root (rare).
      other_root_spans: listField('TraceContext', 'spans', CONTEXT_SPAN),
      span_count: field('TraceContext', 'spanCount'),
      total_latency_ms: field('TraceContext', 'latencyMs'),
      total_cost: field('TraceContext', 'cost'),
      framework: field('TraceContext', 'framework'),
      agent_name: field('TraceContext', 'agentName'),
      error_message: field('TraceContext', 'errorMessage'),
      truncated: field('TraceContext', 'truncated'),
      url: TOOL_ONLY.traceUrl,
    }),
    annotations: READS,
    operationId: 'getTrace',
    description:
      'One trace of the project with its nested span tree (root_span with children). Traces over 1000 spans are truncated to 1000 (truncated: true).',
    input: object({ trace_id: pathParameter('getTrace', 'traceId', TRACE_ID_CHECKED_BY_SERVICE) }),
    toOperation: (input) => ({ path: { traceId: input.trace_id as string }, query: {}, headers: {}, body: undefined }),
    toResult: (trace) => {
      const [root, ...otherRoots] = trace.spans.map(toSpanResult);
      return {
        trace_id: trace.id,
        name: trace.name,
        status: trace.status,
        created_at: trace.createdAt,
        root_span: root ?? null,
        // Further root-level spans, when the trace has more than one root (rare).
        other_root_spans: otherRoots,
        span_count: trace.spanCount,
        total_latency_ms: trace.latencyMs,
        total_cost: trace.cost,
        framework: trace.framework,
        agent_name: trace.agentName,
        error_message: trace.errorMessage,
        truncated: trace.truncated,
        url: absolute(`/api/v1/public/traces/${trace.id}`),
      };
    },
  });

  return [logTrace, searchTraces, getTraceContext];
}
