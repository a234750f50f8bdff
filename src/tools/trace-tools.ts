import { readGrantOf } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { SpanNode } from '../domain/traces/trace-context-service.js';
import { traceUrl } from '../domain/traces/trace-links.js';
import type { Services } from '../services.js';
import type { TraceRecord } from '../ports/traces.js';
import type { JsonSchema, ToolDefinition } from './tool-definition.js';

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

const toSpanResult = (s: SpanNode): ContextSpanResult => ({
  span_id: s.spanId,
  span_type: s.spanType,
  name: s.name,
  status: s.status,
  latency_ms: s.latencyMs,
  start_time: s.startTime ? s.startTime.toISOString() : null,
  input: s.input,
  output: s.output,
  error: s.error,
  metadata: s.metadata,
  children: s.children.map(toSpanResult),
});

/**
 * log_trace, search_traces and get_trace_context: thin adapters from the tool interface's snake_case
 * shapes to the same trace services REST uses. Failures are the services' ProblemErrors.
 */
export function traceTools(services: Services, config: Config): ToolDefinition[] {
  const summary = (t: TraceRecord): TraceSummaryResult => ({
    trace_id: t.id,
    name: t.name,
    status: t.status,
    created_at: t.createdAt.toISOString(),
    latency_ms: t.latencyMs,
    error_message: t.errorMessage,
    cost: t.cost,
    framework: t.framework,
    agent_name: t.agentName,
    url: traceUrl(config.publicBaseUrl, t.id),
  });

  const logTrace: ToolDefinition = {
    name: 'log_trace',
    requiredScopes: ['observability:write'],
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
    async handler(input, context) {
      const trace = await services.traceIngestion.ingest(context.project.id, input);
      return { trace_id: trace.id, span_count: trace.spanCount, status: 'created', url: traceUrl(config.publicBaseUrl, trace.id) };
    },
  };

  const searchTraces: ToolDefinition = {
    name: 'search_traces',
    description:
      'Full-text search over trace names, error messages, span names and metadata of the project; every word must match, most relevant first. ' +
      'Returns trace summaries, total_count and has_more; total_count_exact is false when there were too many matches to count ' +
      '(total_count is then a lower bound).',
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words to find' },
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
          },
        },
      },
    },
    async handler(input, context) {
      const result = await services.traceSearch.search(context.project.id, input as { query: unknown });
      return {
        traces: result.traces.map(summary),
        total_count: result.totalCount,
        total_count_exact: result.totalCountExact,
        has_more: result.hasMore,
      };
    },
  };

  const getTraceContext: ToolDefinition = {
    name: 'get_trace_context',
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
    async handler(input, context) {
      const grant = readGrantOf(context.principal);
      const { trace, roots, truncated } = await services.traceContext.get(context.project.id, input.trace_id as string, grant);
      const [root, ...otherRoots] = roots.map(toSpanResult);
      return {
        trace_id: trace.id,
        name: trace.name,
        status: trace.status,
        created_at: trace.createdAt.toISOString(),
        root_span: root ?? null,
        // Further root-level spans, when the trace has more than one root (rare).
        other_root_spans: otherRoots,
        span_count: trace.spanCount,
        total_latency_ms: trace.latencyMs,
        total_cost: trace.cost,
        framework: trace.framework,
        agent_name: trace.agentName,
        error_message: trace.errorMessage,
        truncated,
        url: traceUrl(config.publicBaseUrl, trace.id),
      };
    },
  };

  return [logTrace, searchTraces, getTraceContext];
}
