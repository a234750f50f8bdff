import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import type { BodyOf } from '../http/operation-types.js';
import { ADDS, READS, OUTPUT_SCHEMAS } from './tool-output-schemas.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import type { JsonSchema } from './tool-definition.js';

const TRACE_ID_SCHEMA = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$', description: '1 to 128 letters, digits or ._:-' };

const SPAN_INPUT_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['span_id', 'name', 'span_type', 'status'],
  properties: {
    span_id: TRACE_ID_SCHEMA,
    parent_span_id: { ...TRACE_ID_SCHEMA, type: ['string', 'null'], description: 'span_id of the parent in this trace; omit for a root span' },
    name: { type: 'string', minLength: 1, maxLength: 1000 },
    span_type: { type: 'string', minLength: 1, maxLength: 32, description: 'e.g. WORKFLOW, LLM, TOOL, AGENT' },
    status: { type: 'string', enum: ['success', 'error'] },
    input: { type: ['object', 'null'] },
    output: { type: ['object', 'null'] },
    error: { type: ['string', 'null'], maxLength: 10000 },
    latency_ms: { type: 'number', minimum: 0 },
    metadata: {
      type: 'object',
      description: 'Free keys; known: model, tokens_used, input_tokens, output_tokens, tool_name, retry_count, cost (dollars), framework',
      properties: {
        model: { type: 'string' },
        tokens_used: { type: 'integer', minimum: 0 },
        input_tokens: { type: 'integer', minimum: 0 },
        output_tokens: { type: 'integer', minimum: 0 },
        tool_name: { type: 'string' },
        retry_count: { type: 'integer', minimum: 0 },
        cost: { type: 'number', minimum: 0 },
        framework: { type: 'string' },
      },
    },
    start_time: { type: 'string', format: 'date-time', description: 'ISO 8601 with a time zone' },
  },
};

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
    outputSchema: OUTPUT_SCHEMAS.log_trace,
    annotations: ADDS,
    operationId: 'ingestTrace',
    description:
      'Store one agent trace (a tree of spans) in the project. Returns its trace_id, span_count and url. ' +
      'Invalid span structure (duplicate ids, unknown parent, cycles, bad status or time) stores nothing; an existing trace_id is rejected (409).',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 1000 },
        trace_id: { ...TRACE_ID_SCHEMA, description: 'Generated (a uuid) when omitted' },
        spans: { type: 'array', items: SPAN_INPUT_SCHEMA },
        metadata: {
          type: 'object',
          description: 'framework and agent_name become filters; other keys are kept and searchable',
          properties: { framework: { type: 'string', maxLength: 100 }, agent_name: { type: 'string', maxLength: 255 } },
        },
      },
    },
    // The REST body is the tool input (snake_case on both faces); the ingestion service validates it whole.
    toOperation: (input) => ({ path: {}, query: {}, headers: {}, body: input as unknown as BodyOf<'ingestTrace'> }),
    toResult: (trace) => ({ trace_id: trace.id, span_count: trace.spanCount, status: 'created', url: absolute(trace.url) }),
  });

  const searchTraces = mapTool({
    name: 'search_traces',
    outputSchema: OUTPUT_SCHEMAS.search_traces,
    annotations: READS,
    operationId: 'searchTraces',
    description:
      'Full-text search over trace names, error messages, span names, metadata and span inputs/outputs of the project. ' +
      'Query syntax: words (identifiers are split: timeout finds TimeoutError, fetch finds http_fetch), prefixes time*, phrases "rate limit", exclusions -word; ' +
      'every word, prefix and phrase must match. sort: relevance (default) or recency. ' +
      'Returns trace summaries, total_count and has_more; total_count_exact is false when there were too many matches to count ' +
      '(total_count is then a lower bound, and relevance ranks that many most recently stored matches).',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words, prefixes (time*), phrases ("rate limit") and exclusions (-word)' },
        sort: { type: 'string', enum: ['relevance', 'recency'], default: 'relevance', description: 'relevance (ties newest first) or recency (newest first)' },
        limit: { type: 'number', default: 50, description: 'At most 100 (larger values are clamped)' },
        offset: { type: 'number', default: 0, minimum: 0 },
        filters: {
          type: 'object',
          additionalProperties: false,
          properties: {
            framework: { type: 'string' },
            status: { type: 'string', enum: ['success', 'error'] },
            min_latency_ms: { type: 'number', minimum: 0 },
            max_latency_ms: { type: 'number', minimum: 0 },
            min_cost: { type: 'number', minimum: 0, description: 'Dollars' },
            max_cost: { type: 'number', minimum: 0, description: 'Dollars' },
            date_range: { type: 'string', description: 'last_24h, last_7d, last_30d, or an ISO 8601 interval start/end' },
            session_id: { type: 'string', minLength: 1, maxLength: 255, description: 'Traces of one session (OTLP session.id / gen_ai.conversation.id)' },
            user_id: { type: 'string', minLength: 1, maxLength: 255, description: 'Traces of one end user (OTLP user.id)' },
            score_name: { type: 'string', minLength: 1, maxLength: 100, description: 'Traces with a trace-level score of this name' },
            min_score: { type: 'number', description: 'Inclusive lower bound of that score (needs score_name; booleans are 1/0)' },
            max_score: { type: 'number', description: 'Inclusive upper bound of that score (needs score_name)' },
          },
        },
      },
    },
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
    outputSchema: OUTPUT_SCHEMAS.get_trace_context,
    annotations: READS,
    operationId: 'getTrace',
    description:
      'One trace of the project with its nested span tree (root_span with children). Traces over 1000 spans are truncated to 1000 (truncated: true).',
    // The format is checked by the service, not the schema: the spec answers a malformed id with a 400
    // tool error (isError), which a schema refusal (JSON-RPC -32602) would preempt.
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['trace_id'],
      properties: { trace_id: { type: 'string', description: `${TRACE_ID_SCHEMA.description}; another format is a 400 tool error` } },
    },
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
